import {
  BATTLESTATION_MESSAGES,
  LIMITS,
  MAIN_USES,
  createBattlestationFields,
  type MainUse,
  type BattlestationDetail,
  z,
} from '@battledeck/shared/contract';
import { hotspotItems, type HotspotItem } from './hotspots';

/** The photo types the picker accepts (decision 9); the text stays 'Only PNG, JPG or GIF'. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** A photo already stored (its file name) or a file picked on this device. */
export type PhotoItem = (
  /** isPrivate: it belongs to a private station as saved, so it is fetched with the user's token (issue 15). */
  | { key: string; kind: 'stored'; name: string; isPrivate?: boolean }
  /** notAnImage: its first bytes are not a JPEG, PNG or GIF (checked when it was added). */
  | { key: string; kind: 'new'; file: File; previewUrl: string; notAnImage?: boolean }
) & {
  /** Its part markers (decision 020): they travel with the photo when it moves. */
  hotspots?: HotspotItem[];
};

export interface PartItem {
  part_id: number;
  name: string;
  type_name: string;
  /** The category: Monitor parts count as the desk's monitors (decision 017). */
  type_path: string;
}

export interface StationFormValues {
  name: string;
  instagram_url: string;
  reddit_url: string;
  description: string;
  is_public: boolean;
  photos: PhotoItem[];
  parts: PartItem[];
  /** Desk properties (decision 017): main uses, and the monitor count as text ('' = counted from the parts). */
  main_uses: MainUse[];
  monitor_count: string;
}

/** Why a picked file cannot be uploaded, shown on its tile; null when it is fine. */
export function photoProblem(photo: PhotoItem): string | null {
  if (photo.kind !== 'new') return null;
  if (photo.notAnImage) return BATTLESTATION_MESSAGES.notAnImage;
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(photo.file.type)) return BATTLESTATION_MESSAGES.unsupportedFile;
  if (photo.file.size > LIMITS.imageMaxBytes) return BATTLESTATION_MESSAGES.fileTooLarge;
  return null;
}

const fields = createBattlestationFields.shape;

/** The form's rules: the contract's own field schemas plus the photo and part rules of SPEC §5/§9. */
export const stationFormSchema = z.object({
  name: fields.name,
  instagram_url: z.string().pipe(fields.instagram_url.unwrap()),
  reddit_url: z.string().pipe(fields.reddit_url.unwrap()),
  description: z.string().max(LIMITS.descriptionMax, { error: `Description must be at most ${LIMITS.descriptionMax} characters.` }),
  is_public: z.boolean(),
  photos: z
    .array(z.custom<PhotoItem>())
    .min(1, { error: BATTLESTATION_MESSAGES.imagesRequired })
    .max(LIMITS.imagesPerStationMax, { error: BATTLESTATION_MESSAGES.tooManyImages })
    .superRefine((photos, ctx) => {
      const problem = photos.map(photoProblem).find(Boolean);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  parts: z
    .array(z.custom<PartItem>())
    .min(1, { error: BATTLESTATION_MESSAGES.partsRequired })
    .max(LIMITS.partsPerStationMax, { error: BATTLESTATION_MESSAGES.tooManyParts }),
  main_uses: z.array(z.enum(MAIN_USES)),
  monitor_count: z.string(),
});
export type StationFormOutput = z.output<typeof stationFormSchema>;

export const EMPTY_STATION_FORM: StationFormValues = {
  name: '',
  instagram_url: '',
  reddit_url: '',
  description: '',
  is_public: true,
  photos: [],
  parts: [],
  main_uses: [],
  monitor_count: '',
};

/** The edit form's starting values; links are shown as stored (without the scheme). */
export function formValuesOf(station: BattlestationDetail): StationFormValues {
  return {
    name: station.name,
    instagram_url: station.instagram_url ?? '',
    reddit_url: station.reddit_url ?? '',
    description: station.description,
    is_public: station.is_public === 1,
    photos: station.images.map((name, i) => ({
      key: `stored:${name}`,
      kind: 'stored',
      name,
      isPrivate: station.is_public === 0,
      hotspots: hotspotItems(station.image_hotspots?.[i]),
    })),
    parts: station.parts.map(({ part_id, name, type_name, type_path }) => ({ part_id, name, type_name, type_path })),
    main_uses: station.main_uses ?? [],
    monitor_count: station.monitor_count_manual == null ? '' : String(station.monitor_count_manual),
  };
}
