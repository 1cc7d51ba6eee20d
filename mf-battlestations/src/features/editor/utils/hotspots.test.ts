import type { PhotoItem } from './form-schema';
import { createPayload } from './form-changes';
import { clampPosition, hotspotSignature, hotspotsPayload, nextPartFor, withoutMissingParts } from './hotspots';

const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const mark = (part_id: number, x = 0.5, y = 0.5) => ({ key: `k${part_id}${x}${y}`, part_id, x, y });
const photos: PhotoItem[] = [
  { key: 'new:1', kind: 'new', file: file('a.jpg'), previewUrl: 'blob:a', hotspots: [mark(1, 0.1, 0.2)] },
  { key: 'stored:b.jpg', kind: 'stored', name: 'b.jpg', hotspots: [mark(2)] },
  { key: 'new:2', kind: 'new', file: file('c.jpg'), previewUrl: 'blob:c', hotspots: [mark(1), mark(2, 1, 0)] },
];
const parts = [
  { part_id: 1, name: 'Q1', type_name: 'Keyboard', type_path: 'keyboard' },
  { part_id: 2, name: 'Desk', type_name: 'Desk', type_path: 'desk' },
];

describe('photo hotspots in the editor', () => {
  it('name a stored photo by file name and a new one by its place among the files sent', () => {
    expect(hotspotsPayload(photos)).toEqual([
      { added_image: 0, part_id: 1, x: 0.1, y: 0.2 },
      { image: 'b.jpg', part_id: 2, x: 0.5, y: 0.5 },
      { added_image: 1, part_id: 1, x: 0.5, y: 0.5 },
      { added_image: 1, part_id: 2, x: 1, y: 0 },
    ]);
  });

  it('go with a new station only when there are some', () => {
    const values = { name: 'Desk', instagram_url: '', reddit_url: '', description: '', is_public: true, parts, main_uses: [], monitor_count: '' };
    expect(createPayload({ ...values, photos }).fields.hotspots).toHaveLength(4);
    expect(createPayload({ ...values, photos: photos.map(({ hotspots: _, ...photo }) => photo) }).fields.hotspots).toBeUndefined();
  });

  it('do not count as changed when only the photos move', () => {
    expect(hotspotSignature([...photos].reverse())).toBe(hotspotSignature(photos));
    expect(hotspotSignature(withoutMissingParts(photos, parts.slice(0, 1)))).not.toBe(hotspotSignature(photos));
  });

  it('lose the markers of a part taken off the list, and keep the same photo objects otherwise', () => {
    const kept = withoutMissingParts(photos, parts.slice(1));
    expect(kept.map((photo) => photo.hotspots?.map((h) => h.part_id))).toEqual([[], [2], [2]]);
    expect(withoutMissingParts(photos, parts)).toEqual(photos);
    expect(withoutMissingParts(photos, parts)[0]).toBe(photos[0]);
  });

  it('point a new marker at the first part not yet on the photo, and keep positions within the photo', () => {
    expect(nextPartFor([mark(1)], parts)).toBe(2);
    expect(nextPartFor([mark(1), mark(2)], parts)).toBe(1);
    expect(nextPartFor([], [])).toBeUndefined();
    expect([clampPosition(-0.2), clampPosition(1.3), clampPosition(0.123456)]).toEqual([0, 1, 0.1235]);
  });
});
