import { OEMBED, oembedResponse, type OembedResponse } from '@battledeck/shared/contract';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { bearer, createBattlestation, createUser, type TestUser } from './helpers/factories';

let t: TestApp;
let owner: TestUser;
let origin: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
  origin = t.app.config.publicOrigin;
});
afterAll(() => t?.close());

const oembed = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/oembed', query, headers });
const pageUrl = (id: number | string) => `${origin}/battlestations/${id}`;

describe('GET /api/oembed (oEmbed 1.0)', () => {
  it("answers a public station's page with a rich embed: an iframe of its card, title, author, provider, thumbnail", async () => {
    const station = await createBattlestation(t.app, { owner, name: 'Night Owl', images: ['photo.jpg', 'second.jpg'] });
    const res = await oembed({ url: pageUrl(station.battlestation_id), format: 'json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const body = res.json<OembedResponse>();
    expect(oembedResponse.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      type: 'rich',
      version: '1.0',
      title: 'Night Owl',
      author_name: owner.username,
      author_url: `${origin}/users/${encodeURIComponent(owner.username)}`,
      provider_name: 'Battledeck',
      provider_url: `${origin}/`,
      cache_age: OEMBED.cacheAge,
      html: expect.stringMatching(/^<iframe [^<]*><\/iframe>$/),
      width: OEMBED.width,
      height: OEMBED.height,
      // The factory's photos are 1600 × 1000: the _thumb copy is 640 wide.
      thumbnail_url: `${origin}/images/battlestations/photo_thumb.jpg`,
      thumbnail_width: 640,
      thumbnail_height: 400,
    });
    expect(body.html).toContain(`src="${origin}/embed/battlestations/${station.battlestation_id}"`);
    expect(body.html).toContain(`width="${OEMBED.width}" height="${OEMBED.height}"`);
    expect(body.html).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    // Without a format, JSON too; the card page address is accepted like the station page.
    expect((await oembed({ url: `${origin}/embed/battlestations/${station.battlestation_id}?x=1#y` })).statusCode).toBe(200);
  });

  it('honours maxwidth and maxheight: the iframe and the thumbnail fit them, or the thumbnail is left out', async () => {
    const station = await createBattlestation(t.app, { owner, images: ['wide.jpg'] });
    await t.app.db.execute(sql`UPDATE battlestation_images SET widths = '{320,480,640,960,1280}' WHERE battlestation_id = ${station.battlestation_id}`);
    const small = (await oembed({ url: pageUrl(station.battlestation_id), maxwidth: '500', maxheight: '350' })).json<OembedResponse>();
    expect([small.width, small.height]).toEqual([480, 350]);
    expect(small.html).toContain('width="480" height="350"');
    expect(small).toMatchObject({ thumbnail_url: `${origin}/images/battlestations/wide_w480.webp`, thumbnail_width: 480, thumbnail_height: 300 });
    const tiny = (await oembed({ url: pageUrl(station.battlestation_id), maxwidth: '100', maxheight: '50' })).json<OembedResponse>();
    expect([tiny.width, tiny.height]).toEqual([100, 50]);
    expect(tiny).not.toHaveProperty('thumbnail_url');
    expect(tiny).not.toHaveProperty('thumbnail_width');
    const large = (await oembed({ url: pageUrl(station.battlestation_id), maxwidth: '10000', maxheight: '10000' })).json<OembedResponse>();
    expect([large.width, large.height]).toEqual([OEMBED.width, OEMBED.height]);
  });

  it('leaves the thumbnail out for a station without photos', async () => {
    const station = await createBattlestation(t.app, { owner, images: [] });
    const body = (await oembed({ url: pageUrl(station.battlestation_id) })).json<OembedResponse>();
    expect(body.type).toBe('rich');
    expect(body).not.toHaveProperty('thumbnail_url');
  });

  it('never embeds a private station: 404, even for its owner, as for an unknown one', async () => {
    const hidden = await createBattlestation(t.app, { owner, is_public: false, name: 'Secret desk' });
    for (const headers of [{}, bearer(owner)]) {
      const res = await oembed({ url: pageUrl(hidden.battlestation_id) }, headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Secret desk');
    }
    expect((await oembed({ url: pageUrl(2_000_000_000) })).statusCode).toBe(404);
    // Ids out of range name no station: 404, never a database error.
    for (const id of ['0', '2147483648', '99999999999999999999999']) expect((await oembed({ url: pageUrl(id) })).statusCode).toBe(404);
  });

  it('answers 501 for format=xml and any other format', async () => {
    const station = await createBattlestation(t.app, { owner });
    for (const format of ['xml', 'XML', 'yaml']) {
      const res = await oembed({ url: pageUrl(station.battlestation_id), format });
      expect(res.statusCode).toBe(501);
      expect(res.json()).toEqual({ message: 'Only format=json is supported.' });
    }
  });

  it('answers 400 for an address that is not a station page of this site, whatever it holds', async () => {
    const station = await createBattlestation(t.app, { owner });
    const id = station.battlestation_id;
    const host = new URL(origin).host;
    const hostile = [
      '',
      'not a url',
      `https://evil.example/battlestations/${id}`,
      `${origin}.evil.example/battlestations/${id}`,
      `http://user:pass@${host}/battlestations/${id}`,
      `${origin.replace(/^http:/, 'https:')}:444/battlestations/${id}`,
      `javascript:alert(1)//${host}/battlestations/${id}`,
      `data:text/html,<script>alert(1)</script>`,
      `${origin}/battlestations/${id}/edit`,
      `${origin}/battlestations/new`,
      `${origin}/battlestations/${id}"><script>alert(1)</script>`,
      `${origin}/parts/view/1`,
      `${origin}/battlestations/-1`,
      `${origin}/battlestations/1e3`,
      `//${host}/battlestations/${id}`,
      `/battlestations/${id}`,
      `${origin}/battlestations/${id}`.padEnd(5000, 'x'),
    ];
    for (const url of hostile) {
      const res = await oembed({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json()).toHaveProperty('message');
      expect(res.body).not.toContain('<script>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/oembed' })).statusCode).toBe(400);
    for (const maxwidth of ['0', '-5', 'abc', '1.5', '99999999999999999999']) {
      expect((await oembed({ url: pageUrl(id), maxwidth })).statusCode).toBe(400);
    }
  });

  it('escapes the station name in the html and answers it as JSON text', async () => {
    const name = `"><script>alert('x')</script><img src=x onerror=alert(1)>`;
    const station = await createBattlestation(t.app, { owner, name });
    const body = (await oembed({ url: pageUrl(station.battlestation_id) })).json<OembedResponse>();
    expect(body.title).toBe(name);
    expect(body.html).not.toMatch(/<script|<img/);
    expect(body.html).toContain('title="&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;');
    expect(body.html.match(/<[a-z/]+/g)).toEqual(['<iframe', '</iframe']);
  });
});
