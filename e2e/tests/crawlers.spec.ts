import { createStation, idToken, registerAccount, uniqueName } from '../lib/test-data';
import { expect, test } from './fixtures';

/**
 * What search engines meet (ADR 025): robots.txt names the sitemap, the sitemap lists every public station
 * and no private one, and a page names its canonical address without the parameters it does not read.
 */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]?.replace(/&#38;/g, '&');

test('robots.txt, the sitemap and canonical addresses: every public station listed, no private one', async ({ request, baseURL }) => {
  const owner = await registerAccount(request, 'sitemap');
  const token = await idToken(request, owner);
  const shown = await createStation(request, token, { name: uniqueName('Sitemap public desk') });
  const hidden = await createStation(request, token, { name: uniqueName('Sitemap private desk'), isPublic: false });

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const robotsText = await robots.text();
  expect(robotsText).toContain('Disallow: /api/');
  const sitemap = /^Sitemap: (.+)$/m.exec(robotsText)?.[1];
  expect(sitemap).toBe(`${baseURL}/sitemap.xml`);

  const index = locs(await (await request.get('/sitemap.xml')).text()).map((loc) => new URL(loc).pathname);
  expect(index).toContain('/sitemaps/pages.xml');
  const stationFiles = index.filter((file) => file.startsWith('/sitemaps/battlestations-'));
  const listed = new Set<string>();
  for (const file of stationFiles) {
    const res = await request.get(file);
    expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
    for (const loc of locs(await res.text())) listed.add(new URL(loc).pathname);
  }
  expect(listed.has(`/battlestations/${shown}`)).toBe(true);
  expect(listed.has(`/battlestations/${hidden}`)).toBe(false);
  // The demo's stations too (other tests add stations meanwhile, so not a count).
  const { battlestations } = (await (await request.get('/api/battlestations', { params: { sortBy: 'created_date', direction: 'asc' } })).json()) as { battlestations: { battlestation_id: number }[] };
  for (const { battlestation_id: id } of battlestations) expect(listed.has(`/battlestations/${id}`)).toBe(true);
  expect(locs(await (await request.get('/sitemaps/pages.xml')).text())).toEqual(expect.arrayContaining([`${baseURL}/`, `${baseURL}/battlestations`, `${baseURL}/parts`, `${baseURL}/parts/cpu`]));

  // Canonical addresses: the page's own, without what it does not read.
  expect(canonicalOf(await (await request.get(`/battlestations/${shown}?utm_source=x`)).text())).toBe(`${baseURL}/battlestations/${shown}`);
  const sorted = canonicalOf(await (await request.get('/battlestations?x=1&direction=asc&sortBy=name&pageNumber=1')).text());
  expect(sorted).toBe(`${baseURL}/battlestations?sortBy=name`);
  expect(canonicalOf(await (await request.get('/parts/cpu?resultsPerPage=24&junk=1')).text())).toBe(`${baseURL}/parts/cpu?resultsPerPage=24`);
  expect(canonicalOf(await (await request.get('/nowhere')).text())).toBeUndefined();
});
