import type { BattlestationPart } from '../contract/battlestations';

/** What the copied part list links to: the station and each part's page, as absolute URLs. */
export interface PartListSource {
  name: string;
  battlestationId: number;
  parts: Pick<BattlestationPart, 'part_id' | 'name' | 'type_name'>[];
  /** The site's origin, e.g. https://battledeck.example. */
  origin: string;
}

const stationUrl = (s: PartListSource) => `${s.origin}/battlestations/${s.battlestationId}`;
const partUrl = (s: PartListSource, partId: number) => `${s.origin}/parts/view/${partId}`;

/** Escapes the characters Reddit Markdown would read as formatting or table syntax. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!|<>~]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/** A Reddit Markdown table (Type | Part) linking each part's page, then a link to the battlestation. */
export function toRedditMarkdown(source: PartListSource): string {
  const rows = source.parts.map(
    (part) => `${escapeMarkdown(part.type_name)} | [${escapeMarkdown(part.name)}](${partUrl(source, part.part_id)})`,
  );
  return [
    'Type | Part',
    ':-- | :--',
    ...rows,
    '',
    `[${escapeMarkdown(source.name)} on Battledeck](${stationUrl(source)})`,
    '',
  ].join('\n');
}

/**
 * One RFC 4180 field: quoted when it holds a comma, quote or line break (quotes doubled). A leading
 * =, +, - or @ is neutralised so spreadsheets do not run it as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV with a header row: one part per line, then the battlestation's link. CRLF line ends. */
export function toCsv(source: PartListSource): string {
  const rows = [
    ['Type', 'Part', 'Link'],
    ...source.parts.map((part) => [part.type_name, part.name, partUrl(source, part.part_id)]),
    ['Battlestation', source.name, stationUrl(source)],
  ];
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
