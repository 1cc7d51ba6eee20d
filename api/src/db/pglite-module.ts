import type { createRequire as CreateRequire } from 'node:module';
import vm from 'node:vm';
import type * as PgliteModule from '@electric-sql/pglite';
import type * as TrgmModule from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PGlite's CommonJS build loads its WebAssembly and extension bundles with dynamic `import()`, which
 * Jest's module sandbox refuses without --experimental-vm-modules (electric-sql/pglite#224), and Jest
 * also hands tests its own `createRequire`. So PGlite is loaded by Node's real loader, reached from
 * Node's main context (a constant expression, evaluated once). Outside Jest this is the ordinary require.
 */
const realCreateRequire = vm.runInThisContext("process.getBuiltinModule('node:module').createRequire") as typeof CreateRequire;
const nativeRequire = realCreateRequire(__filename);

export const { PGlite } = nativeRequire('@electric-sql/pglite') as typeof PgliteModule;
export type PGlite = PgliteModule.PGlite;
export const { pg_trgm } = nativeRequire('@electric-sql/pglite/contrib/pg_trgm') as typeof TrgmModule;
