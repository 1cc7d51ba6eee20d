import { absoluteDate, parseTimestamp, relativeTime } from './dates';

describe('relativeTime (SPEC §9)', () => {
  const now = new Date(2026, 10, 21, 15, 30, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;

  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [MIN, '1 minute ago'],
    [59 * MIN, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR + 59 * MIN, '23 hours ago'],
  ])('%i ms ago reads %s', (elapsed, text) => {
    expect(relativeTime(ago(elapsed), now)).toBe(text);
  });

  it('says Yesterday for the previous calendar day once a day has passed', () => {
    expect(relativeTime(new Date(2026, 10, 20, 9, 0), now)).toBe('Yesterday');
  });

  it('counts calendar days beyond yesterday', () => {
    expect(relativeTime(new Date(2026, 10, 19, 23, 0), now)).toBe('2 days ago');
    expect(relativeTime(new Date(2026, 9, 22, 12, 0), now)).toBe('30 days ago');
  });

  it('treats a future timestamp (clock skew) as just now', () => {
    expect(relativeTime(new Date(now.getTime() + 5 * MIN), now)).toBe('Just now');
  });
});

describe('parseTimestamp (decision 12)', () => {
  it('keeps an explicit offset', () => {
    expect(parseTimestamp('2026-01-02T03:04:05Z').toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parseTimestamp('2026-01-02T03:04:05+02:00').toISOString()).toBe('2026-01-02T01:04:05.000Z');
  });

  it('reads a timestamp without an offset as -07:00', () => {
    expect(parseTimestamp('2026-01-02 03:04:05').toISOString()).toBe('2026-01-02T10:04:05.000Z');
  });
});

describe('absoluteDate', () => {
  it('formats MM.DD.YYYY with zero padding', () => {
    expect(absoluteDate(new Date(2026, 0, 5, 12))).toBe('01.05.2026');
    expect(absoluteDate(new Date(2026, 11, 31, 12))).toBe('12.31.2026');
  });
});

describe('dates in UTC (server rendering, ADR 012)', () => {
  it('formats the calendar date and counts days in UTC when asked', () => {
    const late = new Date(Date.UTC(2026, 0, 2, 23, 30));
    expect(absoluteDate(late, 'utc')).toBe('01.02.2026');
    expect(relativeTime(new Date(Date.UTC(2026, 0, 1, 12)), new Date(Date.UTC(2026, 0, 3, 0, 30)), 'utc')).toBe('2 days ago');
  });
});
