import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A built CSS file: its name as the bundle's chunk loader asks for it, and its text. */
export interface StyleFile {
  name: string;
  text: string;
}

const withoutSourceMapComment = (css: string) => css.replace(/\/\*# sourceMappingURL=.*?\*\//g, '').trim();

/** The shell build's CSS files, for inlining into a page (no stylesheet request blocks the first paint). */
export function shellStyleFiles(dist: string): StyleFile[] {
  return readdirSync(dist)
    .filter((file) => file.endsWith('.css'))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(dist, name), 'utf8') }));
}

/**
 * Style tags for inlined CSS files, each marked with its file's name in `data-href`: the chunk loader
 * (mini-css-extract's runtime) finds a style tag with the name of the stylesheet a chunk needs and does not
 * fetch it again, which would restyle and lay out the whole page a second time while it starts. Chunks that
 * share a module carry the same CSS under their own names: that text is inlined once, and its other names
 * get an empty tag that only says the file is here.
 */
export function inlineStyles(files: readonly StyleFile[]): string {
  const seen = new Set<string>();
  return files
    .map(({ name, text }) => {
      const css = withoutSourceMapComment(text);
      const first = !seen.has(css);
      seen.add(css);
      // Our own build's file names ([name].[contenthash].css); quoted all the same, as everything put in HTML.
      return `<style data-href="${name.replace(/[^\w./-]/g, '')}">${first ? css : ''}</style>`;
    })
    .join('');
}
