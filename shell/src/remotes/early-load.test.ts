import { preloadRouteRemote } from './early-load';
import { loadRemoteApp } from './remote-registry';

jest.mock('./remote-registry', () => ({ loadRemoteApp: jest.fn() }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

describe('loading the opened page’s remote early', () => {
  beforeEach(() => {
    load.mockReset();
    load.mockResolvedValue({ default: () => null });
  });

  it.each([
    ['/battlestations', 'mf_battlestations'],
    ['/battlestations/12/edit', 'mf_battlestations'],
    ['/parts/view/3', 'mf_parts'],
    ['/profile/favorites', 'mf_profile'],
  ])('%s starts loading %s', (pathname, name) => {
    preloadRouteRemote(pathname);
    expect(load.mock.calls).toEqual([[name]]);
  });

  it.each(['/', '/login', '/admin', '/admin/users', '/partsbin', '/battlestations.json'])('%s loads no remote', (pathname) => {
    preloadRouteRemote(pathname);
    expect(load).not.toHaveBeenCalled();
  });

  it('leaves a failure to the page’s section (no unhandled rejection)', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    load.mockRejectedValue(new Error('remote down'));
    preloadRouteRemote('/parts');
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
