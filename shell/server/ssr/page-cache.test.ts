import { createPageCache, pageBody } from './page-cache';

/** The kept rendered pages (ADR 012) on their own, with the clock in the test's hands. */
describe('createPageCache', () => {
  let now = 1_000_000;
  beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
  afterEach(() => jest.restoreAllMocks());

  const page = (url: string) => async () => pageBody({ status: 200, html: `<title>${url}</title>` });

  it('drops expired pages when a new one goes in, not only when their own URL is asked again', async () => {
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 500, version: () => 'v1' });
    // A burst of one-off URLs (a made-up query string each)...
    for (let i = 0; i < 100; i += 1) await cache.get(`/battlestations?x=${i}`, page(`${i}`));
    expect(cache.size()).toBe(100);
    now += 500;
    await cache.get('/parts', page('parts'));
    expect(cache.size()).toBe(101);
    // ...is gone with the next page kept once it has expired, though none of its URLs comes back.
    now += 600;
    await cache.get('/', page('home'));
    expect(cache.size()).toBe(2);
    // The page still within its time is served again, not rendered.
    const render = jest.fn(page('parts again'));
    expect((await cache.get('/parts', render))!.html.toString()).toBe('<title>parts</title>');
    expect(render).not.toHaveBeenCalled();
  });

  it('keeps at most maxEntries, dropping the oldest first', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 3, version: () => 'v1' });
    for (const url of ['/a', '/b', '/c', '/d']) await cache.get(url, page(url));
    expect(cache.size()).toBe(3);
    const render = jest.fn(page('/a again'));
    await cache.get('/a', render);
    expect(render).toHaveBeenCalledTimes(1);
  });
});
