import { PART_LIST_COLUMNS, partListRows, stationUrl, type PartListSource } from './part-list';

/**
 * One RFC 4180 field: quoted when it holds a comma, quote or line break (quotes doubled). A leading
 * =, +, - or @ is neutralised so spreadsheets do not run it as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV: a header row (category, part, brand, store link), one part per line, then the battlestation's link; CRLF line ends. */
export function toCsv(source: PartListSource): string {
  const rows = [
    [...PART_LIST_COLUMNS],
    ...partListRows(source).map((row) => [row.category, row.part, row.brand, row.storeUrl]),
    ['Battlestation', source.name, 'Battledeck', stationUrl(source)],
  ];
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Plain text: the station and its link, then one line per part ('Category: Part (Brand)') with its store link. */
export function toPlainText(source: PartListSource): string {
  const lines = partListRows(source).map((row) => {
    const brand = row.brand ? ` (${oneLine(row.brand)})` : '';
    return `${oneLine(row.category)}: ${oneLine(row.part)}${brand}${row.storeUrl ? ` - ${row.storeUrl}` : ''}`;
  });
  return [`${oneLine(source.name)} on Battledeck`, stationUrl(source), '', ...lines, ''].join('\n');
}

/** JSON: the station and every part with its page and all its store links (http(s) only). */
export function toJson(source: PartListSource): string {
  const parts = partListRows(source).map((row) => ({ category: row.category, name: row.part, brand: row.brand, url: row.partUrl, stores: row.stores }));
  return `${JSON.stringify({ battlestation: { id: source.battlestationId, name: source.name, url: stationUrl(source) }, parts }, null, 2)}\n`;
}
