import { SITEMAP, SITEMAP_FILE_MAX, SITEMAP_MESSAGES, sitemapBattlestations, sitemapParts, sitemapSummary, type SitemapBattlestations, type SitemapParts, type SitemapSummary } from '@battledeck/shared/contract';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createBattlestation, createPart, createUser } from './helpers/factories';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, query });

describe('GET /api/sitemap… (ADR 025)', () => {
  it('lists the public stations of a file by id with when each changed, never a private one, and the last public id', async () => {
    const owner = await createUser(t.app);
    const first = await createBattlestation(t.app, { owner, created_date: new Date('2026-01-02T03:04:05Z') });
    const second = await createBattlestation(t.app, { owner });
    const hidden = await createBattlestation(t.app, { owner, is_public: false });

    const summary = await get('/api/sitemap');
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['cache-control']).toBe('public, max-age=3600');
    const ids = summary.json<SitemapSummary>();
    expect(sitemapSummary.safeParse(ids).success).toBe(true);
    // The newest station is private: the last id listed is the public one before it.
    expect(ids.lastBattlestationId).toBe(second.battlestation_id);
    expect(hidden.battlestation_id).toBeGreaterThan(second.battlestation_id);

    const file = Math.floor((first.battlestation_id - 1) / SITEMAP.idsPerFile);
    const res = await get('/api/sitemap/battlestations', { file: String(file) });
    expect(res.statusCode).toBe(200);
    const body = res.json<SitemapBattlestations>();
    expect(sitemapBattlestations.safeParse(body).success).toBe(true);
    const listed = body.battlestations.map((row) => row.battlestation_id);
    expect(listed).toEqual([...listed].sort((a, b) => a - b));
    expect(listed).toEqual(expect.arrayContaining([first.battlestation_id, second.battlestation_id]));
    expect(listed).not.toContain(hidden.battlestation_id);
    expect(body.battlestations.find((row) => row.battlestation_id === first.battlestation_id)?.updated_date).toBe('2026-01-02T03:04:05.000Z');
    // Each id in its file only.
    expect(listed.every((id) => Math.floor((id - 1) / SITEMAP.idsPerFile) === file)).toBe(true);
  });

  it('puts an id in the file its range gives, and a file past the last id is a 404', async () => {
    const owner = await createUser(t.app);
    // The third file's first id, as if twenty thousand stations had come before it.
    await t.app.db.execute(sql.raw(`ALTER TABLE battlestations ALTER COLUMN battlestation_id RESTART WITH ${2 * SITEMAP.idsPerFile + 1}`));
    const { battlestation_id: id } = await createBattlestation(t.app, { owner });
    expect(id).toBe(2 * SITEMAP.idsPerFile + 1);
    const inFile = async (file: number) => (await get('/api/sitemap/battlestations', { file: String(file) })).json<SitemapBattlestations>().battlestations.map((row) => row.battlestation_id);
    expect(await inFile(1)).toEqual([]);
    expect(await inFile(2)).toEqual([id]);
    expect((await get('/api/sitemap')).json<SitemapSummary>().lastBattlestationId).toBe(id);
    // Past the last public id's file: no such file (the index never lists one).
    for (const file of [3, SITEMAP_FILE_MAX]) {
      const res = await get('/api/sitemap/battlestations', { file: String(file) });
      expect([file, res.statusCode, res.json<{ message: string }>().message]).toEqual([file, 404, SITEMAP_MESSAGES.noFile]);
    }
  });

  it('lists the parts of a file by id', async () => {
    const part = await createPart(t.app);
    const file = Math.floor((part.part_id - 1) / SITEMAP.idsPerFile);
    const body = (await get('/api/sitemap/parts', { file: String(file) })).json<SitemapParts>();
    expect(sitemapParts.safeParse(body).success).toBe(true);
    expect(body.parts.map((row) => row.part_id)).toContain(part.part_id);
    expect((await get('/api/sitemap')).json<SitemapSummary>().lastPartId).toBe(part.part_id);
    expect((await get('/api/sitemap/parts', { file: String(file + 1) })).statusCode).toBe(404);
  });

  it('refuses a file number that is not one, with a clear message', async () => {
    for (const file of ['', 'x', '-1', '1.5', String(SITEMAP_FILE_MAX + 1), '1e9']) {
      for (const url of ['/api/sitemap/battlestations', '/api/sitemap/parts']) {
        const res = await get(url, { file });
        expect([url, file, res.statusCode]).toEqual([url, file, 400]);
        expect(res.json<{ message: string }>().message).toContain('file must be a whole number');
      }
    }
  });
});
