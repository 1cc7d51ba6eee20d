import { z } from './zod';
import { boolish, DIRECTIONS, httpUrl, oneOf, pageNumberOf, pageSizeOf, searchTermSchema, timestamp } from './common';
import { BATTLESTATION_SORTS } from './battlestations';
import { ADMIN_PART_PAGE_SIZES, PART_SORTS, partDetail } from './parts';

export const ADMIN_PAGE_SIZES = [10, 20, 50] as const;

/** GET /admin/battlestations: every station, private ones included. */
export const adminBattlestationsQuery = z.object({
  pageNumber: pageNumberOf('pageNumber'),
  resultsPerPage: pageSizeOf('resultsPerPage', [10, 12, 20, 24, 48, 50, 96], 10),
  sortBy: oneOf('sortBy', BATTLESTATION_SORTS).default('created_date'),
  direction: oneOf('direction', DIRECTIONS).default('desc'),
  searchTerm: searchTermSchema,
});
export type AdminBattlestationsQuery = z.input<typeof adminBattlestationsQuery>;

export const ADMIN_USER_SORTS = ['username', 'created_date', 'battlestation_count'] as const;
export const adminUsersQuery = z.object({
  pageNumber: pageNumberOf('pageNumber'),
  resultsPerPage: pageSizeOf('resultsPerPage', ADMIN_PAGE_SIZES, 10),
  sortBy: oneOf('sortBy', ADMIN_USER_SORTS).default('created_date'),
  direction: oneOf('direction', DIRECTIONS).default('desc'),
  searchTerm: searchTermSchema,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const adminUser = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_moderator: z.boolean(),
  created_date: timestamp,
  battlestation_count: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUsersResponse = z.object({ users: z.array(adminUser), total: z.number().int() });
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

/** PUT /admin/users/{uid}/roles. */
export const rolesBody = z
  .object({ is_admin: boolish.optional(), is_moderator: boolish.optional() })
  .refine((b) => b.is_admin !== undefined || b.is_moderator !== undefined, { error: 'Nothing to change.' });
export type RolesBody = z.input<typeof rolesBody>;

/** GET /admin/stats: live figures for the admin home. */
export const adminStats = z.object({
  users: z.number().int(),
  battlestations: z.object({ public: z.number().int(), private: z.number().int() }),
  parts: z.number().int(),
  stores: z.number().int(),
  pending_requests: z.number().int(),
  uploads_per_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type AdminStats = z.infer<typeof adminStats>;

/** GET /admin/parts: the admin parts table (SPEC §9: 10 default, 20, 50), rows with their store links. */
export const adminPartsQuery = z.object({
  pageNumber: pageNumberOf('pageNumber'),
  resultsPerPage: pageSizeOf('resultsPerPage', ADMIN_PART_PAGE_SIZES, 10),
  sortBy: oneOf('sortBy', PART_SORTS).default('name'),
  direction: oneOf('direction', DIRECTIONS).default('asc'),
  /** A type_path; absent or unknown means every type. */
  partType: z.string().max(100).optional(),
  searchTerm: searchTermSchema,
});
export type AdminPartsQuery = z.input<typeof adminPartsQuery>;
export const adminPartsResponse = z.object({ parts: z.array(partDetail), total: z.number().int() });
export type AdminPartsResponse = z.infer<typeof adminPartsResponse>;

/** Admin-area messages of our own (SPEC decision 18 and issue 6), shared by the API and mf-admin. */
export const ADMIN_MESSAGES = {
  partInUse: (count: number) =>
    `This part is used by ${count} ${count === 1 ? 'battlestation' : 'battlestations'} and cannot be deleted.`,
  ownAdminRole: 'You cannot remove your own administrator role.',
  imageRequired: 'An image is required: upload a file or give an image URL.',
  imageTwice: 'Send either an image file or an image URL, not both.',
  requestNotPending: 'This part request has already been approved.',
  requestNotFound: 'This part request does not exist.',
  storeNotFound: 'This store does not exist.',
  unknownStore: 'One of the chosen stores does not exist.',
  unknownType: 'Choose a part type.',
  duplicateStore: 'A store can be linked only once.',
  storeNameTaken: 'A store with this name already exists.',
  storeUrlTaken: 'A store with this URL already exists.',
} as const;

/**
 * POST /parts/image-preview: the part form's image URL fetched and checked by the server (decision 19), answered
 * as a small data: URL, so the admin sees the picture, or why it cannot be used, before saving (the site's CSP
 * keeps other origins' images out of the page).
 */
export const imagePreviewBody = z.object({ image_url: httpUrl('image URL') });
export type ImagePreviewBody = z.infer<typeof imagePreviewBody>;
export const imagePreviewResponse = z.object({ src: z.string(), width: z.number().int(), height: z.number().int() });
export type ImagePreviewResponse = z.infer<typeof imagePreviewResponse>;
