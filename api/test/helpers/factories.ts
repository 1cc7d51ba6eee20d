import { paletteFamilies } from '@battledeck/shared/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signInWithPassword } from '../../src/dev/auth-emulator';
import { battlestations } from '../../src/db/schema';
import { randomImageName } from '../../src/images/image-names';
import { multipart } from './upload';
import {
  insertBattlestationImages,
  insertBattlestationParts,
  insertBattlestations,
  insertFavorites,
  type BattlestationRow,
} from '../../src/repositories/battlestations-repository';
import { insertParts, type PartRow } from '../../src/repositories/catalogue-repository';
import { refreshBattlestationDerived, refreshPartCounts } from '../../src/repositories/derived-columns-repository';
import { insertPartTypes, type PartTypeRow } from '../../src/repositories/part-types-repository';
import { insertUser, type UserRow } from '../../src/repositories/users-repository';
import { uniqueEmail, uniqueSuffix } from './emulator-accounts';

/**
 * Factories with overrides, writing through the repositories (and the emulator for identities), with
 * counters recomputed the way the services keep them.
 */

export interface TestIdentity {
  uid: string;
  email: string;
  password: string;
  /** A fresh ID token from the emulator: send with `bearer(user)`. */
  token: string;
}

export interface TestUser extends TestIdentity {
  username: string;
  row: UserRow;
}

export interface UserOverrides {
  username?: string;
  email?: string;
  password?: string;
  is_admin?: boolean;
  is_moderator?: boolean;
  created_date?: Date;
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

/** An emulator identity signed in, without a profile row. */
export async function createIdentity(app: FastifyInstance, overrides: Pick<UserOverrides, 'email' | 'password' | 'username'> = {}): Promise<TestIdentity> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'test-pass-123';
  const { uid } = await app.firebaseAuth.createUser({ email, password, displayName: overrides.username });
  const { idToken } = await signInWithPassword(email, password);
  return { uid, email, password, token: idToken };
}

/** A registered user: identity, profile row and ID token. */
export async function createUser(app: FastifyInstance, overrides: UserOverrides = {}): Promise<TestUser> {
  const username = overrides.username ?? `user_${uniqueSuffix()}`;
  const identity = await createIdentity(app, { ...overrides, username });
  const row = await insertUser(app.db, {
    user_id: identity.uid,
    username,
    email: identity.email,
    is_admin: overrides.is_admin ?? false,
    is_moderator: overrides.is_moderator ?? false,
    created_date: overrides.created_date,
  });
  return { ...identity, username, row };
}

export async function createPartType(app: FastifyInstance, overrides: Partial<Omit<PartTypeRow, 'type_id'>> = {}): Promise<PartTypeRow> {
  const suffix = uniqueSuffix();
  const [row] = await insertPartTypes(app.db, [{ type_name: overrides.type_name ?? `Type ${suffix}`, type_path: overrides.type_path ?? `type-${suffix}` }]);
  return row;
}

export interface PartOverrides {
  name?: string;
  type?: PartTypeRow;
  manufacturer?: string;
  manufacturer_url?: string | null;
  image?: string;
}

export async function createPart(app: FastifyInstance, overrides: PartOverrides = {}): Promise<PartRow> {
  const type = overrides.type ?? (await createPartType(app));
  const [row] = await insertParts(app.db, [
    {
      name: overrides.name ?? `Part ${uniqueSuffix()}`,
      type_id: type.type_id,
      manufacturer: overrides.manufacturer ?? 'Acme',
      manufacturer_url: overrides.manufacturer_url ?? null,
      image: overrides.image ?? randomImageName('jpg'),
    },
  ]);
  return row;
}

export interface BattlestationOverrides {
  owner?: TestUser | UserRow;
  name?: string;
  description?: string;
  is_public?: boolean | 0 | 1;
  created_date?: Date;
  instagram_url?: string | null;
  reddit_url?: string | null;
  /** Parts to list, or how many new parts to create (default 1). */
  parts?: PartRow[] | number;
  /** Photo file names in display order, or how many to invent (default 1); no files are written. */
  images?: string[] | number;
  /** Users who favorited it. */
  favoritedBy?: (TestUser | UserRow)[];
  /** Desk properties (decision 017): main uses, the owner's monitor count, the first photo's palette. */
  main_uses?: string[];
  monitor_count_manual?: number | null;
  palette?: string[];
}

const uidOf = (user: TestUser | UserRow) => ('uid' in user ? user.uid : user.user_id);

/** A battlestation with its photos, parts and favorites, counters and search text up to date. */
export async function createBattlestation(app: FastifyInstance, overrides: BattlestationOverrides = {}): Promise<BattlestationRow> {
  const owner = overrides.owner ?? (await createUser(app));
  const parts = Array.isArray(overrides.parts)
    ? overrides.parts
    : await Promise.all(Array.from({ length: overrides.parts ?? 1 }, () => createPart(app)));
  const images = Array.isArray(overrides.images) ? overrides.images : Array.from({ length: overrides.images ?? 1 }, () => randomImageName('jpg'));

  const id = await app.db.transaction(async (tx) => {
    const [station] = await insertBattlestations(tx, [
      {
        user_id: uidOf(owner),
        name: overrides.name ?? `Station ${uniqueSuffix()}`,
        description: overrides.description ?? '',
        is_public: overrides.is_public === undefined ? true : Boolean(overrides.is_public),
        instagram_url: overrides.instagram_url ?? null,
        reddit_url: overrides.reddit_url ?? null,
        created_date: overrides.created_date,
        updated_date: overrides.created_date,
        main_uses: overrides.main_uses,
        monitor_count_manual: overrides.monitor_count_manual,
      },
    ]);
    const stationId = station.battlestation_id;
    const palette = (display_order: number) =>
      display_order === 0 && overrides.palette ? { palette: overrides.palette, colour_families: paletteFamilies(overrides.palette) } : {};
    await insertBattlestationImages(tx, images.map((image, display_order) => ({ battlestation_id: stationId, image, display_order, width: 1600, height: 1000, ...palette(display_order) })));
    await insertBattlestationParts(tx, parts.map((p) => ({ battlestation_id: stationId, part_id: p.part_id })));
    await insertFavorites(tx, (overrides.favoritedBy ?? []).map((u) => ({ user_id: uidOf(u), battlestation_id: stationId })));
    await refreshBattlestationDerived(tx, [stationId]);
    await refreshPartCounts(tx, parts.map((p) => p.part_id));
    return stationId;
  });
  const [row] = await app.db.select().from(battlestations).where(eq(battlestations.battlestation_id, id));
  return row;
}

/** PUT /api/battlestations/id/{id} with `fields` (no photos) as `user`: an edit through the API, triggers and all. */
export function editStation(app: FastifyInstance, user: TestUser, id: number, fields: Record<string, unknown>) {
  const form = multipart(fields, []);
  return app.inject({ method: 'PUT', url: `/api/battlestations/id/${id}`, headers: { ...form.headers, ...bearer(user) }, payload: form.payload });
}
