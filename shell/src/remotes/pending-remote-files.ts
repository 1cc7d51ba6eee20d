/**
 * A remote whose file hangs leaves its <script> (or stylesheet <link>) in the page while the browser waits.
 * The federation runtime and webpack's chunk loader both reuse an element with the same URL instead of
 * requesting the file again, so "Try again" would wait on the hung request (20 s for an entry, 120 s for a
 * chunk). Before a retry the remote's unfinished elements are removed, so the retry requests anew.
 *
 * Finished scripts are already gone (both loaders remove them once loaded or failed); a loaded stylesheet
 * has its `sheet` and is kept.
 */
export function removePendingRemoteFiles(baseUrl: string, doc: Document = document): number {
  const base = new URL(baseUrl, doc.baseURI).href;
  const under = (url: string | null) => url !== null && new URL(url, doc.baseURI).href.startsWith(base);
  let removed = 0;
  for (const script of Array.from(doc.querySelectorAll('script[src]'))) {
    if (!under(script.getAttribute('src'))) continue;
    script.remove();
    removed += 1;
  }
  for (const link of Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href]'))) {
    if (link.sheet || !under(link.getAttribute('href'))) continue;
    link.remove();
    removed += 1;
  }
  return removed;
}

/** The folder a remote's files are served from: its manifest's URL without the file name. */
export function remoteBaseUrl(manifestUrl: string): string {
  return manifestUrl.replace(/[^/]*$/, '');
}
