import type { RemoteAppProps } from '@battledeck/shared/remote';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router-dom';
import { loadRemoteApp } from './remotes/remote-registry';
import { AppRoutes } from './routes';

jest.mock('./remotes/remote-registry', () => ({ loadRemoteApp: jest.fn(), loadedRemoteApp: () => undefined, takeFailedAtStart: () => false }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

/** Every render of a remote's App: which remote, the base path it was given and the URL it saw. */
const renders: string[] = [];

function fakeRemote(name: string) {
  return function RemoteApp({ basePath }: RemoteAppProps) {
    const { pathname } = useLocation();
    renders.push(`${name} at ${basePath} saw ${pathname}`);
    return (
      <div>
        <h1>{name}</h1>
        <Link to="/battlestations/40">Open battlestation 40</Link>
      </div>
    );
  };
}

describe('AppRoutes', () => {
  beforeEach(() => {
    renders.length = 0;
    // The layout scrolls to the top on each page; jsdom has no scrolling.
    window.scrollTo = jest.fn();
    setSession();
    mockFetch({ '/api/parts/types': [], '/api/battlestations/featured': [] });
    load.mockImplementation(async (name) => ({ default: fakeRemote(name) }));
  });
  afterEach(resetSession);

  it("never renders one area's remote at another area's path", async () => {
    renderWithProviders(<AppRoutes />, { route: '/parts/view/7' });
    expect(await screen.findByRole('heading', { name: 'mf_parts' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Open battlestation 40' }));
    expect(await screen.findByRole('heading', { name: 'mf_battlestations' })).toBeInTheDocument();
    expect(renders.filter((line) => line.startsWith('mf_parts'))).toEqual(
      expect.arrayContaining(['mf_parts at /parts saw /parts/view/7']),
    );
    expect(renders.filter((line) => !line.startsWith('mf_parts at /parts saw /parts/') && !line.startsWith('mf_battlestations at /battlestations saw /battlestations/'))).toEqual([]);
  });
});
