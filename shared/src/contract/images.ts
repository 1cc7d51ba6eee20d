import { z } from './zod';

// The file names are zod-free so the client's image URLs do not pull the schema library into every page.
export * from './image-names';

/** A photo's web copy size and the width copies it has, so `<img>` gets width, height and a srcset of real files. */
export const photoSize = z.object({
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
});
export type PhotoSize = z.infer<typeof photoSize>;
