import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { uniqueLetters, uniqueSuffix } from './helpers/emulator-accounts';
import { createBattlestation, createPart, createUser, type TestUser } from './helpers/factories';
import { countPublicBattlestations } from '../src/repositories/battlestations-repository';
import { listBattlestations, planStationSearch } from '../src/services/battlestations-service';

let t: TestApp;
let owner: TestUser;
const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t?.close());

interface Card {
  battlestation_id: number;
  name: string;
  favorites: number;
  created_date: string;
  is_public: number;
}
interface ListBody {
  battlestations: Card[];
  total: number;
}

async function list(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return t.app.inject({ method: 'GET', url: `/api/battlestations?${qs}` });
}

async function listOk(query: Record<string, string | number>): Promise<ListBody> {
  const res = await list(query);
  expect(res.statusCode).toBe(200);
  return res.json<ListBody>();
}

const ids = (body: ListBody) => body.battlestations.map((c) => c.battlestation_id);

describe('GET /api/battlestations: sorting and paging', () => {
  // Every station of this block carries a marker word, so the search narrows the list to them.
  const marker = `srt${uniqueSuffix()}`;
  let stations: { alpha: number; beta: number; charlie: number; delta: number };
  let fans: TestUser[];

  beforeAll(async () => {
    fans = await Promise.all([createUser(t.app), createUser(t.app)]);
    const make = (name: string, age: number, favoritedBy: TestUser[] = []) =>
      createBattlestation(t.app, { owner, name: `${name} ${marker}`, created_date: daysAgo(age), favoritedBy }).then((s) => s.battlestation_id);
    // Names differ in case to prove the sort ignores it; beta and charlie share a date to prove the tie-break.
    stations = {
      charlie: await make('charlie', 5, fans.slice(0, 1)),
      alpha: await make('Alpha', 10, fans),
      beta: await make('beta', 5, fans.slice(0, 1)),
      delta: await make('Delta', 1),
    };
    await createBattlestation(t.app, { owner, name: `Hidden ${marker}`, is_public: false, favoritedBy: fans });
  });

  it('lists public stations only, oldest first by default, with the total', async () => {
    const body = await listOk({ searchTerm: marker });
    expect(body.total).toBe(4);
    // Equal dates: the lower id first (stable paging).
    expect(ids(body)).toEqual([stations.alpha, stations.charlie, stations.beta, stations.delta]);
    expect(body.battlestations.every((c) => c.is_public === 1)).toBe(true);
  });

  it('sorts by name ignoring case, both directions', async () => {
    expect(ids(await listOk({ searchTerm: marker, sortBy: 'name' }))).toEqual([stations.alpha, stations.beta, stations.charlie, stations.delta]);
    expect(ids(await listOk({ searchTerm: marker, sortBy: 'name', direction: 'desc' }))).toEqual([
      stations.delta,
      stations.charlie,
      stations.beta,
      stations.alpha,
    ]);
  });

  it('sorts by favorites, then by date, then by id', async () => {
    expect(ids(await listOk({ searchTerm: marker, sortBy: 'favorites', direction: 'desc' }))).toEqual([
      stations.alpha,
      stations.beta,
      stations.charlie,
      stations.delta,
    ]);
    expect(ids(await listOk({ searchTerm: marker, sortBy: 'favorites', direction: 'asc' }))).toEqual([
      stations.delta,
      stations.charlie,
      stations.beta,
      stations.alpha,
    ]);
  });

  it('sorts by date newest first with the id as tie-break', async () => {
    expect(ids(await listOk({ searchTerm: marker, sortBy: 'created_date', direction: 'desc' }))).toEqual([
      stations.delta,
      stations.beta,
      stations.charlie,
      stations.alpha,
    ]);
  });

  it('pages without gaps or repeats, the total on every page, an empty page past the end', async () => {
    const owner2 = await createUser(t.app);
    const pageMarker = `pg${uniqueSuffix()}`;
    const created: number[] = [];
    for (let i = 0; i < 14; i++) {
      // Seven pairs sharing a date: paging must still be stable.
      const station = await createBattlestation(t.app, { owner: owner2, name: `Paged ${pageMarker}`, created_date: daysAgo(100 - Math.floor(i / 2)), parts: 1 });
      created.push(station.battlestation_id);
    }
    const first = await listOk({ searchTerm: pageMarker, pageNumber: 1, resultsPerPage: 12 });
    const second = await listOk({ searchTerm: pageMarker, pageNumber: 2, resultsPerPage: 12 });
    const third = await listOk({ searchTerm: pageMarker, pageNumber: 3, resultsPerPage: 12 });
    expect([first.total, second.total, third.total]).toEqual([14, 14, 14]);
    expect(first.battlestations).toHaveLength(12);
    expect([...ids(first), ...ids(second)]).toEqual(created);
    expect(third.battlestations).toEqual([]);
    expect((await listOk({ searchTerm: pageMarker, resultsPerPage: 24 })).battlestations).toHaveLength(14);
  });
});

describe('GET /api/battlestations: validation', () => {
  it.each([
    ['resultsPerPage', '13', 'resultsPerPage must be one of: 12, 24, 48, 96.'],
    ['sortBy', 'evil', 'sortBy must be one of: name, favorites, created_date.'],
    ['direction', 'sideways', 'direction must be one of: asc, desc.'],
    ['pageNumber', '0', 'pageNumber must be a whole number of at least 1.'],
    ['pageNumber', 'two', 'pageNumber must be a whole number of at least 1.'],
  ])('refuses %s=%s naming what is allowed', async (key, value, message) => {
    const res = await list({ [key]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('accepts every page size of the spec', async () => {
    for (const size of [12, 24, 48, 96]) expect((await list({ resultsPerPage: size })).statusCode).toBe(200);
  });
});

describe('GET /api/battlestations: search (decision 16)', () => {
  const marker = `srch${uniqueSuffix()}`;
  let walnut: number;
  let byPart: number;
  let byUser: number;
  let byDescription: number;
  let creator: TestUser;

  beforeAll(async () => {
    creator = await createUser(t.app, { username: `Nightowl${uniqueSuffix()}` });
    const part = await createPart(t.app, { name: `Quasarlux Monitor ${marker}` });
    walnut = (await createBattlestation(t.app, { owner, name: `Walnut Workshop ${marker}` })).battlestation_id;
    byPart = (await createBattlestation(t.app, { owner, name: `Plain ${marker}`, parts: [part] })).battlestation_id;
    byUser = (await createBattlestation(t.app, { owner: creator, name: `Owl corner ${marker}` })).battlestation_id;
    byDescription = (
      await createBattlestation(t.app, { owner, name: `Described ${marker}`, description: 'A mechanical keyboard\nand a lot of plants' })
    ).battlestation_id;
    await createBattlestation(t.app, { owner, name: `Walnut private ${marker}`, is_public: false });
  });

  const search = async (term: string) => ids(await listOk({ searchTerm: term, resultsPerPage: 96 }));

  it('matches the name ignoring case, and never a private station', async () => {
    expect(await search(`WALNUT ${marker}`)).toEqual([walnut]);
  });

  it('tolerates small typos', async () => {
    expect(await search(`wallnut ${marker}`)).toEqual([walnut]);
    expect(await search(`walnt ${marker}`)).toEqual([walnut]);
  });

  it('matches a word that exists as written exactly, and only a word found nowhere loosely', async () => {
    const floppy = (await createBattlestation(t.app, { owner, name: `Floppy Disk corner ${marker}` })).battlestation_id;
    const standing = (await createBattlestation(t.app, { owner, name: `Standing Desk ${marker}` })).battlestation_id;
    expect(await search(`desk ${marker}`)).toEqual([standing]);
    expect(await search(`disk ${marker}`)).toEqual([floppy]);
    expect(await search(`standng ${marker}`)).toEqual([standing]);
  });

  it("matches part names, the creator's username and the description", async () => {
    expect(await search(`quasarlux ${marker}`)).toEqual([byPart]);
    expect(await search(`${creator.username.toLowerCase()} ${marker}`)).toEqual([byUser]);
    expect(await search(`plants ${marker}`)).toEqual([byDescription]);
  });

  it('needs every word to match, in any order', async () => {
    expect(await search(`${marker} workshop`)).toEqual([walnut]);
    expect(await search(`${marker} workshop plants`)).toEqual([]);
  });

  it('answers an empty list and a zero total when nothing matches', async () => {
    const body = await listOk({ searchTerm: `zzqqxx${uniqueSuffix()}` });
    expect(body).toMatchObject({ battlestations: [], total: 0 });
  });

  it('takes LIKE wildcards literally', async () => {
    expect((await listOk({ searchTerm: '%' })).total).toBe(0);
    expect((await listOk({ searchTerm: '%%%' })).total).toBe(0);
  });

  it('treats a blank search as no search', async () => {
    const all = await listOk({ resultsPerPage: 96 });
    const blank = await listOk({ resultsPerPage: 96, searchTerm: '   ' });
    expect(blank.total).toBe(all.total);
  });
});

describe('GET /api/battlestations: caching', () => {
  it('is revalidated by browsers (ETag, 304) and kept briefly by shared caches', async () => {
    const res = await list({});
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    const etag = String(res.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/api/battlestations', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /api/battlestations: large search passes take turns (decision 015)', () => {
  let gated: TestApp;
  beforeAll(async () => {
    // Every count or gathering counts as large here, and one runs at a time.
    gated = await buildTestApp({ largeSearchRows: 0, largeSearchConcurrency: 1 });
  });
  afterAll(() => gated?.close());

  it('holds a search while the slot is taken, and answers the plain list meanwhile', async () => {
    const marker = `turn${uniqueSuffix()}`;
    const gatedOwner = await createUser(gated.app);
    const station = await createBattlestation(gated.app, { owner: gatedOwner, name: `Queued ${marker}` });
    const slots = gated.app.largeSearchSlots;
    let release!: () => void;
    const holder = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const get = (query: string) => gated.app.inject({ method: 'GET', url: `/api/battlestations?${query}` });

    let answered = false;
    const search = get(`searchTerm=${marker}`).then((res) => ((answered = true), res));
    expect((await get('resultsPerPage=12')).statusCode).toBe(200);
    // The search reaches the slot after its vocabulary reads, and waits there (without the turns it answers).
    for (let waited = 0; slots.stats.waiting === 0 && !answered && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    expect(slots.stats).toEqual({ running: 1, waiting: 1 });

    release();
    await holder;
    const res = await search;
    expect(res.statusCode).toBe(200);
    expect(ids(res.json<ListBody>())).toEqual([station.battlestation_id]);
    expect(slots.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('reads a large three-word search page first, walked or gathered with its total, and answers as the count first does', async () => {
    const marker = `early${uniqueLetters()}q`;
    const gatedOwner = await createUser(gated.app);
    const day = 24 * 3600 * 1000;
    // 15 stations hold every word, 3 only the marker; shared names and dates, so the id tie-break decides too.
    // Three words: no kept pair count knows the total (two words would be read from search_word_pairs).
    for (let i = 0; i < 18; i++) {
      const name = `${['Beta', 'alpha', 'Gamma'][i % 3]} ${marker}${i < 15 ? ' oakwood plinth' : ''}`;
      await createBattlestation(gated.app, { owner: gatedOwner, name, created_date: new Date(Date.now() - (i % 4) * day), favoritedBy: i % 5 === 0 ? [gatedOwner] : [] });
    }
    const plan = await planStationSearch(gated.app.db, [marker, 'oakwood', 'plinth']);
    const total = await countPublicBattlestations(gated.app.db, plan!.terms);
    expect(total).toBe(15);
    for (const sortBy of ['name', 'favorites', 'created_date'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const pageNumber of [1, 2, 3]) {
          const params = { searchTerm: `${marker} oakwood plinth`, sortBy, direction, pageNumber, resultsPerPage: 12 };
          const res = await gated.app.inject({ method: 'GET', url: `/api/battlestations?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` });
          // The service without large passes counts first, then walks or gathers the page (the path before).
          const countedFirst = JSON.parse(JSON.stringify(await listBattlestations(gated.app.db, params))) as ListBody;
          expect(countedFirst.total).toBe(total);
          expect(res.json<ListBody>()).toEqual(countedFirst);
        }
      }
    }
  });
});
