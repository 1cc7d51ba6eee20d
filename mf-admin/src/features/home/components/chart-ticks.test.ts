import { LABEL_EVERY, LABEL_GAP, labelledDays, tickExtent } from './chart-ticks';

describe('labelledDays', () => {
  it('labels every fifth day and the last, leaving out day 25 of 30 (on a phone it ran into day 29)', () => {
    expect(labelledDays(30, 324)).toEqual([0, 5, 10, 15, 20, 29]);
    expect(labelledDays(30, 900)).toEqual([0, 5, 10, 15, 20, 29]);
    expect(labelledDays(31, 900)).toEqual([0, 5, 10, 15, 20, 25, 30]);
  });

  it('leaves out a label that would touch the one before it on a narrow chart (the first is pinned to the edge)', () => {
    expect(labelledDays(30, 250)).toEqual([0, 10, 15, 20, 29]);
  });

  it.each([7, 14, 30, 31, 90])('never labels two of %i days less than five days apart or closer than a word space, on any width; always the last', (count) => {
    for (let width = 120; width <= 1600; width += 1) {
      const days = labelledDays(count, width);
      expect(days.at(-1)).toBe(count - 1);
      days.slice(1).forEach((day, i) => {
        expect(day - days[i]).toBeGreaterThanOrEqual(LABEL_EVERY);
        expect(tickExtent(day, count, width)[0] - tickExtent(days[i], count, width)[1]).toBeGreaterThanOrEqual(LABEL_GAP);
      });
    }
  });

  it('labels the only day of a one-day chart, and nothing without days', () => {
    expect(labelledDays(1, 300)).toEqual([0]);
    expect(labelledDays(0, 300)).toEqual([]);
  });
});
