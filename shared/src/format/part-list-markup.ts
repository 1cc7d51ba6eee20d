import { escapeHtml } from '../contract/html';
import { PART_LIST_COLUMNS, partListRows, stationUrl, type PartListSource } from './part-list';

/** Escapes the characters Reddit Markdown would read as formatting, links or table syntax; whitespace runs become one space. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!|<>~^&]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/**
 * BBCode has no escape character: a square bracket in a name would open a tag. Names keep their look with the
 * full-width brackets, which no forum reads as markup; line breaks become spaces.
 */
export function escapeBbcode(text: string): string {
  return text.replace(/\[/g, '［').replace(/]/g, '］').replace(/\s+/g, ' ');
}

export { escapeHtml };

const markdownLink = (text: string, url: string) => `[${escapeMarkdown(text)}](${url})`;

/** A Reddit Markdown table (Category | Part | Brand | Store link) linking each part's page, then the battlestation's link. */
export function toRedditMarkdown(source: PartListSource): string {
  const rows = partListRows(source).map((row) =>
    [escapeMarkdown(row.category), markdownLink(row.part, row.partUrl), escapeMarkdown(row.brand), row.storeUrl ? markdownLink(row.stores[0].name, row.storeUrl) : ''].join(' | '),
  );
  return [PART_LIST_COLUMNS.join(' | '), ':-- | :-- | :-- | :--', ...rows, '', markdownLink(`${source.name} on Battledeck`, stationUrl(source)), ''].join('\n');
}

/** A BBCode [table] for forums, with [url] links, then the battlestation's link. */
export function toBbcode(source: PartListSource): string {
  const link = (text: string, url: string) => `[url=${url}]${escapeBbcode(text)}[/url]`;
  const cells = (tag: 'th' | 'td', values: string[]) => `[tr]${values.map((value) => `[${tag}]${value}[/${tag}]`).join('')}[/tr]`;
  const rows = partListRows(source).map((row) =>
    cells('td', [escapeBbcode(row.category), link(row.part, row.partUrl), escapeBbcode(row.brand), row.storeUrl ? link(row.stores[0].name, row.storeUrl) : '']),
  );
  return ['[table]', cells('th', [...PART_LIST_COLUMNS]), ...rows, '[/table]', link(`${source.name} on Battledeck`, stationUrl(source)), ''].join('\n');
}

/** An HTML table with the station as its caption; every text and address escaped, links rel="nofollow noopener". */
export function toHtmlTable(source: PartListSource): string {
  const link = (text: string, url: string) => `<a href="${escapeHtml(url)}" rel="nofollow noopener">${escapeHtml(text)}</a>`;
  const rows = partListRows(source).map(
    (row) =>
      `    <tr><td>${escapeHtml(row.category)}</td><td>${link(row.part, row.partUrl)}</td><td>${escapeHtml(row.brand)}</td><td>${row.storeUrl ? link(row.stores[0].name, row.storeUrl) : ''}</td></tr>`,
  );
  return [
    '<table>',
    `  <caption>${link(`${source.name} on Battledeck`, stationUrl(source))}</caption>`,
    `  <thead><tr>${PART_LIST_COLUMNS.map((title) => `<th scope="col">${title}</th>`).join('')}</tr></thead>`,
    '  <tbody>',
    ...rows,
    '  </tbody>',
    '</table>',
    '',
  ].join('\n');
}
