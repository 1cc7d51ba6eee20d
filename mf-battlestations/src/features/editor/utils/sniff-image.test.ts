import { sniffImageKind } from './sniff-image';

const file = (bytes: number[] | string, name = 'photo.jpg', type = 'image/jpeg') =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

describe('sniffImageKind', () => {
  it.each([
    ['a JPEG', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46], 'jpeg'],
    ['a PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0], 'png'],
    ['a GIF89a', 'GIF89a\u0001\u0000', 'gif'],
    ['a GIF87a', 'GIF87a\u0001\u0000', 'gif'],
  ] as const)('knows %s by its first bytes', async (_label, bytes, kind) => {
    expect(await sniffImageKind(file(bytes as number[] | string))).toBe(kind);
  });

  it.each([
    ['a text file named .jpg', 'just some notes, not a photo'],
    ['an empty file', ''],
    ['a WebP', 'RIFF\u0000\u0000\u0000\u0000WEBPVP8 '],
    ['half a PNG signature', [0x89, 0x50, 0x4e]],
  ] as const)('refuses %s', async (_label, bytes) => {
    expect(await sniffImageKind(file(bytes as number[] | string))).toBeNull();
  });
});
