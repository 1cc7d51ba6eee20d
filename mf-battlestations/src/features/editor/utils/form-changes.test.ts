import { createPayload, hasCreateInput, updatePayload } from './form-changes';
import { EMPTY_STATION_FORM, type PhotoItem, type StationFormValues } from './form-schema';

const stored = (name: string): PhotoItem => ({ key: `stored:${name}`, kind: 'stored', name });
const picked = (name: string): PhotoItem => ({ key: `new:${name}`, kind: 'new', file: new File(['x'], name, { type: 'image/jpeg' }), previewUrl: `blob:${name}` });

const initial: StationFormValues = {
  name: 'Desk',
  instagram_url: 'instagram.com/me',
  reddit_url: '',
  description: 'One\nTwo',
  is_public: true,
  photos: [stored('a.jpg'), stored('b.jpg'), stored('c.jpg')],
  parts: [
    { part_id: 1, name: 'CPU one', type_name: 'CPU', type_path: 'cpu' },
    { part_id: 2, name: 'GPU two', type_name: 'GPU', type_path: 'gpu' },
  ],
  main_uses: ['gaming'],
  monitor_count: '',
};

describe('updatePayload (only changed fields, SPEC "Edit")', () => {
  it('is null when nothing changed, whitespace and link spelling included', () => {
    expect(updatePayload(initial, { ...initial })).toBeNull();
    expect(updatePayload(initial, { ...initial, name: ' Desk ', instagram_url: 'https://instagram.com/me', description: 'One\r\nTwo' })).toBeNull();
  });

  it('sends just the fields that changed', () => {
    expect(updatePayload(initial, { ...initial, name: 'New name', is_public: false })).toEqual({ fields: { name: 'New name', is_public: false }, files: [] });
    expect(updatePayload(initial, { ...initial, instagram_url: '' })?.fields).toEqual({ instagram_url: '' });
  });

  it('sends the main uses and the monitor count when they change, an empty count to count the parts again', () => {
    expect(updatePayload(initial, { ...initial, main_uses: ['gaming', 'study'], monitor_count: '3' })?.fields).toEqual({ main_uses: ['gaming', 'study'], monitor_count: '3' });
    expect(updatePayload({ ...initial, monitor_count: '3' }, initial)?.fields).toEqual({ monitor_count: '' });
  });

  it('sends added and removed parts', () => {
    const parts = [initial.parts[1], { part_id: 3, name: 'RAM', type_name: 'Memory', type_path: 'memory' }];
    expect(updatePayload(initial, { ...initial, parts })?.fields).toEqual({ added_parts: [3], removed_parts: [1] });
  });

  it('sends removed photos, the new position of each moved photo, and where new files go', () => {
    const file = picked('new.jpg');
    const result = updatePayload(initial, { ...initial, photos: [stored('c.jpg'), file, stored('a.jpg')] });
    expect(result?.fields).toEqual({
      removed_images: ['b.jpg'],
      changed_images: [
        { image: 'c.jpg', display_order: 0 },
        { image: 'a.jpg', display_order: 2 },
      ],
      added_images_order: [1],
    });
    expect(result?.files).toEqual([file.kind === 'new' && file.file]);
  });
});

describe('createPayload', () => {
  it('leaves out the optional texts that are empty and sends the photos in order', () => {
    const photos = [picked('one.jpg'), picked('two.png')];
    const result = createPayload({ ...EMPTY_STATION_FORM, name: ' Desk ', photos, parts: [initial.parts[0]] });
    expect(result.fields).toEqual({ name: 'Desk', is_public: true, added_parts: [1] });
    expect(result.files.map((f) => f.name)).toEqual(['one.jpg', 'two.png']);
    expect(createPayload({ ...EMPTY_STATION_FORM, reddit_url: 'reddit.com/r/x', description: 'Hi' }).fields).toMatchObject({
      reddit_url: 'reddit.com/r/x',
      description: 'Hi',
    });
  });

  it('knows when the empty form has input (Save stays disabled until then)', () => {
    expect(hasCreateInput(EMPTY_STATION_FORM)).toBe(false);
    expect(hasCreateInput({ ...EMPTY_STATION_FORM, name: 'x' })).toBe(true);
    expect(hasCreateInput({ ...EMPTY_STATION_FORM, is_public: false })).toBe(true);
    expect(hasCreateInput({ ...EMPTY_STATION_FORM, main_uses: ['work'] })).toBe(true);
    expect(createPayload({ ...EMPTY_STATION_FORM, main_uses: ['work'], monitor_count: '2' }).fields).toMatchObject({ main_uses: ['work'], monitor_count: '2' });
  });
});
