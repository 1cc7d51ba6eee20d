import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Brotli (`.br`) and gzip (`.gz`) siblings of a build's text files, written once at build time at the
 * highest levels, so the site server sends compressed files straight from disk and compresses nothing per
 * request. Source maps are never served, so never compressed; files under 1 KB gain too little.
 */
const TEXT_TYPES = new Set(['.js', '.css', '.html', '.json', '.svg', '.txt']);
const MIN_BYTES = 1024;

export function shouldPrecompress(file: string, size: number): boolean {
  return TEXT_TYPES.has(path.extname(file)) && size >= MIN_BYTES;
}

/** Writes `<file>.br` and `<file>.gz` beside every text file under `dir`; returns how many files it compressed. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (!shouldPrecompress(file, statSync(file).size)) continue;
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
    );
    writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }));
    count += 1;
  }
  return count;
}
