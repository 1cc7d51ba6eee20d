import { queryKeys } from '@battledeck/shared/api';
import type { BattlestationCard } from '@battledeck/shared/contract';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
    // The Creator column's link, and the phone line's (each hidden by CSS where the other shows).
    expect(within(row).getAllByRole('link', { name: 'rgb_wizard' }).map((a) => a.getAttribute('href'))).toEqual(['/users/rgb_wizard', '/users/rgb_wizard']);
    expect(row.querySelector('img')).toHaveAttribute('src', '/images/battlestations/photo3_thumb.png');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Photo', 'Name', 'Creator', 'Images', 'Parts', 'Actions']);
    expect(within(row).getAllByRole('cell').map((td) => td.textContent)).toEqual(['', 'Battle Caveby: rgb_wizard · 4 images · 6 parts', 'rgb_wizard', '4', '6', 'Remove from favorites']);
    // On phones the Creator column hides and the line under the name says 'by: …': a link there too.
    const nameCell = within(row).getAllByRole('cell')[1];
    expect(within(nameCell).getByRole('link', { name: 'rgb_wizard' })).toHaveAttribute('href', '/users/rgb_wizard');
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

  describe('Remove from favorites', () => {
    /** A deferred response, to look at the page while the call is pending. */
    function deferred() {
      let resolve!: (response: Response) => void;
      const promise = new Promise<Response>((r) => (resolve = r));
      return { promise, resolve };
    }
    const removeButton = (name: string) => screen.getByRole('button', { name: `Remove from favorites: ${name}` });

    it("takes the row away at once with PUT action 'remove', then refreshes every list and count", async () => {
      let favorites = [card(3, { name: 'Battle Cave' }), card(4, { name: 'Clean Desk' })];
      const answer = deferred();
      const fetch = mockFetch({
        [FAVORITES_URL]: () => favorites,
        '/api/battlestations/favorites/3': () => answer.promise,
      });
      const { queryClient } = renderPage();
      await screen.findByRole('link', { name: 'Battle Cave' });
      const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

      expect(removeButton('Battle Cave')).toHaveTextContent('Remove from favorites');
      fireEvent.click(removeButton('Battle Cave'));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Battle Cave' })).not.toBeInTheDocument());
      const [, init] = fetch.mock.calls.find(([url]) => String(url).includes('/api/battlestations/favorites/3'))!;
      expect(init).toMatchObject({ method: 'PUT', body: JSON.stringify({ action: 'remove' }) });
      expect(invalidate).not.toHaveBeenCalled();

      favorites = favorites.filter((s) => s.battlestation_id !== 3);
      answer.resolve(new Response(JSON.stringify({ favorites: 8, is_favorited: 0 }), { status: 200 }));
      await waitFor(() => expect(invalidate).toHaveBeenCalled());
      const prefixes = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
      expect(prefixes).toEqual(expect.arrayContaining([queryKeys.battlestations.all, queryKeys.users.all, queryKeys.admin.all]));
      expect(screen.queryByRole('link', { name: 'Battle Cave' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Clean Desk' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    });

    it("puts the row back in its place and says 'Sorry, unable to save this right now.' when the call fails", async () => {
      const favorites = [card(3, { name: 'Battle Cave' }), card(4, { name: 'Clean Desk' }), card(5, { name: 'Loft' })];
      const answer = deferred();
      mockFetch({ [FAVORITES_URL]: () => favorites, '/api/battlestations/favorites/4': () => answer.promise });
      renderPage();
      await screen.findByRole('link', { name: 'Clean Desk' });

      fireEvent.click(removeButton('Clean Desk'));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Clean Desk' })).not.toBeInTheDocument());
      answer.resolve(new Response(JSON.stringify({ message: 'nope' }), { status: 500 }));

      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Sorry, unable to save this right now.'));
      await screen.findByRole('link', { name: 'Clean Desk' });
      const names = screen.getAllByRole('link', { name: /^(Battle Cave|Clean Desk|Loft)$/ }).map((link) => link.textContent);
      expect(names).toEqual(['Battle Cave', 'Clean Desk', 'Loft']);
    });

    it("moves the focus to the next row's Remove button when its row goes", async () => {
      let favorites = [card(3, { name: 'Battle Cave' }), card(4, { name: 'Clean Desk' })];
      mockFetch({
        [FAVORITES_URL]: () => favorites,
        '/api/battlestations/favorites/3': () => {
          favorites = favorites.filter((s) => s.battlestation_id !== 3);
          return { favorites: 8, is_favorited: 0 };
        },
      });
      renderPage();
      await screen.findByRole('link', { name: 'Battle Cave' });
      removeButton('Battle Cave').focus();
      fireEvent.click(removeButton('Battle Cave'));
      await waitFor(() => expect(removeButton('Clean Desk')).toHaveFocus());
    });
  });

  describe('pages', () => {
    const many = (count: number) => Array.from({ length: count }, (_, i) => card(i + 1));

    it("has browse's pager: 10 per page, Previous, numbered pages and Next", async () => {
      mockFetch({ [FAVORITES_URL]: many(23) });
      renderPage();
      await screen.findByRole('link', { name: 'Station 1' });
      expect(document.querySelector('.ant-pagination')).toBeNull();
      const pager = screen.getByRole('navigation', { name: 'Favorites pages' });
      expect(within(pager).getAllByRole('button').map((b) => b.textContent)).toEqual(['Previous', '1', '2', '3', 'Next']);
      expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getAllByRole('link', { name: /^Station \d+$/ })).toHaveLength(10);

      fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
      expect(screen.getAllByRole('link', { name: /^Station \d+$/ }).map((link) => link.textContent)).toEqual(['Station 21', 'Station 22', 'Station 23']);
      expect(within(pager).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('heading', { level: 1, name: 'Favorites' })).toHaveFocus();
      fireEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
      expect(screen.getByRole('link', { name: 'Station 11' })).toBeInTheDocument();
    });

    it('shows no pager for 10 favorites or fewer', async () => {
      mockFetch({ [FAVORITES_URL]: many(10) });
      renderPage();
      await screen.findByRole('link', { name: 'Station 10' });
      expect(screen.queryByRole('navigation', { name: 'Favorites pages' })).not.toBeInTheDocument();
    });

    it('goes back a page when the last row of the last page is removed', async () => {
      let favorites = many(11);
      mockFetch({
        [FAVORITES_URL]: () => favorites,
        '/api/battlestations/favorites/11': () => {
          favorites = favorites.slice(0, 10);
          return { favorites: 8, is_favorited: 0 };
        },
      });
      renderPage();
      await screen.findByRole('link', { name: 'Station 1' });
      fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
      fireEvent.click(screen.getByRole('button', { name: 'Remove from favorites: Station 11' }));
      expect(await screen.findByRole('link', { name: 'Station 10' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Favorites pages' })).not.toBeInTheDocument();
    });
  });
});
