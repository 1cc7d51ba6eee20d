import { createHash } from 'node:crypto';
import { battlestationDetail, ID_MAX, thumbnailName, type z } from '@battledeck/shared/contract';
import { countLabel, escapeHtml } from '@battledeck/shared/format';

/**
 * The embeddable card of a public station (issue 20, ADR 018): a tiny server-rendered page other sites put
 * in an iframe (the oEmbed answer's html). No scripts; every text escaped; its own headers allow framing
 * by anyone, which no other page of the site does. Private and unknown stations are a 404 page.
 */

/** What the card shows, read from the anonymous station call (a private station answers 404 there). */
const embedStation = battlestationDetail.pick({ battlestation_id: true, name: true, username: true, part_count: true, images: true, image_sizes: true });
export type EmbedStation = z.infer<typeof embedStation>;

/** The card's address: `/embed/battlestations/{id}`, the id a positive whole number up to the largest id. */
export function embedStationId(pathname: string): number | null {
  const match = /^\/embed\/battlestations\/(\d{1,10})\/?$/.exec(pathname);
  const id = match ? Number(match[1]) : 0;
  return id >= 1 && id <= ID_MAX ? id : null;
}

const CSS = [
  '*{box-sizing:border-box}',
  'html,body{margin:0;height:100%}',
  'body{font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}',
  '.card{display:flex;flex-direction:column;height:100%;border:1px solid #d0d7de;border-radius:10px;overflow:hidden}',
  '.photo{flex:1 1 auto;min-height:0;background:#f0f2f4}',
  '.photo img{display:block;width:100%;height:100%;object-fit:cover}',
  '.text{padding:10px 14px 12px}',
  'h1{margin:0 0 2px;font-size:17px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}',
  'p{margin:0 0 8px;color:#57606a}',
  'a{color:#0b57d0;font-weight:600}',
  'a:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}',
  '@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}.card{border-color:#30363d}p{color:#9198a1}a{color:#6cb6ff}}',
].join('');

/** The card's stylesheet is its only inline content: the CSP allows it by hash, nothing else inline. */
const CSS_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

/** Origins of an absolute image base URL (a CDN); a path (/images) is this origin. */
function imageSources(imageBaseUrl: string): string[] {
  return /^https?:\/\//i.test(imageBaseUrl) ? ["'self'", new URL(imageBaseUrl).origin] : ["'self'"];
}

/**
 * The card's headers, replacing the site's CSP and X-Frame-Options for this route only: anyone may frame
 * it; it loads nothing but its photo (no script, no font, no connection), its one inline stylesheet by hash.
 * No frame-ancestors at all: `*` would still refuse ancestors with an opaque origin (a sandboxed or srcdoc
 * frame, as some blogs wrap oEmbed html in), and the card has nothing a framing page could abuse.
 */
export function embedCardHeaders(imageBaseUrl: string): Record<string, string> {
  const directives = [
    "default-src 'none'",
    `img-src ${imageSources(imageBaseUrl).join(' ')}`,
    `style-src ${CSS_HASH}`,
    "base-uri 'none'",
    "form-action 'none'",
  ];
  return { 'Content-Security-Policy': directives.join('; ') };
}

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title><style>${CSS}</style></head><body>${body}</body></html>`
  );
}

/** The card: the first photo's thumbnail, the name, the owner, the part count and a link that opens the station in a new tab. */
export function embedCardHtml(station: EmbedStation, imageBaseUrl: string): string {
  const href = `/battlestations/${station.battlestation_id}`;
  const first = station.images[0];
  const size = station.image_sizes?.[0];
  const thumbWidth = size ? Math.min(640, size.width) : undefined;
  const dimensions = size && thumbWidth ? ` width="${thumbWidth}" height="${Math.round((size.height * thumbWidth) / size.width)}"` : '';
  const photo = first
    ? `<div class="photo"><img src="${escapeHtml(`${imageBaseUrl}/battlestations/${encodeURIComponent(thumbnailName(first))}`)}" alt="${escapeHtml(`Photo of ${station.name}`)}"${dimensions}></div>`
    : '';
  const body =
    `<article class="card">${photo}<div class="text">` +
    `<h1>${escapeHtml(station.name)}</h1>` +
    `<p>by ${escapeHtml(station.username)} · ${escapeHtml(countLabel(station.part_count, 'part'))}</p>` +
    `<a href="${href}" target="_blank" rel="noopener" aria-label="${escapeHtml(`View on Battledeck: ${station.name} (opens in a new tab)`)}">View on Battledeck</a>` +
    '</div></article>';
  return page(`${station.name} on Battledeck`, body);
}

/** The card of a station that is private, unknown or unavailable: a framed page that says so. */
export function embedMessageHtml(message: string): string {
  return page('Battledeck', `<article class="card"><div class="text"><p>${escapeHtml(message)}</p><a href="/" target="_blank" rel="noopener">Battledeck</a></div></article>`);
}

export const EMBED_MESSAGES = {
  notFound: "This battlestation can't be shown.",
  unavailable: 'This battlestation cannot be loaded right now.',
} as const;

/** The station as an anonymous visitor sees it, through the API (null: no such public station). */
export async function fetchEmbedStation(apiOrigin: string, id: number): Promise<EmbedStation | null> {
  const response = await fetch(`${apiOrigin.replace(/\/$/, '')}/api/battlestations/id/${id}`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(5000),
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`the station call answered ${response.status}`);
  return embedStation.parse(await response.json());
}

/**
 * The oEmbed discovery tag of a station page (`/battlestations/{id}`), for its server-rendered head, or '' for
 * any other page. Only public stations are rendered on the server, so a private one never gets it.
 */
export function oembedDiscoveryLink(publicOrigin: string, pathname: string, title: string): string {
  const match = /^\/battlestations\/(\d{1,10})\/?$/.exec(pathname);
  if (!match || Number(match[1]) < 1 || Number(match[1]) > ID_MAX) return '';
  const pageUrl = `${publicOrigin}/battlestations/${Number(match[1])}`;
  const href = `${publicOrigin}/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;
  return `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(href)}" title="${escapeHtml(title)}">`;
}
