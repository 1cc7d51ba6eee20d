import sharp from 'sharp';
import { HttpError } from '../errors';
import { DecodeLimiter } from './decode-limiter';
import { IMAGE_MESSAGES, IMAGE_RULES, processImage } from './image-pipeline';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

/** The GPSInfo tag (0x8825) of IFD0, in either byte order. */
function hasGpsPointer(exif: Buffer | undefined): boolean {
  return Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) || exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))));
}

async function rejection(input: Buffer): Promise<HttpError> {
  const error = await processImage(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('processImage', () => {
  it('strips EXIF, including GPS, from what it stores', async () => {
    const input = await photo(400, 300)
      .withExif({
        IFD0: { Make: 'Battledeck Camera', Model: 'Leaky 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
      })
      .jpeg()
      .toBuffer();
    const exif = (await sharp(input).metadata()).exif;
    expect(exif?.toString('latin1')).toContain('Battledeck Camera');
    expect(hasGpsPointer(exif)).toBe(true);

    const { web, thumb, variants } = await processImage(input);
    expect(variants.map((copy) => copy.width)).toEqual([320]);
    for (const copy of [web, thumb, ...variants]) {
      const meta = await sharp(copy.buffer).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(copy.buffer.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
      expect(copy.buffer.toString('latin1')).not.toContain('Battledeck Camera');
    }
  });

  it('applies the EXIF orientation to the pixels', async () => {
    // Stored landscape 400×200 with "rotate 90°" (orientation 6): it must come out portrait.
    const input = await photo(400, 200).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const { web, thumb } = await processImage(input);
    expect([web.width, web.height]).toEqual([200, 400]);
    expect([thumb.width, thumb.height]).toEqual([200, 400]);
    expect((await sharp(web.buffer).metadata()).orientation).toBeUndefined();
  });

  it('keeps the long edge within 2560 px and the thumbnail within 640 px wide', async () => {
    const { ext, web, thumb } = await processImage(await photo(4000, 3000).jpeg().toBuffer());
    expect(ext).toBe('jpg');
    expect([web.width, web.height]).toEqual([IMAGE_RULES.webLongEdge, 1920]);
    expect([thumb.width, thumb.height]).toEqual([IMAGE_RULES.thumbWidth, 480]);

    const tall = await processImage(await photo(1000, 4000).png().toBuffer());
    expect([tall.web.width, tall.web.height]).toEqual([640, 2560]);
    expect(tall.thumb.width).toBeLessThanOrEqual(640);
  });

  it('never enlarges small images', async () => {
    const { web, thumb, variants } = await processImage(await photo(300, 200).png().toBuffer());
    expect([web.width, web.height, thumb.width, thumb.height]).toEqual([300, 200, 300, 200]);
    expect(variants).toEqual([]);
  });

  it('makes the width copies below the web copy, as WebP, in its proportions (issue 17)', async () => {
    const wide = await processImage(await photo(4000, 3000).jpeg().toBuffer());
    expect(wide.variants.map((copy) => [copy.width, copy.height])).toEqual([
      [320, 240],
      [480, 360],
      [640, 480],
      [960, 720],
      [1280, 960],
    ]);
    // 960 wide: 960 itself is the web copy, so only the narrower ones are written.
    const narrow = await processImage(await photo(960, 540).png().toBuffer());
    expect(narrow.variants.map((copy) => copy.width)).toEqual([320, 480, 640]);
    // WebP whatever the photo's format, with no metadata; the web copy and _thumb keep the photo's format.
    for (const copy of [...narrow.variants, ...wide.variants]) {
      const metadata = await sharp(copy.buffer).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
    }
    expect((await sharp(narrow.thumb.buffer).metadata()).format).toBe('png');
    expect((await sharp(wide.thumb.buffer).metadata()).format).toBe('jpeg');
  });

  it('accepts PNG as PNG and GIF (first frame) as PNG', async () => {
    expect((await processImage(await photo(50, 50).png().toBuffer())).ext).toBe('png');
    const gif = await processImage(await photo(50, 50).gif().toBuffer());
    expect(gif.ext).toBe('png');
    expect((await sharp(gif.web.buffer).metadata()).format).toBe('png');
  });

  it('refuses what is not a JPEG, PNG or GIF, whatever it is called', async () => {
    expect((await rejection(Buffer.from('just some text, not a picture'))).message).toBe('Only PNG, JPG or GIF images are accepted.');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await rejection(svg)).statusCode).toBe(400);
    expect((await rejection(await photo(20, 20).webp().toBuffer())).message).toBe('Only PNG, JPG or GIF images are accepted.');
  });

  it('refuses a truncated file', async () => {
    const jpeg = await photo(800, 600).jpeg().toBuffer();
    const error = await rejection(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('The image could not be read. It may be damaged or incomplete.');
  });

  it('refuses images over the pixel limit before decoding them', async () => {
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#000' } }).png({ compressionLevel: 1 }).toBuffer();
    expect((await rejection(huge)).message).toBe('The image has too many pixels (at most 50 megapixels).');
  });

  describe('decode budget (width × height × bits per sample, from the header)', () => {
    const png16 = (width: number, height: number) => photo(width, height).toColourspace('rgb16').png({ compressionLevel: 9 }).toBuffer();

    it('refuses a small file that declares 7000×7000 at 16 bits, naming it, without decoding', async () => {
      const input = await png16(7000, 7000);
      expect(input.length).toBeLessThan(1024 * 1024);
      const limiter = new DecodeLimiter(1);
      const run = jest.spyOn(limiter, 'run');
      const error = await processImage(input, { filename: 'desk-16bit.png', mimetype: 'image/png' }, { owner: 'u', limiter }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).message).toBe(IMAGE_MESSAGES.overBudget('desk-16bit.png', 7000, 7000, 16));
      expect((error as HttpError).message).toContain('"desk-16bit.png"');
      expect(run).not.toHaveBeenCalled();
    });

    it('takes 16-bit images within the budget and 8-bit ones up to the pixel limit', async () => {
      expect(5000 * 5000 * 16).toBeLessThanOrEqual(IMAGE_RULES.maxDecodeBits);
      expect(7000 * 7000 * 8).toBeLessThanOrEqual(IMAGE_RULES.maxDecodeBits);
      const small16 = await processImage(await png16(1200, 900));
      expect([small16.web.width, small16.web.height]).toEqual([1200, 900]);
      const big8 = await processImage(await photo(7000, 7000).png({ compressionLevel: 9 }).toBuffer());
      expect(big8.web.width).toBe(IMAGE_RULES.webLongEdge);
    });

    it('decodes through the limiter, under the owner it is given', async () => {
      const limiter = new DecodeLimiter(1);
      const run = jest.spyOn(limiter, 'run');
      await processImage(await photo(64, 48).jpeg().toBuffer(), undefined, { owner: 'user-1', limiter });
      expect(run).toHaveBeenCalledWith('user-1', expect.any(Function));
    });
  });
});
