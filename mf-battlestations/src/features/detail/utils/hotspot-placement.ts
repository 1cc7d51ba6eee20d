import type { PhotoSize } from '@battledeck/shared/contract';

/** Where a marker sits in the box that shows its photo, in % of that box; null when the box crops it away. */
export interface MarkerPlace {
  left: number;
  top: number;
}

/**
 * A marker's place in a box of `boxRatio` (width / height) showing a photo of `size` with `object-fit: cover`
 * centred (the gallery's 4:3 tiles): the photo's overflow on one axis is cut equally from both ends. Without a
 * box ratio or a size the photo fills the box exactly.
 */
export function placeMarker(x: number, y: number, size?: PhotoSize | null, boxRatio?: number): MarkerPlace | null {
  let visibleX = 1;
  let visibleY = 1;
  if (size && boxRatio && size.width > 0 && size.height > 0) {
    const photoRatio = size.width / size.height;
    if (photoRatio > boxRatio) visibleX = boxRatio / photoRatio;
    else visibleY = photoRatio / boxRatio;
  }
  const left = (x - (1 - visibleX) / 2) / visibleX;
  const top = (y - (1 - visibleY) / 2) / visibleY;
  if (left < 0 || left > 1 || top < 0 || top > 1) return null;
  return { left: round(left * 100), top: round(top * 100) };
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Which way a marker's label opens, so it stays inside the photo: below near the top, inward near the sides.
 * A label is at most 60% of the photo's width (photo-hotspots.module.css): centred on a marker from 35% to 65%
 * across, it has the room on both sides.
 */
export function labelSide(place: MarkerPlace): { vertical: 'above' | 'below'; horizontal: 'start' | 'centre' | 'end' } {
  return {
    vertical: place.top < 30 ? 'below' : 'above',
    horizontal: place.left < 35 ? 'start' : place.left > 65 ? 'end' : 'centre',
  };
}
