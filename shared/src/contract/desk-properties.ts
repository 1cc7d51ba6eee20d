/**
 * Desk properties (issue 19, decision 017): what a desk is mainly used for, how many monitors it has, and the
 * colour families of its palette. Zod-free, so the public pages' first paint may use them (plain-contract).
 */

export const MAIN_USES = ['gaming', 'work', 'creative', 'streaming', 'study'] as const;
export type MainUse = (typeof MAIN_USES)[number];

export const MAIN_USE_LABELS: Record<MainUse, string> = {
  gaming: 'Gaming',
  work: 'Work',
  creative: 'Creative',
  streaming: 'Streaming',
  study: 'Study',
};

/** The colour families a palette colour is sorted into (see colourFamily). */
export const COLOUR_FAMILIES = ['black', 'white', 'grey', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink'] as const;
export type ColourFamily = (typeof COLOUR_FAMILIES)[number];

export const COLOUR_FAMILY_LABELS: Record<ColourFamily, string> = {
  black: 'Black',
  white: 'White',
  grey: 'Grey',
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  blue: 'Blue',
  purple: 'Purple',
  pink: 'Pink',
};

/** The list's monitor filter: an exact count, or four and more. */
export const MONITOR_FILTERS = ['1', '2', '3', '4+'] as const;
export type MonitorFilter = (typeof MONITOR_FILTERS)[number];

export const MONITOR_FILTER_LABELS: Record<MonitorFilter, string> = {
  '1': '1 monitor',
  '2': '2 monitors',
  '3': '3 monitors',
  '4+': '4 or more monitors',
};

/** The category whose parts count as the desk's monitors, unless the owner gives a number. */
export const MONITOR_TYPE_PATH = 'monitor';

/** The highest monitor count an owner may enter. */
export const MONITOR_COUNT_MAX = 12;

/** A palette holds this many colours (fewer when a photo has fewer). */
export const PALETTE_SIZE = 5;

/** `#rrggbb`, lower case. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/**
 * The family of a `#rrggbb` colour, from its hue, saturation and lightness (HSL): very dark is black, very
 * light and pale is white, grey when hardly saturated, else by hue (browns count as orange).
 */
export function colourFamily(hex: string): ColourFamily {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => channel / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * lightness - 1));
  if (lightness < 0.16) return 'black';
  if (lightness > 0.9 && saturation < 0.6) return 'white';
  if (saturation < 0.18 || chroma < 0.08) return lightness < 0.3 ? 'black' : lightness > 0.85 ? 'white' : 'grey';
  const hue = chroma === 0 ? 0 : max === r ? (((g - b) / chroma + 6) % 6) * 60 : max === g ? ((b - r) / chroma + 2) * 60 : ((r - g) / chroma + 4) * 60;
  if (hue < 15 || hue >= 345) return 'red';
  if (hue < 40) return 'orange';
  if (hue < 68) return 'yellow';
  if (hue < 165) return 'green';
  if (hue < 255) return 'blue';
  if (hue < 290) return 'purple';
  return 'pink';
}

/** The distinct families of a palette, in COLOUR_FAMILIES order. */
export function paletteFamilies(palette: readonly string[]): ColourFamily[] {
  const families = new Set(palette.map(colourFamily));
  return COLOUR_FAMILIES.filter((family) => families.has(family));
}
