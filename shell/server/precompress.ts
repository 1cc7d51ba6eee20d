import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Brotli (`.br`) and gzip (`.gz`) siblings of a build's text files, written once at build time at the
 * highest levels, so the site server sends compressed files straight from disk and compresses nothing per
 * request. Source maps are never served, so never compressed; files under 1 KB gain too little.
 */
const TEXT_TYPES = new Set(['.js', '.css', '.html', '.json', '.svg', '.txt']);
const MIN_BYTES = 1024;
const NODE_BUILD_DIR = 'server';

export function shouldPrecompress(file: string, size: number): boolean {
  return TEXT_TYPES.has(path.extname(file)) && size >= MIN_BYTES;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function writeCompressed(file: string): Promise<void> {
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file under `dir`; returns how many files it compressed.
 * zlib's async calls run on libuv's thread pool, so the files compress in parallel on every free core.
 */
export async function precompressDir(dir: string): Promise<number> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    // A remote's Node build (dist/server, ADR 012) is read from disk by the renderer, never sent to a browser.
    .filter((file) => !path.relative(dir, file).startsWith(`${NODE_BUILD_DIR}${path.sep}`))
    .filter((file) => shouldPrecompress(file, statSync(file).size));
  await Promise.all(files.map(writeCompressed));
  return files.length;
}
