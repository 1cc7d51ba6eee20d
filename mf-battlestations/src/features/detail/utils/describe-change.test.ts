import type { StationChange } from '@battledeck/shared/contract';
import { describeChange } from './describe-change';

describe('describeChange', () => {
  it.each([
    [{ kind: 'created' }, 'Created this battlestation'],
    [{ kind: 'field', field: 'name', from: 'A', to: 'B' }, 'Changed the title to “B”'],
    [{ kind: 'field', field: 'description' }, 'Changed the description'],
    [{ kind: 'field', field: 'reddit_url', from: 'reddit.com/r/a', to: null }, 'Removed the Reddit link'],
    [{ kind: 'parts_added', parts: [{ part_id: 1, name: 'Oak Desk' }] }, 'Added a part: Oak Desk'],
    [{ kind: 'parts_removed', parts: [{ part_id: 1, name: 'X' }, { part_id: 2, name: 'Y' }] }, 'Removed 2 parts: X, Y'],
    [{ kind: 'photos_added', count: 3 }, 'Added 3 photos'],
    [{ kind: 'photos_removed', count: 1 }, 'Removed a photo'],
    [{ kind: 'photos_reordered' }, 'Reordered photos'],
    [{ kind: 'hotspots_changed' }, 'Updated the part markers on the photos'],
    [{ kind: 'visibility', is_public: true }, 'Made public'],
    [{ kind: 'visibility', is_public: false }, 'Made private'],
  ] satisfies [StationChange, string][])('describes %j as %s', (change, text) => {
    expect(describeChange(change)).toBe(text);
  });
});
