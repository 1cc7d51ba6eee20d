import type { BattlestationCard, StationPart } from '@battledeck/shared/contract';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../../../app';

const UID = 'uid-demo_user';
const LIST_URL = `/api/users/${UID}/battlestations`;

const card = (id: number, overrides: Partial<BattlestationCard> = {}): BattlestationCard => ({
  battlestation_id: id,
  name: `Station ${id}`,
  username: 'demo_user',
  created_date: '2026-03-04T05:06:07.000Z',
  image_count: 3,
  part_count: 5,
  thumbnail: `photo${id}.jpg`,
  favorites: 2,
  is_public: 1,
  ...overrides,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPage() {
  return renderWithProviders(<App basePath="/profile" />, { route: '/profile/battlestations', path: '/profile/*' });
}

beforeEach(() => setSession({ user: { uid: UID, displayName: 'demo_user', email: 'demo@example.com' }, getIdToken: async () => 'token' }));
afterEach(resetSession);

describe('My Battlestations', () => {
  it('lists the stations with visibility, thumbnail, links, counts and an Edit link', async () => {
    let answer: (stations: BattlestationCard[]) => void = () => undefined;
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:private-photo7'), revokeObjectURL: jest.fn() });
    const fetched = mockFetch({
      [LIST_URL]: () => new Promise((resolve) => (answer = resolve)),
      // A private station's thumbnail is not a public file (issue 15): it comes through the API with the token.
      '/api/battlestations/images/photo7_thumb.jpg': () => new Response(new Blob(['jpeg'], { type: 'image/jpeg' })),
    });
    renderPage();

    expect(await screen.findByText('LOADING...')).toHaveAttribute('role', 'status');
    answer([card(7, { name: 'Night Owl', is_public: 0 }), card(8, { name: 'Sunny Desk', thumbnail: null }), card(9, { name: 'Open Desk' })]);
    const row = (await screen.findByRole('link', { name: 'Night Owl' })).closest('tr')!;
    expect(document.title).toBe('My Battlestations | Battledeck');
    expect(screen.getByRole('heading', { level: 1, name: 'My Battlestations' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Battlestations' })).toHaveAttribute('aria-current', 'page');

    expect(within(row).getByRole('img', { name: 'Private' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Night Owl' })).toHaveAttribute('href', '/battlestations/7');
    expect(within(row).getByRole('link', { name: 'Edit Night Owl' })).toHaveAttribute('href', '/battlestations/7/edit');
    await waitFor(() => expect(row.querySelector('img')).toHaveAttribute('src', 'blob:private-photo7'));
    const thumb = row.querySelector('img')!;
    const photoCall = fetched.mock.calls.find(([url]) => String(url).includes('/images/'))!;
    expect(photoCall[1]?.headers).toMatchObject({ Authorization: 'Bearer token' });
    const open = screen.getByRole('link', { name: 'Open Desk' }).closest('tr')!;
    expect(open.querySelector('img')).toHaveAttribute('src', '/images/battlestations/photo9_thumb.jpg');
    expect(thumb).toHaveAttribute('width', '96');
    expect(thumb).toHaveAttribute('height', '72');
    expect(within(row).getByText('3 images · 5 parts · 2 favorites')).toBeInTheDocument();

    const other = screen.getByRole('link', { name: 'Sunny Desk' }).closest('tr')!;
    expect(within(other).getByRole('img', { name: 'Public' })).toBeInTheDocument();
    expect(within(other).getByRole('img', { name: 'No photo' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Visibility', 'Photo', 'Name', 'Images', 'Parts', 'Favorites', 'Actions']);
  });

  it('invites a user without stations to create one', async () => {
    mockFetch({ [LIST_URL]: [] });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Get started here' });
    expect(link).toHaveAttribute('href', '/battlestations/new');
    expect(link.closest('p')).toHaveTextContent("You haven't uploaded any battlestations yet. Get started here.");
  });

  it('says when the list could not be loaded, and tries again on request', async () => {
    let fail = true;
    mockFetch({ [LIST_URL]: () => (fail ? json({ message: 'Something went wrong.' }, 500) : [card(1)]) });
    renderPage();
    expect(await screen.findByText('Sorry, we were unable to load any battlestations. Please try again later.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Station 1' })).toBeInTheDocument();
  });

  it('copies the part list from the row menu', async () => {
    // The dialog's auto-sizing textarea reads padding and border widths, which jsdom leaves empty (NaN heights).
    const computed = window.getComputedStyle;
    jest.spyOn(window, 'getComputedStyle').mockImplementation((element) => {
      const style = computed(element);
      const read = style.getPropertyValue.bind(style);
      style.getPropertyValue = (name: string) => read(name) || (/^(padding|border)-(top|bottom)(-width)?$/.test(name) ? '0px' : '');
      return style;
    });
    const parts: StationPart[] = [
      {
        part_id: 4,
        name: 'Ergo Chair',
        type_id: 1,
        type_name: 'Chair',
        type_path: 'chairs',
        manufacturer: 'Sitwell',
        manufacturer_url: null,
        image: 'chair.jpg',
        battlestation_count: 1,
        stores: [],
      },
    ];
    mockFetch({ [LIST_URL]: [card(7, { name: 'Night Owl' })], '/api/battlestations/id/7/parts': parts });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Night Owl' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Copy Part List/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Copy Part List' });
    const text = await within(dialog).findByRole('textbox');
    expect((text as HTMLTextAreaElement).value).toContain('[Ergo Chair](http://localhost/parts/view/4)');
    expect((text as HTMLTextAreaElement).value).toContain('/battlestations/7');
  });

  it('deletes a station after confirmation and refreshes everything that showed it', async () => {
    let stations = [card(7, { name: 'Night Owl' }), card(8)];
    const deleted: string[] = [];
    mockFetch({
      [LIST_URL]: () => stations,
      '/api/battlestations/id/7': (_url: URL, init?: RequestInit) => {
        deleted.push(init?.method ?? 'GET');
        stations = stations.filter((s) => s.battlestation_id !== 7);
        return new Response(null, { status: 204 });
      },
    });
    const { queryClient } = renderPage();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Night Owl' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Delete Battlestation/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Battlestation' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Night Owl?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByText('Deleted!')).toBeInTheDocument();
    expect(within(dialog).getByText('Night Owl has been deleted.')).toBeInTheDocument();
    expect(deleted).toEqual(['DELETE']);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Night Owl' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Station 8' })).toBeInTheDocument();
    // Lists, detail and the featured grid; the profile tables; parts' counts; admin lists.
    for (const key of [['battlestations'], ['users'], ['parts'], ['admin']]) expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: key }));

    // The footer's Close, not the corner's ×.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when a station cannot be deleted', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({ [LIST_URL]: [card(7, { name: 'Night Owl' })], '/api/battlestations/id/7': () => json({ message: 'Nope.' }, 500) });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Night Owl' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Delete Battlestation/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Battlestation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByText('Unable to delete Night Owl. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Night Owl' })).toBeInTheDocument();
  });
});
