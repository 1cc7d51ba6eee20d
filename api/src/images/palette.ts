import { PALETTE_SIZE, paletteFamilies, type ColourFamily } from '@battledeck/shared/contract';
import sharp, { type Sharp } from 'sharp';

export interface Palette {
  /** Up to PALETTE_SIZE colours, `#rrggbb`, the most used first. */
  colours: string[];
  families: ColourFamily[];
}

/** The photo is shrunk to this many pixels a side before quantizing: plenty for five colours, and fast. */
const SAMPLE_EDGE = 64;

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/**
 * The photo's palette (decision 017): sharp shrinks it and quantizes it to PALETTE_SIZE colours without
 * dithering (libimagequant, as for a palette PNG), then the colours are ordered by how many pixels use them.
 * `image` is a sharp pipeline of the decoded photo (any channel count; alpha is flattened onto black).
 */
export async function extractPalette(image: Sharp): Promise<Palette> {
  const quantized = await image
    .resize(SAMPLE_EDGE, SAMPLE_EDGE, { fit: 'inside' })
    .removeAlpha()
    .png({ palette: true, colours: PALETTE_SIZE, dither: 0, effort: 1 })
    .toBuffer();
  const { data, info } = await sharp(quantized).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const uses = new Map<number, number>();
  for (let i = 0; i + 2 < data.length; i += info.channels) {
    const colour = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
    uses.set(colour, (uses.get(colour) ?? 0) + 1);
  }
  const colours = mergeNearColours([...uses.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]))
    .slice(0, PALETTE_SIZE)
    .map((rgb) => hex((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255));
  return { colours, families: paletteFamilies(colours) };
}

/** Colours closer than this (RGB distance) are one swatch: the quantizer splits a flat area's blended edges off. */
const SAME_SWATCH = 28;

function distance(a: number, b: number): number {
  const d = (shift: number) => ((a >> shift) & 255) - ((b >> shift) & 255);
  return Math.hypot(d(16), d(8), d(0));
}

/** Drops each colour that is near a more used one (`counted` is most used first). */
function mergeNearColours(counted: [number, number][]): number[] {
  const kept: number[] = [];
  for (const [colour] of counted) if (!kept.some((other) => distance(other, colour) < SAME_SWATCH)) kept.push(colour);
  return kept;
}
