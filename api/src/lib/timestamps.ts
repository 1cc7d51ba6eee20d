/** ISO 8601 with an offset (decision 12): always UTC, written with Z. */
export function toIso(date: Date): string {
  return date.toISOString();
}
