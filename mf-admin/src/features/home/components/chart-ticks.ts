import type { CSSProperties } from 'react';

/** A label is "MM.DD" at 12 px: about 3em wide in the widest common sans-serif fonts. */
export const LABEL_WIDTH = 36;
/** At least a word space between two labels. */
export const LABEL_GAP = 4;
/** Every fifth day is labelled, and the last. */
export const LABEL_EVERY = 5;
/** The chart's width on a 320 px phone: assumed until measured, so a first paint errs on fewer labels. */
export const NARROWEST_WIDTH = 250;

/** Where day `index` of `count` puts its label: under its bar, the first and last kept inside the chart's edges. */
export function tickPosition(index: number, count: number): CSSProperties {
  if (index === 0) return { left: 0 };
  if (index === count - 1) return { right: 0 };
  return { left: `${((index + 0.5) / count) * 100}%`, transform: 'translateX(-50%)' };
}

/** The label's left and right edges in pixels on a chart `width` wide (as tickPosition places it). */
export function tickExtent(index: number, count: number, width: number): [number, number] {
  if (index === 0) return [0, LABEL_WIDTH];
  if (index === count - 1) return [width - LABEL_WIDTH, width];
  const centre = ((index + 0.5) / count) * width;
  return [centre - LABEL_WIDTH / 2, centre + LABEL_WIDTH / 2];
}

/**
 * The days to label on a chart `width` px wide: the last day always; then every fifth day from the first,
 * leaving out one less than five days before the last (on a phone, day 25 of 30 ran into day 29) and any
 * whose label would touch the one before it or the last one (a narrow chart).
 */
export function labelledDays(count: number, width: number): number[] {
  if (count <= 0) return [];
  const last = count - 1;
  const lastStart = tickExtent(last, count, width)[0];
  const days: number[] = [];
  let previousEnd = -Infinity;
  for (let index = 0; index < last; index += LABEL_EVERY) {
    const [start, end] = tickExtent(index, count, width);
    if (last - index < LABEL_EVERY || start < previousEnd + LABEL_GAP || end + LABEL_GAP > lastStart) continue;
    days.push(index);
    previousEnd = end;
  }
  return [...days, last];
}
