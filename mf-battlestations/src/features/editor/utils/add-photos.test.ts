import { addPhotos } from './add-photos';
import type { PhotoItem } from './form-schema';

const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const url = (f: File) => `blob:${f.name}`;

describe('addPhotos', () => {
  it('appends files with a preview each and ignores names already on the list', () => {
    const first = addPhotos([], [file('a.jpg'), file('b.jpg'), file('a.jpg')], url);
    expect(first.photos.map((p) => (p.kind === 'new' ? p.file.name : p.name))).toEqual(['a.jpg', 'b.jpg']);
    const second = addPhotos(first.photos, [file('b.jpg'), file('c.jpg')], url);
    expect(second.photos).toHaveLength(3);
    expect(second.photos[2]).toMatchObject({ kind: 'new', previewUrl: 'blob:c.jpg' });
  });

  it('keeps at most 20 photos and says how many were left out', () => {
    const stored: PhotoItem[] = Array.from({ length: 19 }, (_, i) => ({ key: `s${i}`, kind: 'stored', name: `${i}.jpg` }));
    const result = addPhotos(stored, [file('x.jpg'), file('y.jpg'), file('z.jpg')], url);
    expect(result.photos).toHaveLength(20);
    expect(result.overLimit).toBe(2);
  });
});
