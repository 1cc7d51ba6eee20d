const OFFSET_PATTERN = /(Z|[+-]\d{2}:?\d{2})$/i;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Reads an API timestamp; one without an offset is read as -07:00 (SPEC §9, decision 12). */
export function parseTimestamp(value: string): Date {
  const text = value.trim().replace(' ', 'T');
  return new Date(OFFSET_PATTERN.test(text) ? text : `${text}-07:00`);
}

/**
 * Dates show in the viewer's time zone; 'utc' is for markup rendered on the server, where the zone is not
 * known, and for the browser's hydrating render, which must match it (shared/ui `useHydrated`).
 */
export type TimeZoneChoice = 'local' | 'utc';

function startOfDay(date: Date, zone: TimeZoneChoice): number {
  return zone === 'utc'
    ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
    : new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days between two instants in the viewer's local time. */
function calendarDaysBetween(earlier: Date, later: Date, zone: TimeZoneChoice): number {
  return Math.round((startOfDay(later, zone) - startOfDay(earlier, zone)) / DAY);
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** 'Just now', 'N minutes ago', 'N hours ago', 'Yesterday', 'N days ago' (SPEC §9). */
export function relativeTime(value: string | Date, now: Date = new Date(), zone: TimeZoneChoice = 'local'): string {
  const date = typeof value === 'string' ? parseTimestamp(value) : value;
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  const days = Math.max(1, calendarDaysBetween(date, now, zone));
  return days === 1 ? 'Yesterday' : plural(days, 'day');
}

/** MM.DD.YYYY, zero padded, in the viewer's local time. */
export function absoluteDate(value: string | Date, zone: TimeZoneChoice = 'local'): string {
  const date = typeof value === 'string' ? parseTimestamp(value) : value;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (zone === 'utc') return `${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}.${date.getUTCFullYear()}`;
  return `${pad(date.getMonth() + 1)}.${pad(date.getDate())}.${date.getFullYear()}`;
}
