import { createQueryClient } from '@battledeck/shared/api';
import type { MemberResponse } from '@battledeck/shared/contract';
import { mockFetch } from '@battledeck/shared/testing';
import { screen, within } from '@testing-library/react';
import { card } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render-route';
import { prefetchMember } from '../prefetch-member';
import PeoplePage from './people-page';

const member = (overrides: Partial<MemberResponse> = {}): MemberResponse => ({
  username: 'Desk Maker',
  joined_date: '2025-05-06T07:08:09.000Z',
  station_count: 2,
  favorites_received: 5,
  battlestations: [card(2, { username: 'Desk Maker', name: 'Corner nook' }), card(1, { username: 'Desk Maker', name: 'Walnut desk' })],
  ...overrides,
});

const renderPeople = (route: string) => renderRoute(<PeoplePage />, { path: '/users/*', route });

describe('People page', () => {
  it("shows the member's public stations as cards, their count, the favorites they received and when they joined", async () => {
    const fetch = mockFetch({ '/api/users/by-name/Desk%20Maker': member() });
    renderPeople('/users/Desk%20Maker');
    expect(await screen.findByText('2 Battlestations')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Desk Maker' })).toBeInTheDocument();
    expect(document.title).toBe('Desk Maker | Battledeck');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Desk Maker on Battledeck: 2 public battlestations, with photos and part lists.',
    );
    expect(screen.getByText('2 Battlestations')).toBeInTheDocument();
    expect(screen.getByText(/5 Favorites received/)).toBeInTheDocument();
    expect(screen.getByText(/^Joined/)).toHaveTextContent('Joined');
    const cards = screen.getByRole('list', { name: 'Battlestations by Desk Maker' });
    expect(within(cards).getByRole('link', { name: 'Corner nook' })).toHaveAttribute('href', '/battlestations/2');
    expect(within(cards).getAllByRole('link', { name: 'Desk Maker' })[0]).toHaveAttribute('href', '/users/Desk%20Maker');
    expect(String(fetch.mock.calls[0][0])).toMatch(/\/api\/users\/by-name\/Desk%20Maker$/);
  });

  it('says when the member has no public station, and pages past 24', async () => {
    mockFetch({ '/api/users/by-name/quiet_one': member({ username: 'quiet_one', station_count: 0, favorites_received: 0, battlestations: [] }) });
    renderPeople('/users/quiet_one');
    expect(await screen.findByText("quiet_one hasn't shared any public battlestations yet.")).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Battlestation pages' })).not.toBeInTheDocument();

    const fetch = mockFetch({ '/api/users/by-name/busy_one': member({ username: 'busy_one', station_count: 30, battlestations: [card(9)] }) });
    renderPeople('/users/busy_one?pageNumber=2');
    const pages = await screen.findByRole('navigation', { name: 'Battlestation pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/users/busy_one');
    expect(String(fetch.mock.calls[0][0])).toMatch(/busy_one\?pageNumber=2$/);
  });

  it("opens the member whose name ends in '/' or holds '%2F' as text, not someone else", async () => {
    mockFetch({
      '/api/users/by-name/gamer1%2F': member({ username: 'gamer1/' }),
      '/api/users/by-name/gamer1': member({ username: 'gamer1' }),
      '/api/users/by-name/ab%252Fcd': member({ username: 'ab%2Fcd' }),
      '/api/users/by-name/ab%2Fcd': member({ username: 'ab/cd' }),
    });
    renderPeople('/users/gamer1%2F');
    expect(await screen.findByRole('heading', { level: 1, name: 'gamer1/' })).toBeInTheDocument();
    renderPeople('/users/ab%252Fcd');
    expect(await screen.findByRole('heading', { level: 1, name: 'ab%2Fcd' })).toBeInTheDocument();
  });

  it('shows the not-found page for a name nobody has', async () => {
    mockFetch({});
    renderPeople('/users/nobody_at_all');
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByText("We're sorry. This member doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all battlestations' })).toHaveAttribute('href', '/battlestations');
    expect(document.title).toBe('User not found | Battledeck');
  });

  it("keeps the not-found title when the answer is there from the start (the server's data, hydrating)", async () => {
    mockFetch({});
    const queryClient = createQueryClient();
    await prefetchMember('/nobody_at_all', new URLSearchParams(), queryClient);
    document.title = 'User not found | Battledeck';
    renderRoute(<PeoplePage />, { path: '/users/*', route: '/users/nobody_at_all', queryClient });
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeInTheDocument();
    expect(document.title).toBe('User not found | Battledeck');
  });
});

describe('People page on the server', () => {
  it('finds a member whose name the path encodes (a space, an accent, a trailing slash of the name)', async () => {
    mockFetch({
      '/api/users/by-name/Desk%20Maker': member(),
      '/api/users/by-name/Jos%C3%A9_Desk': member({ username: 'José_Desk' }),
      '/api/users/by-name/gamer1%2F': member({ username: 'gamer1/' }),
      '/api/users/by-name/gamer1': member({ username: 'gamer1' }),
    });
    const titleOf = async (path: string) => (await prefetchMember(path, new URLSearchParams(), createQueryClient())).title;
    expect(await titleOf('/Desk%20Maker')).toBe('Desk Maker');
    expect(await titleOf('/Jos%C3%A9_Desk')).toBe('José_Desk');
    expect(await titleOf('/gamer1%2F')).toBe('gamer1/');
    // A literal trailing slash is the path's own.
    expect(await titleOf('/gamer1/')).toBe('gamer1');
  });

  it('prefetches the member and says the head; an unknown name is a 404 page', async () => {
    mockFetch({ '/api/users/by-name/a%2Fb': member({ username: 'a/b' }) });
    const queryClient = createQueryClient();
    expect(await prefetchMember('/a%2Fb', new URLSearchParams(), queryClient)).toEqual({
      title: 'a/b',
      description: 'a/b on Battledeck: 2 public battlestations, with photos and part lists.',
      canonical: '/users/a%2Fb',
    });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
    // Its canonical address keeps the page of its stations, and nothing else of the query.
    expect((await prefetchMember('/a%2Fb', new URLSearchParams('x=1&pageNumber=2'), createQueryClient()))?.canonical).toBe('/users/a%2Fb?pageNumber=2');
    expect(await prefetchMember('/nobody', new URLSearchParams(), createQueryClient())).toEqual({ title: 'User not found', status: 404 });
    expect(await prefetchMember('/%E0%A4%A', new URLSearchParams(), createQueryClient())).toEqual({ title: 'User not found', status: 404 });
    expect(await prefetchMember('/', new URLSearchParams(), createQueryClient())).toEqual({ title: 'User not found', status: 404 });
  });
});
