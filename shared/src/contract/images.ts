/** Where images live and how thumbnails are named (SPEC §3, §9; decision 2): shared by the API and the client. */
export const IMAGE_FOLDERS = ['battlestations', 'parts'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/** `name.jpg` → `name_thumb.jpg` (SPEC §9). */
export function thumbnailName(file: string): string {
  const dot = file.lastIndexOf('.');
  return dot > 0 ? `${file.slice(0, dot)}_thumb${file.slice(dot)}` : `${file}_thumb`;
}
