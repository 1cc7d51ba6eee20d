import { escapeHtml, partTypesResponse, sitemapBattlestations, sitemapFileOf, sitemapParts, sitemapSummary } from '@battledeck/shared/contract';
import type { z } from 'zod';

/**
 * What the site tells crawlers (ADR 025): robots.txt, and /sitemap.xml with its files, written from the
 * API's sitemap calls. Addresses are on the configured public origin only, never on a request's Host.
 */

/** Crawl the public pages and photos; not the API, the sign-in forms, signed-in pages, or search results. */
export function robotsTxt(publicOrigin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /embed/',
    'Disallow: /login',
    'Disallow: /register',
    'Disallow: /profile',
    'Disallow: /admin',
    'Disallow: /battlestations/new',
    'Disallow: /battlestations/*/edit',
    // Every search term is a page of its own: an endless space that says nothing the stations' pages do not.
    'Disallow: /*searchTerm=',
    '',
    `Sitemap: ${publicOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** A sitemap file of the site, by its path. */
export type SitemapPath = { kind: 'index' } | { kind: 'pages' } | { kind: 'battlestations' | 'parts'; file: number };

/** The sitemap file a path names, or null. */
export function sitemapPath(pathname: string): SitemapPath | null {
  if (pathname === '/sitemap.xml') return { kind: 'index' };
  if (pathname === '/sitemaps/pages.xml') return { kind: 'pages' };
  const match = /^\/sitemaps\/(battlestations|parts)-(\d{1,6})\.xml$/.exec(pathname);
  return match ? { kind: match[1] as 'battlestations' | 'parts', file: Number(match[2]) } : null;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The API's answer at `path`, or null for a 404 (a sitemap file past the last id). */
async function apiJson<T>(apiOrigin: string, path: string, schema: z.ZodType<T>): Promise<T | null> {
  const response = await fetch(`${apiOrigin.replace(/\/$/, '')}/api${path}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return schema.parse(await response.json());
}

/** The API's answer at `path`, which is always there. */
async function apiAnswer<T>(apiOrigin: string, path: string, schema: z.ZodType<T>): Promise<T> {
  const answer = await apiJson(apiOrigin, path, schema);
  if (answer === null) throw new Error(`${path} answered 404`);
  return answer;
}

/** How many files a kind has, from the last id (ids 1 … last fall in files 0 … its file). */
const filesUpTo = (lastId: number) => (lastId > 0 ? sitemapFileOf(lastId) + 1 : 0);

function urlSet(urls: { path: string; lastmod?: string }[], publicOrigin: string): string {
  const entries = urls.map(({ path, lastmod }) => `<url><loc>${escapeHtml(publicOrigin + path)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</url>`);
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * The XML of a sitemap file, or null when there is no such file (the API's 404 past the last id). The index
 * lists the public pages' file and one file per range of ids; every range scan is the API's (public stations only).
 */
export async function sitemapXml(where: SitemapPath, origins: { apiOrigin: string; publicOrigin: string }): Promise<string | null> {
  const { apiOrigin, publicOrigin } = origins;
  switch (where.kind) {
    case 'index': {
      const { lastBattlestationId, lastPartId } = await apiAnswer(apiOrigin, '/sitemap', sitemapSummary);
      const files = [
        '/sitemaps/pages.xml',
        ...Array.from({ length: filesUpTo(lastBattlestationId) }, (_, file) => `/sitemaps/battlestations-${file}.xml`),
        ...Array.from({ length: filesUpTo(lastPartId) }, (_, file) => `/sitemaps/parts-${file}.xml`),
      ];
      const entries = files.map((path) => `<sitemap><loc>${escapeHtml(publicOrigin + path)}</loc></sitemap>`);
      return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`;
    }
    case 'pages': {
      const types = await apiAnswer(apiOrigin, '/parts/types', partTypesResponse);
      const paths = ['/', '/battlestations', '/parts', ...types.map((type) => `/parts/${encodeURIComponent(type.type_path)}`)];
      return urlSet(paths.map((path) => ({ path })), publicOrigin);
    }
    case 'battlestations': {
      const file = await apiJson(apiOrigin, `/sitemap/battlestations?file=${where.file}`, sitemapBattlestations);
      return file && urlSet(file.battlestations.map((row) => ({ path: `/battlestations/${row.battlestation_id}`, lastmod: row.updated_date })), publicOrigin);
    }
    case 'parts': {
      const file = await apiJson(apiOrigin, `/sitemap/parts?file=${where.file}`, sitemapParts);
      return file && urlSet(file.parts.map((row) => ({ path: `/parts/view/${row.part_id}` })), publicOrigin);
    }
  }
}
