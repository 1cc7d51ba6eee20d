import { imageUrl, photoSrcSet, thumbnailName, thumbnailUrl } from './images';

describe('image names', () => {
  it('puts _thumb before the extension', () => {
    expect(thumbnailName('a1b2.jpg')).toBe('a1b2_thumb.jpg');
    expect(thumbnailName('x.y.png')).toBe('x.y_thumb.png');
    expect(thumbnailName('noext')).toBe('noext_thumb');
  });

  it('builds URLs under the configured image base', () => {
    expect(imageUrl('battlestations', 'a.jpg')).toBe('/images/battlestations/a.jpg');
    window.__BATTLEDECK_IMAGE_BASE__ = 'https://cdn.example.com/img';
    expect(thumbnailUrl('parts', 'p.png')).toBe('https://cdn.example.com/img/parts/p_thumb.png');
    delete window.__BATTLEDECK_IMAGE_BASE__;
  });

  it('encodes names so they cannot break out of the folder', () => {
    expect(imageUrl('parts', '../x.png')).toBe('/images/parts/..%2Fx.png');
  });
});

describe('photoSrcSet (issue 17)', () => {
  it('lists the width copies the photo has, then the web copy at its own width', () => {
    expect(photoSrcSet('battlestations', 'a.jpg', { width: 1000, height: 750, widths: [320, 480, 640, 960] })).toBe(
      '/images/battlestations/a_w320.webp 320w, /images/battlestations/a_w480.webp 480w, /images/battlestations/a_w640.webp 640w, ' +
        '/images/battlestations/a_w960.webp 960w, /images/battlestations/a.jpg 1000w',
    );
  });

  it('offers only the web copy of a photo without copies, and nothing without a size', () => {
    expect(photoSrcSet('parts', 'p.png', { width: 300, height: 300, widths: [] })).toBe('/images/parts/p.png 300w');
    expect(photoSrcSet('parts', 'p.png', null)).toBeUndefined();
    expect(photoSrcSet('parts', 'p.png', undefined)).toBeUndefined();
  });
});
