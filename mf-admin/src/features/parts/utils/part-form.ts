import {
  LIMITS,
  type PartDetail,
  type PartStoreLink,
  type PartWriteFields,
  type PendingPart,
  type StoreOption,
} from '@battledeck/shared/contract';
import type { Resolver } from 'react-hook-form';
import { ADMIN_TEXT } from '../../../lib/messages';
import { isValidUrl, URL_INVALID } from '../../../lib/url-field';

/** The part form's state (SPEC "Part form modal"; §5 part form rules). */
export interface PartFormValues {
  name: string;
  type_id: number | undefined;
  manufacturer: string;
  manufacturer_url: string;
  /** Import (a URL the server fetches) or Local (a file). */
  image_source: 'url' | 'file';
  image_url: string;
  image_file: File | null;
  stores: PartStoreLink[];
}

export const PART_FORM_TEXT = {
  required: ADMIN_TEXT.required,
  url: URL_INVALID,
  fileType: 'Only PNG, JPG or GIF',
  fileSize: 'Maximum file size is 4MB.',
  tooLong: `At most ${LIMITS.catalogueNameMax} characters.`,
} as const;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

export type PartFormErrors = Partial<Record<keyof PartFormValues, string>>;

const tooLong = (s: string) => s.trim().length > LIMITS.catalogueNameMax;
const badUrl = (s: string) => s.trim() !== '' && !isValidUrl(s.trim());

/** Name, type and manufacturer required; an image required when creating, and a valid file when one is given. */
export function validatePartForm(v: PartFormValues, creating: boolean): PartFormErrors {
  const errors: PartFormErrors = {};
  for (const key of ['name', 'manufacturer'] as const) {
    if (!v[key].trim()) errors[key] = PART_FORM_TEXT.required;
    else if (tooLong(v[key])) errors[key] = PART_FORM_TEXT.tooLong;
  }
  if (!v.type_id) errors.type_id = PART_FORM_TEXT.required;
  if (badUrl(v.manufacturer_url)) errors.manufacturer_url = PART_FORM_TEXT.url;
  if (v.image_source === 'url') {
    if (badUrl(v.image_url)) errors.image_url = PART_FORM_TEXT.url;
    else if (creating && !v.image_url.trim()) errors.image_url = PART_FORM_TEXT.required;
  } else if (!v.image_file) {
    if (creating) errors.image_file = PART_FORM_TEXT.required;
  } else if (!(IMAGE_TYPES as readonly string[]).includes(v.image_file.type)) {
    errors.image_file = PART_FORM_TEXT.fileType;
  } else if (v.image_file.size > LIMITS.imageMaxBytes) {
    errors.image_file = PART_FORM_TEXT.fileSize;
  }
  return errors;
}

/** validatePartForm as a react-hook-form resolver. */
export function partFormResolver(creating: boolean): Resolver<PartFormValues> {
  return (values) => {
    const errors = validatePartForm(values, creating);
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(entries.map(([key, message]) => [key, { type: 'validate', message }])) };
  };
}

export const EMPTY_PART_FORM: PartFormValues = {
  name: '',
  type_id: undefined,
  manufacturer: '',
  manufacturer_url: '',
  image_source: 'url',
  image_url: '',
  image_file: null,
  stores: [],
};

export function formFromPart(part: PartDetail): PartFormValues {
  return {
    ...EMPTY_PART_FORM,
    name: part.name,
    type_id: part.type_id,
    manufacturer: part.manufacturer,
    manufacturer_url: part.manufacturer_url ?? '',
    stores: part.stores.map((s) => ({ ...s })),
  };
}

/** Lowercase letters and digits only: 'Best Buy' → 'bestbuy', 'www.bestbuy.com' → 'wwwbestbuycom'. */
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The store whose name appears in the URL's host, if any ('Newegg' for www.newegg.com/p/…). */
export function storeForUrl(url: string, stores: readonly StoreOption[]): StoreOption | undefined {
  let host: string;
  try {
    host = squash(new URL(url).hostname);
  } catch {
    return undefined;
  }
  return stores.find((s) => squash(s.name).length >= 3 && host.includes(squash(s.name)));
}

/**
 * A part request as a new part (SPEC "Pending parts"): its name, and its URL as the first store link when
 * the host is a known store, otherwise as the manufacturer link.
 */
export function formFromRequest(request: PendingPart, stores: readonly StoreOption[]): PartFormValues {
  const store = storeForUrl(request.url, stores);
  return {
    ...EMPTY_PART_FORM,
    name: request.name,
    manufacturer_url: store ? '' : request.url,
    stores: store ? [{ store_id: store.store_id, store_name: store.name, url: request.url }] : [],
  };
}

/** What the form sends: every field, the image if one was chosen, and the store links that changed. */
export function toPartFields(values: PartFormValues, initialStores: readonly PartStoreLink[], requestId?: number): { fields: PartWriteFields; image?: File } {
  const before = new Map(initialStores.map((s) => [s.store_id, s.url]));
  const now = new Set(values.stores.map((s) => s.store_id));
  const fields: PartWriteFields = {
    name: values.name.trim(),
    type_id: values.type_id,
    manufacturer: values.manufacturer.trim(),
    manufacturer_url: values.manufacturer_url.trim(),
    added_stores: values.stores.filter((s) => before.get(s.store_id) !== s.url),
    deleted_stores: [...before.keys()].filter((id) => !now.has(id)),
    ...(values.image_source === 'url' && values.image_url.trim() ? { image_url: values.image_url.trim() } : {}),
    ...(requestId !== undefined ? { request_id: requestId } : {}),
  };
  const image = values.image_source === 'file' && values.image_file ? values.image_file : undefined;
  return { fields, image };
}
