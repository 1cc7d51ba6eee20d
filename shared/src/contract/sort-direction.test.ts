import { naturalDirection } from './sort-direction';

describe('naturalDirection (decision 24)', () => {
  it.each([
    ['favorites', 'asc', 'desc'],
    ['favorites', 'desc', 'desc'],
    ['battlestation_count', 'asc', 'desc'],
    ['name', 'desc', 'asc'],
    ['name', 'asc', 'asc'],
    ['created_date', 'asc', 'asc'],
    ['created_date', 'desc', 'desc'],
  ] as const)('%s from %s is %s', (sort, current, expected) => {
    expect(naturalDirection(sort, current)).toBe(expected);
  });
});
