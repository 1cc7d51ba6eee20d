// Runs drizzle-kit, which npm hoists to the root node_modules while it keeps drizzle-orm under
// api/node_modules: drizzle-kit's own `import('drizzle-orm/…')` and `require('drizzle-orm')` would then fail
// ("Please install latest version of drizzle-orm"). Point both module systems at this workspace's copy.
import Module, { createRequire, register } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiModules = fileURLToPath(new URL('../node_modules', import.meta.url));
process.env.NODE_PATH = [apiModules, process.env.NODE_PATH].filter(Boolean).join(path.delimiter);
Module._initPaths(); // re-reads NODE_PATH for CommonJS require
register(new URL('./drizzle-orm-resolver.mjs', import.meta.url)); // ES import() ignores NODE_PATH

const require = createRequire(import.meta.url);
require(path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs'));
