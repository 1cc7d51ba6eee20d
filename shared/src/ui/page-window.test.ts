import { clampPage, isPastTheEnd, pageWindow, totalPages } from './page-window';

describe('pageWindow (SPEC "Public browse" pagination)', () => {
  it('shows every page when there are 10 or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('near the start: 1-5, ellipsis, last', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageWindow(4, 11)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 11]);
  });

  it('in the middle: first, ellipsis, current-2..current+2, ellipsis, last', () => {
    expect(pageWindow(5, 20)).toEqual([1, 'ellipsis-start', 3, 4, 5, 6, 7, 'ellipsis-end', 20]);
    expect(pageWindow(10, 20)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20]);
    expect(pageWindow(16, 20)).toEqual([1, 'ellipsis-start', 14, 15, 16, 17, 18, 'ellipsis-end', 20]);
  });

  it('near the end: first, ellipsis, current-2..last', () => {
    expect(pageWindow(17, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'ellipsis-start', 18, 19, 20]);
  });

  it('clamps an out-of-range current page', () => {
    expect(pageWindow(99, 20)).toEqual([1, 'ellipsis-start', 18, 19, 20]);
    expect(pageWindow(-3, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
  });
});

describe('totalPages and clampPage', () => {
  it('rounds up and never goes below one page', () => {
    expect(totalPages(0, 12)).toBe(1);
    expect(totalPages(12, 12)).toBe(1);
    expect(totalPages(13, 12)).toBe(2);
  });

  it('says a page is past the end only for a list that has rows', () => {
    expect([isPastTheEnd(2, 12, 12), isPastTheEnd(2, 13, 12), isPastTheEnd(3, 13, 12), isPastTheEnd(5, 0, 12)]).toEqual([true, false, true, false]);
  });

  it('keeps page changes between 1 and the last page', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(6, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });
});
