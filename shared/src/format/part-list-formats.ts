import type { PartListSource } from './part-list';
import { toCsv, toJson, toPlainText } from './part-list-data';
import { toBbcode, toHtmlTable, toRedditMarkdown } from './part-list-markup';

export type PartListFormat = 'reddit' | 'bbcode' | 'html' | 'text' | 'csv' | 'json';

export interface PartListFormatInfo {
  value: PartListFormat;
  label: string;
  /** The downloaded file's extension and type. */
  extension: string;
  mimeType: string;
  render: (source: PartListSource) => string;
}

/** The Copy Part List dialog's formats, in the order it offers them. */
export const PART_LIST_FORMATS: readonly PartListFormatInfo[] = [
  { value: 'reddit', label: 'Reddit Markdown', extension: 'md', mimeType: 'text/markdown;charset=utf-8', render: toRedditMarkdown },
  { value: 'bbcode', label: 'BBCode', extension: 'txt', mimeType: 'text/plain;charset=utf-8', render: toBbcode },
  { value: 'html', label: 'HTML table', extension: 'html', mimeType: 'text/html;charset=utf-8', render: toHtmlTable },
  { value: 'text', label: 'Plain text', extension: 'txt', mimeType: 'text/plain;charset=utf-8', render: toPlainText },
  { value: 'csv', label: 'CSV', extension: 'csv', mimeType: 'text/csv;charset=utf-8;header=present', render: toCsv },
  { value: 'json', label: 'JSON', extension: 'json', mimeType: 'application/json;charset=utf-8', render: toJson },
];

/**
 * The download's file name: the station's name as a slug (letters and digits, accents dropped, at most 60
 * characters), its id and the format, e.g. `night-owl-7-parts-bbcode.txt`. Never a path or a hidden file.
 */
export function partListFileName(source: Pick<PartListSource, 'name' | 'battlestationId'>, format: PartListFormatInfo): string {
  const slug = source.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  const kind = format.value === 'bbcode' ? '-bbcode' : '';
  return `${slug || 'battlestation'}-${source.battlestationId}-parts${kind}.${format.extension}`;
}
