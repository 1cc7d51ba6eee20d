import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageTitle } from '@battledeck/shared/format';
import { withProductionReact } from './ssr/production-react';
import { inlineStyles, shellStyleFiles } from './ssr/shell-styles';

/**
 * Writes dist/home.html: the built index.html with the home page's first render inside #root and the
 * shell's styles inlined, so the frame and the hero paint from the HTML alone; the app then hydrates it.
 * Runs after the browser build and the prerender build (webpack.prerender.js).
 */
export function writeHomePage(shellDir: string): void {
  const dist = path.join(shellDir, 'dist');
  const prerender = path.join(shellDir, 'dist-ssr', 'prerender.js');
  delete require.cache[require.resolve(prerender)];
  // Built moments ago by this same run: loaded fresh, at run time.
  // In production mode, like the site server's render in this same process (`npm start` builds, then serves).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { renderPage } = withProductionReact(() => require(prerender) as { renderPage(url: string): string });

  // React puts resource hints (an image preload) before the markup: they belong in <head>.
  const rendered = renderPage('/');
  const hints = /^(?:<link [^>]*>)*/.exec(rendered)?.[0] ?? '';
  const markup = rendered.slice(hints.length);
  const styles = inlineStyles(shellStyleFiles(dist));

  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!index.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to prerender into');
  const home = index
    .replace(/<title>[^<]*<\/title>/, `<title>${pageTitle('Home')}</title>`)
    .replace('</head>', () => `${hints}${styles}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  writeFileSync(path.join(dist, 'home.html'), home);
}
