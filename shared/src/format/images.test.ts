import { imageUrl, thumbnailName, thumbnailUrl } from './images';

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
