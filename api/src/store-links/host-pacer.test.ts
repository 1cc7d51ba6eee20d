import { linkHost, runPerHost } from './host-pacer';

describe('runPerHost', () => {
  it('spaces requests to one host and never runs two of them at once', async () => {
    const starts: Record<string, number[]> = {};
    let active = 0;
    let peak = 0;
    const items = ['a/1', 'a/2', 'a/3', 'b/1', 'c/1', 'c/2'];
    await runPerHost(
      items,
      (item) => item.split('/')[0],
      async (item) => {
        const host = item.split('/')[0];
        (starts[host] ??= []).push(Date.now());
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active -= 1;
      },
      { concurrency: 2, spacingMs: 60 },
    );
    expect(peak).toBeLessThanOrEqual(2);
    for (const times of Object.values(starts)) {
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(55);
    }
    expect(Object.values(starts).flat()).toHaveLength(items.length);
  });

  it('goes on after a failing job', async () => {
    const done: string[] = [];
    await runPerHost(['x', 'y'], () => 'h', async (item) => {
      if (item === 'x') throw new Error('boom');
      done.push(item);
    }, { concurrency: 1, spacingMs: 0 });
    expect(done).toEqual(['y']);
  });

  it('paces by host name, case-insensitively', () => {
    expect(linkHost('https://Shop.Example/a')).toBe('shop.example');
    expect(linkHost('not a url')).toBe('');
  });
});
