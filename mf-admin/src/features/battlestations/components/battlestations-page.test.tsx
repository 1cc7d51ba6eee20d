import { queryKeys } from '@battledeck/shared/api';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BattlestationsPage from './battlestations-page';

const card = (id: number, name: string, is_public: 0 | 1) => ({
  battlestation_id: id,
  name,
  username: 'owner_one',
  created_date: '2026-03-04T10:00:00Z',
  image_count: 3,
  part_count: 7,
  thumbnail: 'a.jpg',
  favorites: 2,
  is_public,
});

function render(route = '/admin/battlestations') {
  return renderWithProviders(
    <AntdProvider>
      <BattlestationsPage />
    </AntdProvider>,
    { route, path: '/admin/battlestations' },
  );
}

beforeEach(() => setSession({ signedInAs: 'admin', isAdmin: true, getIdToken: async () => 'token' }));
afterEach(() => resetSession());

describe('Battlestation Admin', () => {
  it("shows 'LOADING...' and then every station, private ones marked in words", async () => {
    mockFetch({ '/api/admin/battlestations': { battlestations: [card(1, 'Public One', 1), card(2, 'Hidden One', 0)], total: 2 } });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Battlestation Admin' })).toBeInTheDocument();
    expect(screen.getByText('LOADING...')).toBeInTheDocument();
    const hidden = (await screen.findByRole('link', { name: 'Hidden One' })).closest('tr')!;
    expect(within(hidden).getByRole('img', { name: 'Private' })).toBeInTheDocument();
    expect(within(hidden).getByRole('link', { name: 'Hidden One' })).toHaveAttribute('href', '/battlestations/2');
    expect(within(hidden).getByRole('link', { name: 'Edit Hidden One' })).toHaveAttribute('href', '/battlestations/2/edit');
    expect(within(hidden).getByRole('link', { name: 'owner_one' })).toHaveAttribute('href', '/users/owner_one');
    expect(document.title).toBe('Battlestation Admin | Battledeck');
  });

  it('shows the empty message linking to the new page, and the load error', async () => {
    mockFetch({ '/api/admin/battlestations': { battlestations: [], total: 0 } });
    const { unmount } = render();
    expect(await screen.findByText(/You haven't uploaded any battlestations yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started here.' })).toHaveAttribute('href', '/battlestations/new');
    unmount();
    mockFetch({ '/api/admin/battlestations': () => new Response('{"message":"x"}', { status: 500 }) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, we were unable to load any battlestations. Please try again later.');
  });

  // UX review: on a 390 px phone Edit and the "…" menu were past the table's right edge, behind a sideways scroll.
  it('keeps Edit and the row menu together in the column fixed to the table’s end; images and parts stay in the station’s cell', async () => {
    mockFetch({ '/api/admin/battlestations': { battlestations: [card(1, 'Public One', 1)], total: 1 } });
    render();
    const edit = await screen.findByRole('link', { name: 'Edit Public One' });
    const actions = edit.closest('td')!;
    expect(actions).toHaveClass('ant-table-cell-fix-end');
    expect(actions).toBe(edit.closest('tr')?.lastElementChild);
    expect(within(actions).getByRole('button', { name: 'More actions for Public One' })).toBeInTheDocument();
    // Without a wide screen the Images and Parts columns give way; their figures are under the station's name.
    expect(screen.queryByRole('columnheader', { name: 'Images' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Public One' }).closest('td')).toHaveTextContent('3 images · 7 parts');
  });

  it("deletes from the row menu after confirmation and refreshes every station list, the parts' counts and the figures", async () => {
    const fetch = mockFetch({
      '/api/admin/battlestations': { battlestations: [card(2, 'Hidden One', 0)], total: 1 },
      '/api/battlestations/id/2': () => new Response(null, { status: 204 }),
    });
    const { queryClient } = render();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for Hidden One' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Battlestation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Battlestation' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Deleted!')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/api/battlestations/id/2') && init?.method === 'DELETE')).toBe(true);
    await waitFor(() =>
      expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).toEqual(
        expect.arrayContaining([queryKeys.battlestations.all, queryKeys.admin.all, queryKeys.parts.all, queryKeys.users.all]),
      ),
    );
  });
});
