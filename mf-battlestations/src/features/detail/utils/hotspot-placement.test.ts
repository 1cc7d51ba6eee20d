import { labelSide, placeMarker } from './hotspot-placement';

describe('placeMarker', () => {
  it('places a marker in % of a box the photo fills', () => {
    expect(placeMarker(0.25, 0.5)).toEqual({ left: 25, top: 50 });
  });

  it('follows the crop of a 4:3 tile over a wide photo (its sides are cut)', () => {
    // A 2:1 photo in a 4:3 box shows the middle two thirds of its width.
    const size = { width: 2000, height: 1000, widths: [] };
    expect(placeMarker(0.5, 0.5, size, 4 / 3)).toEqual({ left: 50, top: 50 });
    expect(placeMarker(0.17, 0.2, size, 4 / 3)).toEqual({ left: 0.5, top: 20 });
    expect(placeMarker(0.1, 0.2, size, 4 / 3)).toBeNull();
  });

  it('follows the crop of a 4:3 tile over a tall photo (its top and bottom are cut)', () => {
    const size = { width: 900, height: 1200, widths: [] };
    expect(placeMarker(0.5, 0.5, size, 4 / 3)?.top).toBe(50);
    expect(placeMarker(0.5, 0.05, size, 4 / 3)).toBeNull();
  });
});

describe('labelSide', () => {
  it('opens below near the top and inward near the sides', () => {
    expect(labelSide({ left: 10, top: 10 })).toEqual({ vertical: 'below', horizontal: 'start' });
    expect(labelSide({ left: 50, top: 60 })).toEqual({ vertical: 'above', horizontal: 'centre' });
    expect(labelSide({ left: 90, top: 90 })).toEqual({ vertical: 'above', horizontal: 'end' });
    // A centred label is up to 60% of the photo wide: it needs 30% on each side of its marker.
    expect(labelSide({ left: 30, top: 60 }).horizontal).toBe('start');
    expect(labelSide({ left: 70, top: 60 }).horizontal).toBe('end');
  });
});
