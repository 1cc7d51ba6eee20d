import { render } from '@testing-library/react';
import { UploadsChart } from './uploads-chart';

/** 30 days from 11.01, one upload each. */
const DAYS = Array.from({ length: 30 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, count: 1 }));

/** The labelled days, as indexes into DAYS, for a chart `width` px wide. */
function labelledAt(width: number) {
  const clientWidth = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  try {
    const { container, unmount } = render(<UploadsChart days={DAYS} />);
    const labels = Array.from(container.querySelectorAll('[aria-hidden="true"] > span'), (span) => span.textContent);
    unmount();
    return labels.map((label) => DAYS.findIndex((day) => `${day.date.slice(5, 7)}.${day.date.slice(8)}` === label));
  } finally {
    clientWidth.mockRestore();
  }
}

// UX review: on a 390 px phone the labels of days 25 and 29 ('12.04' and '12.08') ran into each other.
describe('the uploads chart’s day labels', () => {
  it('on a phone leave out day 25, too close to the last day, and keep the first and last', () => {
    const days = labelledAt(324);
    expect(days).toEqual([0, 5, 10, 15, 20, 29]);
  });

  it.each([250, 324, 500, 700, 1000])('never label two days less than 5 days apart (chart %i px wide)', (width) => {
    const days = labelledAt(width);
    expect(days[0]).toBe(0);
    expect(days.at(-1)).toBe(29);
    days.slice(1).forEach((day, i) => expect(day - days[i]).toBeGreaterThanOrEqual(5));
  });
});
