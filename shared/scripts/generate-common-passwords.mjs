// Writes src/contract/common-passwords.json: the 10,000 most common passwords (decision 26), lower-cased,
// taken from @zxcvbn-ts/language-common's frequency-ranked list. Run after upgrading that package:
//   node shared/scripts/generate-common-passwords.mjs
// src/contract/common-passwords.test.ts fails when the file and the package disagree.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const COUNT = 10_000;
const require = createRequire(import.meta.url);
const ranked = require('@zxcvbn-ts/language-common').dictionary['passwords-common'];
const top = ranked.slice(0, COUNT).map((password) => password.toLowerCase());
const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/contract/common-passwords.json');
// One entry per line, so an upgrade shows as a readable diff.
writeFileSync(target, `[\n${top.map((password) => `  ${JSON.stringify(password)}`).join(',\n')}\n]\n`);
console.info(`wrote ${top.length} passwords to ${path.relative(process.cwd(), target)}`);
