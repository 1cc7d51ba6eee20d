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

/** What a page's style tags already hold: the CSS texts inlined, and the file names tagged. */
export interface InlinedStyles {
  texts: Set<string>;
  names: Set<string>;
}

export const noStylesInlined = (): InlinedStyles => ({ texts: new Set(), names: new Set() });

/**
 * Style tags for inlined CSS files, each marked with its file's name in `data-href`: the chunk loader
 * (mini-css-extract's runtime) finds a style tag with the name of the stylesheet a chunk needs and does not
 * fetch it again, which would restyle and lay out the whole page a second time while it starts. Chunks that
 * share a module carry the same CSS under their own names: that text is inlined once, and its other names
 * get an empty tag that only says the file is here. `page` is what the page already holds (the shell's tags,
 * when these are a remote's): the shared package's CSS is in every build, often under the same name, and is
 * inlined once per page. It is updated with what these tags add.
 */
export function inlineStyles(files: readonly StyleFile[], page: InlinedStyles = noStylesInlined()): string {
  return files
    .map(({ name, text }) => {
      // Our own build's file names ([name].[contenthash].css); quoted all the same, as everything put in HTML.
      const href = name.replace(/[^\w./-]/g, '');
      // The same name is the same file (its content hash is in it): the page has its tag already.
      if (page.names.has(href)) return '';
      page.names.add(href);
      const css = withoutSourceMapComment(text);
      const first = !page.texts.has(css);
      page.texts.add(css);
      return `<style data-href="${href}">${first ? css : ''}</style>`;
    })
    .join('');
}
