/** Where images live and how thumbnails are named (SPEC §3, §9; decision 2): shared by the API and the client. */
export const IMAGE_FOLDERS = ['battlestations', 'parts'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/** `name.jpg` → `name_thumb.jpg` (SPEC §9). */
export function thumbnailName(file: string): string {
  return withSuffix(file, '_thumb');
}

/**
 * The narrower copies written beside each photo's web copy (decision 004, issue 17): a `srcset` offers them
 * so a phone fetches a file that fits its slot. Only widths below the web copy's are written (never upscaled).
 */
export const RESPONSIVE_WIDTHS = [320, 480, 640, 960, 1280] as const;

/**
 * `name.png` → `name_w480.webp`: the copy of a photo `width` pixels wide. Width copies are WebP whatever the
 * photo's format (decision 004: on the demo photos a PNG's copies took a twelfth of the bytes, a JPEG's two
 * fifths); the web copy and `_thumb` keep the photo's format for links and older clients.
 */
export function widthVariantName(file: string, width: number): string {
  const dot = file.lastIndexOf('.');
  return `${dot > 0 ? file.slice(0, dot) : file}_w${width}.webp`;
}

/** `name.jpg` → `name_w480.jpg`: a width copy as written before they were WebP (deleted by the start-up backfill). */
export function legacyWidthVariantName(file: string, width: number): string {
  return withSuffix(file, `_w${width}`);
}

/** The widths written for a web copy `sourceWidth` pixels wide. */
export function widthsFor(sourceWidth: number): number[] {
  return RESPONSIVE_WIDTHS.filter((width) => width < sourceWidth);
}

/** Every file a photo may have: the web copy, its `_thumb` and every width copy, old ones too (to delete or move them all). */
export function photoFileNames(file: string): string[] {
  return [
    file,
    thumbnailName(file),
    ...RESPONSIVE_WIDTHS.map((width) => widthVariantName(file, width)),
    ...RESPONSIVE_WIDTHS.map((width) => legacyWidthVariantName(file, width)),
  ];
}

function withSuffix(file: string, suffix: string): string {
  const dot = file.lastIndexOf('.');
  return dot > 0 ? `${file.slice(0, dot)}${suffix}${file.slice(dot)}` : `${file}${suffix}`;
}
