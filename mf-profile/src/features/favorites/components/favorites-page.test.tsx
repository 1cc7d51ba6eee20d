import { queryKeys } from '@battledeck/shared/api';
import type { BattlestationCard } from '@battledeck/shared/contract';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import App from '../../../app';

const UID = 'uid-demo_user';
const FAVORITES_URL = `/api/users/${UID}/favorites`;

const card = (id: number, overrides: Partial<BattlestationCard> = {}): BattlestationCard => ({
  battlestation_id: id,
  name: `Station ${id}`,
  username: 'someone_else',
  created_date: '2026-03-04T05:06:07.000Z',
  image_count: 4,
  part_count: 6,
  thumbnail: `photo${id}.png`,
  favorites: 9,
  is_public: 1,
  ...overrides,
});

function renderPage() {
  return renderWithProviders(<App basePath="/profile" />, { route: '/profile/favorites', path: '/profile/*' });
}

beforeEach(() => setSession({ user: { uid: UID, displayName: 'demo_user', email: 'demo@example.com' }, getIdToken: async () => 'token' }));
afterEach(resetSession);

describe('Favorites', () => {
  it("shows 'LOADING...' and then the favorites with creator and counts", async () => {
    let answer: (stations: BattlestationCard[]) => void = () => undefined;
    mockFetch({ [FAVORITES_URL]: () => new Promise((resolve) => (answer = resolve)) });
    renderPage();

    expect(await screen.findByText('LOADING...')).toHaveAttribute('role', 'status');
    answer([card(3, { name: 'Battle Cave', username: 'rgb_wizard' })]);
    const row = (await screen.findByRole('link', { name: 'Battle Cave' })).closest('tr')!;
    expect(document.title).toBe('Favorites | Battledeck');
    expect(within(row).getByRole('link', { name: 'Battle Cave' })).toHaveAttribute('href', '/battlestations/3');
    expect(within(row).getByText('rgb_wizard')).toBeInTheDocument();
    expect(row.querySelector('img')).toHaveAttribute('src', '/images/battlestations/photo3_thumb.png');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Photo', 'Name', 'Creator', 'Images', 'Parts']);
    expect(within(row).getAllByRole('cell').map((td) => td.textContent)).toEqual(['', 'Battle Caveby: rgb_wizard · 4 images · 6 parts', 'rgb_wizard', '4', '6']);
    expect(screen.getByRole('link', { name: 'Favorites' })).toHaveAttribute('aria-current', 'page');
  });

  it('says when the favorites could not be loaded', async () => {
    mockFetch({ [FAVORITES_URL]: () => new Response(JSON.stringify({ message: 'Down.' }), { status: 503 }) });
    renderPage();
    expect(await screen.findByText('Sorry, we were unable to load any battlestations. Please try again later.')).toBeInTheDocument();
  });

  it('has a word for no favorites yet', async () => {
    mockFetch({ [FAVORITES_URL]: [] });
    renderPage();
    expect(await screen.findByText(/You haven't favorited any battlestations yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Battlestations' })).toHaveAttribute('href', '/battlestations');
  });

  it("drops a station unfavorited elsewhere: the favorite toggle's invalidation of ['users'] refetches it", async () => {
    let favorites = [card(3, { name: 'Battle Cave' }), card(4, { name: 'Clean Desk' })];
    mockFetch({ [FAVORITES_URL]: () => favorites });
    const { queryClient } = renderPage();
    expect(await screen.findByRole('link', { name: 'Clean Desk' })).toBeInTheDocument();

    favorites = favorites.filter((s) => s.battlestation_id !== 4);
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Clean Desk' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Battle Cave' })).toBeInTheDocument();
  });
});
