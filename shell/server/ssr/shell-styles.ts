import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The shell build's CSS for inlining into a page (no stylesheet request blocks the first paint): every file
 * of `dist`, each distinct text once (chunks that share a module carry the same CSS under their own names).
 */
export function shellStyles(dist: string): string {
  const texts = readdirSync(dist)
    .filter((file) => file.endsWith('.css'))
    .sort()
    .map((file) => readFileSync(path.join(dist, file), 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\//g, '').trim());
  return [...new Set(texts)].join('\n');
}
