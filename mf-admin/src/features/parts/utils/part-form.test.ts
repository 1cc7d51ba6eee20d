import type { PartDetail, PendingPart } from '@battledeck/shared/contract';
import { EMPTY_PART_FORM, formFromPart, formFromRequest, storeForUrl, toPartFields, validatePartForm, type PartFormValues } from './part-form';

const stores = [
  { store_id: 1, name: 'Amazon' },
  { store_id: 2, name: 'Best Buy' },
  { store_id: 3, name: 'B&H Photo' },
];
const valid: PartFormValues = { ...EMPTY_PART_FORM, name: 'Ryzen 7', type_id: 1, manufacturer: 'AMD', image_url: 'https://img.example/r7.png' };
const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'x', { type });

describe('validatePartForm (SPEC §5 part form)', () => {
  it('needs a name, a type, a manufacturer and, when creating, an image', () => {
    expect(validatePartForm(EMPTY_PART_FORM, true)).toEqual({ name: 'Required.', type_id: 'Required.', manufacturer: 'Required.', image_url: 'Required.' });
    expect(validatePartForm({ ...EMPTY_PART_FORM, image_source: 'file' }, true)).toMatchObject({ image_file: 'Required.' });
    expect(validatePartForm({ ...valid, name: '   ' }, true)).toEqual({ name: 'Required.' });
    expect(validatePartForm(valid, true)).toEqual({});
  });

  it('keeps the image optional when editing', () => {
    expect(validatePartForm({ ...valid, image_url: '' }, false)).toEqual({});
    expect(validatePartForm({ ...valid, image_source: 'file', image_file: null }, false)).toEqual({});
  });

  it('accepts only http(s) links and JPEG, PNG or GIF files of at most 4 MB', () => {
    expect(validatePartForm({ ...valid, manufacturer_url: 'javascript:alert(1)' }, true)).toEqual({ manufacturer_url: 'Enter a valid URL starting with http:// or https://.' });
    expect(validatePartForm({ ...valid, image_url: 'ftp://x/y.png' }, true)).toEqual({ image_url: 'Enter a valid URL starting with http:// or https://.' });
    const local = { ...valid, image_source: 'file' as const };
    expect(validatePartForm({ ...local, image_file: file('image/webp') }, true)).toEqual({ image_file: 'Only PNG, JPG or GIF' });
    expect(validatePartForm({ ...local, image_file: file('image/png', 4194305) }, true)).toEqual({ image_file: 'Maximum file size is 4MB.' });
    expect(validatePartForm({ ...local, image_file: file('image/gif', 4194304) }, true)).toEqual({});
  });
});

describe('toPartFields', () => {
  it('sends only the store links that changed, and the removed ones', () => {
    const before = [
      { store_id: 1, store_name: 'Amazon', url: 'https://amazon.com/a' },
      { store_id: 2, store_name: 'Best Buy', url: 'https://bestbuy.com/a' },
    ];
    const { fields, image } = toPartFields(
      {
        ...valid,
        image_url: '',
        stores: [
          { store_id: 1, store_name: 'Amazon', url: 'https://amazon.com/a' },
          { store_id: 3, store_name: 'B&H Photo', url: 'https://bhphotovideo.com/a' },
        ],
      },
      before,
    );
    expect(fields).toEqual({
      name: 'Ryzen 7',
      type_id: 1,
      manufacturer: 'AMD',
      manufacturer_url: '',
      added_stores: [{ store_id: 3, store_name: 'B&H Photo', url: 'https://bhphotovideo.com/a' }],
      deleted_stores: [2],
    });
    expect(image).toBeUndefined();
  });

  it('sends the image URL or the file, whichever source is chosen, and the request to approve', () => {
    expect(toPartFields(valid, [], 9).fields).toMatchObject({ image_url: 'https://img.example/r7.png', request_id: 9 });
    const png = file('image/png');
    const local = toPartFields({ ...valid, image_source: 'file', image_file: png }, []);
    expect(local.image).toBe(png);
    expect(local.fields.image_url).toBeUndefined();
  });
});

describe('prefilling from a part request', () => {
  const request = (url: string): PendingPart => ({ part_id: 5, name: 'Elgato Stream Deck', url, status: 'pending', username: 'demo', created_date: '2026-01-01T00:00:00Z' });

  it("uses the URL as a store link when the host is a known store's", () => {
    expect(storeForUrl('https://www.bestbuy.com/site/x', stores)).toEqual(stores[1]);
    expect(formFromRequest(request('https://www.amazon.com/dp/X'), stores)).toMatchObject({
      name: 'Elgato Stream Deck',
      manufacturer_url: '',
      stores: [{ store_id: 1, store_name: 'Amazon', url: 'https://www.amazon.com/dp/X' }],
    });
  });

  it('otherwise as the manufacturer link', () => {
    expect(formFromRequest(request('https://www.elgato.com/stream-deck'), stores)).toMatchObject({ manufacturer_url: 'https://www.elgato.com/stream-deck', stores: [] });
  });
});

it('formFromPart copies a part into the form', () => {
  const part: PartDetail = {
    part_id: 1,
    name: 'RTX',
    type_id: 2,
    type_name: 'GPU',
    type_path: 'gpu',
    manufacturer: 'NVIDIA',
    image: 'a.jpg',
    battlestation_count: 0,
    manufacturer_url: null,
    stores: [{ store_id: 1, store_name: 'Amazon', url: 'https://amazon.com/rtx' }],
  };
  expect(formFromPart(part)).toEqual({ ...EMPTY_PART_FORM, name: 'RTX', type_id: 2, manufacturer: 'NVIDIA', manufacturer_url: '', stores: part.stores });
});
