import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { HttpError } from '../errors';
import { gifRegions, jpegRegions, pngRegions, type Range } from './image-regions';
import { assertDeclaredMatches, assertNoHiddenMarkup, assertPlainFileName } from './upload-checks';

const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
const covered = (regions: Range[]) => regions.reduce((sum, [start, end]) => sum + (end - start), 0);

function refusal(check: () => void): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).message;
  }
}

describe('image regions', () => {
  it('leave out the compressed pixels of a JPEG, PNG and GIF, and keep what follows the end', async () => {
    const jpeg = await noise(300, 300).jpeg({ quality: 95 }).toBuffer();
    const png = await noise(200, 200).png().toBuffer();
    const gif = await noise(120, 120).gif().toBuffer();
    expect(covered(jpegRegions(jpeg))).toBeLessThan(2000);
    expect(jpeg.length).toBeGreaterThan(50_000);
    expect(covered(pngRegions(png))).toBeLessThan(200);
    expect(covered(gifRegions(gif))).toBeLessThan(1000);

    const tail = Buffer.from('appended');
    for (const [file, regions] of [
      [jpeg, jpegRegions],
      [png, pngRegions],
      [gif, gifRegions],
    ] as const) {
      const withTail = Buffer.concat([file, tail]);
      expect(regions(withTail).at(-1)).toEqual([file.length, withTail.length]);
    }
  });

  it('give the rest of a file whose structure breaks as one range', () => {
    const broken = Buffer.from([0xff, 0xd8, 0x00, 0x01, 0x02]);
    expect(jpegRegions(broken)).toEqual([[2, 5]]);
  });
});

describe('hidden markup', () => {
  it('is found in a JPEG comment, whatever its case', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const comment = Buffer.from('\xff\xfe\x00\x14<ScRiPt src=//x>', 'latin1');
    expect(refusal(() => assertNoHiddenMarkup(Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]), 'jpeg'))).toMatch(/hidden web content/);
  });

  it('is not seen in random pixel data, nor in XMP metadata', async () => {
    // Markup bytes inside the entropy-coded data (after a start-of-scan header) are pixels, not a page.
    const scan = Buffer.from('\xff\xd8\xff\xda\x00\x02<html> pixel data \xff\xd9', 'latin1');
    expect(refusal(() => assertNoHiddenMarkup(scan, 'jpeg'))).toBeUndefined();
    expect(refusal(() => assertNoHiddenMarkup(Buffer.concat([scan, Buffer.from('<html>')]), 'jpeg'))).toMatch(/hidden web content/);
    const xmp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .jpeg()
      .toBuffer();
    expect(refusal(() => assertNoHiddenMarkup(xmp, 'jpeg'))).toBeUndefined();
  });
});

describe('declared name and type', () => {
  it.each([
    ['PHOTO.JPG', 'image/jpeg', 'jpeg'],
    ['scan.jpeg', 'image/pjpeg', 'jpeg'],
    ['image.png', 'image/png', 'png'],
    ['camera-roll', 'application/octet-stream', 'png'],
    ['', '', 'gif'],
    ['v1.2.unknownext', 'application/x-whatever', 'jpeg'],
  ])('accepts %j sent as %j for a %s', (filename, mimetype, format) => {
    expect(refusal(() => assertDeclaredMatches({ filename, mimetype }, format))).toBeUndefined();
  });

  it.each([
    ['photo.gif', 'image/gif', 'png'],
    ['photo.jpg', 'application/octet-stream', 'png'],
    ['photo', 'image/webp', 'jpeg'],
    ['page.html', 'image/jpeg', 'jpeg'],
    ['photo.jpg', 'text/html; charset=utf-8', 'jpeg'],
    ['drawing.svg', 'image/svg+xml', 'png'],
  ])('refuses %j sent as %j for a %s', (filename, mimetype, format) => {
    expect(refusal(() => assertDeclaredMatches({ filename, mimetype }, format))).toBe(
      "The file's name or type does not match its content. Only PNG, JPG or GIF images are accepted.",
    );
  });
});

describe('file names', () => {
  it.each(['photo.jpg', 'my photo (1).jpeg', 'a..b.png', 'фото.gif', ''])('accepts %j', (name) => {
    expect(refusal(() => assertPlainFileName(name))).toBeUndefined();
  });

  it.each(['../photo.jpg', '..\\photo.jpg', '/etc/passwd', 'a/b.jpg', 'photo\u0000.jpg', 'line\nbreak.jpg', '..', '.'])('refuses %j', (name) => {
    expect(refusal(() => assertPlainFileName(name))).toBe('The file name is not allowed: use a plain name without folders or control characters.');
  });
});
