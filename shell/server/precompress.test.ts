import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompressDir } from './precompress';

let dir: string;
const text = 'export const part = "a keyboard";\n'.repeat(100);

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bd-precompress-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const name of ['main.0badc0de.js', 'assets/style.css', 'index.html', 'mf-manifest.json', 'icon.svg', 'notes.txt', 'main.0badc0de.js.map', 'photo.png']) {
    writeFileSync(path.join(dir, name), text);
  }
  writeFileSync(path.join(dir, 'tiny.js'), 'self.x = 1;');
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'server', 'remoteEntry.js'), text);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('writes brotli and gzip siblings of text files that decompress to the same bytes', async () => {
  expect(await precompressDir(dir)).toBe(6);
  for (const name of ['main.0badc0de.js', 'assets/style.css', 'index.html', 'mf-manifest.json', 'icon.svg', 'notes.txt']) {
    const file = path.join(dir, name);
    expect(zlib.brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(text);
    expect(zlib.gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(text);
  }
});

it('skips source maps, binary types, files under 1 KB and the Node build in server/', async () => {
  await precompressDir(dir);
  for (const name of ['main.0badc0de.js.map', 'photo.png', 'tiny.js', 'server/remoteEntry.js']) {
    expect([name, existsSync(path.join(dir, `${name}.br`)), existsSync(path.join(dir, `${name}.gz`))]).toEqual([name, false, false]);
  }
});

it('does not compress its own output again when run twice', async () => {
  await precompressDir(dir);
  expect(await precompressDir(dir)).toBe(6);
  expect(existsSync(path.join(dir, 'index.html.br.br'))).toBe(false);
});
