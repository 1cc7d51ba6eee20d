import { MANUFACTURER_URLS, SEED_PARTS, SEED_PART_TYPES, type SeedTypePath } from './data/part-catalogue';
import { INTROS, MIDDLES, OUTROS, PRIVATE_STATION_NAMES, PUBLIC_STATION_NAMES } from './data/battlestations';
import { SEED_STORES } from './data/stores';
import { SEED_USERS, type SeedUser } from './data/users';
import { createRandom, type Random } from './random';
import { MAIN_USES, type MainUse } from '@battledeck/shared/contract';

/**
 * What the seed writes, as plain data that points at other entries by index. Building it is pure and
 * cheap; a bulk generator (`--scale`) can produce a bigger plan of the same shape.
 */
export interface SeedPlan {
  users: (SeedUser & { created_date: Date })[];
  partTypes: { type_name: string; type_path: string }[];
  parts: { name: string; typeIndex: number; manufacturer: string; manufacturer_url: string | null; created_date: Date; look: number }[];
  stores: { name: string; url: string; created_date: Date }[];
  partStores: { partIndex: number; storeIndex: number; url: string }[];
  battlestations: PlannedStation[];
  favorites: { userIndex: number; stationIndex: number; created_date: Date }[];
  partRequests: { name: string; url: string; userIndex: number; created_date: Date }[];
}

export interface PlannedStation {
  ownerIndex: number;
  name: string;
  description: string;
  instagram_url: string | null;
  reddit_url: string | null;
  is_public: boolean;
  created_date: Date;
  partIndexes: number[];
  /** One seed per photo; the scene generator turns each into a different picture. */
  photos: { seed: number; format: 'jpeg' | 'png' }[];
  /** Desk properties (decision 017): main uses, and the owner's monitor count where the parts tell too few. */
  main_uses: MainUse[];
  monitor_count_manual: number | null;
}

const DAY = 24 * 3600 * 1000;

export interface PlanOptions {
  now?: Date;
  seed?: number;
}

export function buildSeedPlan(options: PlanOptions = {}): SeedPlan {
  const now = (options.now ?? new Date()).getTime();
  const rng = createRandom(options.seed ?? 20231);
  const daysAgo = (days: number) => new Date(now - days * DAY - rng.int(0, DAY - 1));

  const users = SEED_USERS.map((u) => ({ ...u, created_date: daysAgo(u.joinedDaysAgo) }));
  const partTypes = SEED_PART_TYPES.map((t) => ({ ...t }));
  const parts = planParts(daysAgo);
  const stores = SEED_STORES.map((s, i) => ({ name: s.name, url: s.url, created_date: daysAgo(300 - i) }));
  const partStores = planPartStores(rng, parts);
  const battlestations = planStations(rng, users, parts, now);
  const favorites = planFavorites(rng, users, battlestations, now);
  const partRequests = [
    { name: 'Elgato Stream Deck MK.2', url: 'https://www.elgato.com/us/en/p/stream-deck-mk2-black', userIndex: 1, created_date: daysAgo(12) },
    { name: 'Herman Miller Embody', url: 'https://www.hermanmiller.com/products/seating/office-chairs/embody-chairs/', userIndex: 4, created_date: daysAgo(6) },
    { name: 'Shure SM7B', url: 'https://www.shure.com/en-US/products/microphones/sm7b', userIndex: 6, created_date: daysAgo(2) },
  ];
  return { users, partTypes, parts, stores, partStores, battlestations, favorites, partRequests };
}

function planParts(daysAgo: (days: number) => Date): SeedPlan['parts'] {
  return SEED_PART_TYPES.flatMap((type, typeIndex) =>
    SEED_PARTS[type.type_path].map(([name, manufacturer], i) => ({
      name,
      typeIndex,
      manufacturer,
      manufacturer_url: MANUFACTURER_URLS[manufacturer] ?? null,
      created_date: daysAgo(320 - typeIndex * 3 - i),
      look: typeIndex * 31 + i,
    })),
  );
}

function planPartStores(rng: Random, parts: SeedPlan['parts']): SeedPlan['partStores'] {
  return parts.flatMap((part, partIndex) => {
    const path = SEED_PART_TYPES[part.typeIndex].type_path;
    const sellers = SEED_STORES.map((store, storeIndex) => ({ store, storeIndex })).filter((s) => s.store.sells.includes(path));
    return rng
      .sample(sellers, rng.int(1, Math.min(4, sellers.length)))
      .map(({ store, storeIndex }) => ({ partIndex, storeIndex, url: store.search(part.name) }));
  });
}

/**
 * Kits (issue 19): station i leans on kit i % KITS (the kit's own part of each category), so parts go
 * together more often than chance ("Often paired with") and stations share parts in varied ways ("Similar
 * setups"). The first two stations of each kit are complete kits, so every part has partners on at least
 * two public stations; the others mix their kit with random picks.
 */
const KITS = 10;
const KIT_LOYALTY = 0.6;
const EXTRA_TYPES: SeedTypePath[] = ['motherboard', 'memory', 'storage', 'case', 'power-supply', 'headset', 'desk', 'chair'];

/** Parts of one station: always the core of a PC, plus a selection of the rest (all of it for a complete kit). */
function pickStationParts(rng: Random, parts: SeedPlan['parts'], kit: number, complete: boolean): number[] {
  const byType = (path: SeedTypePath) => {
    const typeIndex = SEED_PART_TYPES.findIndex((t) => t.type_path === path);
    return parts.map((p, i) => ({ p, i })).filter((x) => x.p.typeIndex === typeIndex).map((x) => x.i);
  };
  const pickOf = (path: SeedTypePath) => {
    const options = byType(path);
    return complete || rng.chance(KIT_LOYALTY) ? options[kit % options.length] : rng.pick(options);
  };
  const core: SeedTypePath[] = ['cpu', 'gpu', 'monitor', 'keyboard', 'mouse'];
  const extra = complete ? EXTRA_TYPES : rng.sample(EXTRA_TYPES, rng.int(0, EXTRA_TYPES.length));
  const chosen = [...core, ...extra].map(pickOf);
  if (rng.chance(0.25)) chosen.push(rng.pick(byType('monitor'))); // a second screen
  return [...new Set(chosen)];
}

function describe(rng: Random, partNames: string[]): string {
  const [first, second] = rng.sample(partNames, 2);
  const lines = [
    rng.pick(INTROS),
    '',
    `The heart of it is the ${first}${second ? `, paired with the ${second}` : ''}.`,
    ...rng.sample(MIDDLES, rng.int(1, 3)),
    '',
    rng.pick(OUTROS),
  ];
  return lines.join('\n');
}

function planStations(rng: Random, users: SeedPlan['users'], parts: SeedPlan['parts'], now: number): PlannedStation[] {
  const names = [...PUBLIC_STATION_NAMES.map((name) => ({ name, is_public: true })), ...PRIVATE_STATION_NAMES.map((name) => ({ name, is_public: false }))];
  // Owners of the private ones: the demo user, the moderator and pixel_pilot, so each role sees one.
  const privateOwners = [1, 2, 3];
  // Parts from their own stream: other seed data (descriptions, dates) may change without reshuffling them.
  const partsRng = createRandom(0x19_0019);
  // Desk properties from theirs too, for the same reason.
  const deskRng = createRandom(0x17_0017);
  return names.map(({ name, is_public }, i) => {
    const ownerIndex = is_public ? i % users.length : privateOwners[i - PUBLIC_STATION_NAMES.length];
    const owner = users[ownerIndex];
    const joined = owner.created_date.getTime();
    const created = new Date(joined + rng.next() * (now - joined - DAY));
    const partIndexes = pickStationParts(partsRng, parts, i % KITS, i < 2 * KITS);
    const username = owner.username;
    return {
      ownerIndex,
      name,
      description: rng.chance(0.1) ? '' : describe(rng, partIndexes.map((p) => parts[p].name)),
      instagram_url: rng.chance(0.4) ? `instagram.com/${username.replace(/_/g, '.')}` : null,
      reddit_url: rng.chance(0.5) ? `reddit.com/r/battlestations/comments/${(1e9 + i * 7919).toString(36)}/${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}/` : null,
      is_public,
      created_date: created,
      partIndexes,
      photos: Array.from({ length: rng.int(1, 6) }, () => ({ seed: rng.int(1, 2 ** 30), format: rng.chance(0.2) ? 'png' : 'jpeg' })),
      ...deskProperties(deskRng, name),
    };
  });
}

/** One to three main uses; the owner's monitor count where the name says how many or, now and then, more screens than parts. */
function deskProperties(rng: Random, name: string): Pick<PlannedStation, 'main_uses' | 'monitor_count_manual'> {
  const picked = new Set(rng.sample(MAIN_USES, rng.int(1, 3)));
  const main_uses = MAIN_USES.filter((use) => picked.has(use));
  if (/triple/i.test(name)) return { main_uses, monitor_count_manual: 3 };
  return { main_uses, monitor_count_manual: rng.chance(0.15) ? rng.int(3, 4) : null };
}

/** Some stations are far more popular than others, so the featured order means something. */
function planFavorites(rng: Random, users: SeedPlan['users'], stations: PlannedStation[], now: number): SeedPlan['favorites'] {
  const appeal = stations.map(() => rng.next() ** 2);
  const favorites: SeedPlan['favorites'] = [];
  stations.forEach((station, stationIndex) => {
    if (!station.is_public) return;
    users.forEach((user, userIndex) => {
      if (userIndex === station.ownerIndex || !rng.chance(appeal[stationIndex])) return;
      const from = Math.max(station.created_date.getTime(), user.created_date.getTime());
      favorites.push({ userIndex, stationIndex, created_date: new Date(from + rng.next() * (now - from)) });
    });
  });
  return favorites;
}
