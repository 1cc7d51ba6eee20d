import type { BattlestationCard } from '@battledeck/shared/contract';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../../../app';
import { partDetail } from '../../../testing/fixtures';

const PART = partDetail();

const station = (id: number): BattlestationCard => ({
  battlestation_id: id,
  name: `Station ${id}`,
  username: 'builder',
  created_date: '2026-01-02T03:04:05Z',
  image_count: 2,
  part_count: 5,
  thumbnail: `s${id}.jpg`,
  favorites: 3,
  is_public: 1,
});

function renderPart(route: string, part: unknown = PART, stations: unknown = { battlestations: [station(1)], total: 1 }) {
  const fetchMock = mockFetch({
    '/api/parts/types': [],
    '/api/parts/id/7': part,
    '/api/parts/id/7/battlestations': stations,
    '/api/parts/id/7/paired': [],
  });
  const utils = renderWithProviders(<App basePath="/parts" />, { route, path: '/parts/*' });
  return { ...utils, fetchMock };
}

describe('Part page', () => {
  beforeEach(() => setSession());
  afterEach(resetSession);

  it('shows the breadcrumb, picture, name, count, where to buy and the battlestations using it', async () => {
    renderPart('/parts/view/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'AMD Ryzen 7 7800X3D' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('AMD Ryzen 7 7800X3D | Battledeck'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('AMD Ryzen 7 7800X3D'));

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Parts', '/parts'],
      ['CPU', '/parts/cpu'],
    ]);
    expect(screen.getByRole('img', { name: 'AMD Ryzen 7 7800X3D' })).toHaveAttribute('src', '/images/parts/ryzen_thumb.png');
    expect(screen.getByText('1 Battlestation')).toBeInTheDocument();

    const buy = screen.getByRole('region', { name: 'Where to Buy' });
    const links = within(buy).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['AMD (opens in a new tab)', 'https://www.amd.com'],
      ['Amazon (opens in a new tab)', 'https://www.amazon.com/dp/ryzen'],
      ['Newegg (opens in a new tab)', 'https://www.newegg.com/ryzen'],
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    const stations = screen.getByRole('region', { name: 'Battlestations using this part' });
    expect(await within(stations).findByRole('link', { name: /Station 1/ })).toHaveAttribute('href', '/battlestations/1');
    expect(within(stations).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says Battlestations in the plural, and leaves out the manufacturer link when there is none', async () => {
    renderPart('/parts/view/7', { ...PART, battlestation_count: 3, manufacturer_url: null, stores: [] });
    expect(await screen.findByText('3 Battlestations')).toBeInTheDocument();
    const buy = screen.getByRole('region', { name: 'Where to Buy' });
    expect(within(buy).queryByRole('link')).not.toBeInTheDocument();
  });

  it('invites the first battlestation when none uses the part', async () => {
    renderPart('/parts/view/7', { ...PART, battlestation_count: 0 }, { battlestations: [], total: 0 });
    const link = await screen.findByRole('link', { name: 'Be the first to use this in a battlestation.' });
    expect(link).toHaveAttribute('href', '/battlestations/new');
  });

  it('pages the battlestations 10 at a time', async () => {
    const { fetchMock } = renderPart('/parts/view/7', PART, (url: URL) => ({
      battlestations: url.searchParams.get('page_number') === '2' ? [station(11), station(12)] : Array.from({ length: 10 }, (_, i) => station(i + 1)),
      total: 12,
    }));
    const stations = await screen.findByRole('region', { name: 'Battlestations using this part' });
    expect(await within(stations).findAllByRole('link', { name: /Station/ })).toHaveLength(10);
    // A real link (it works before the scripts run); a click stays in the page.
    expect(within(stations).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/parts/view/7?page=2');
    await userEvent.click(within(stations).getByRole('link', { name: 'Page 2' }));
    expect(await within(stations).findByRole('link', { name: /Station 12/ })).toBeInTheDocument();
    expect(within(stations).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/parts/view/7?page=2');
    const pages = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/battlestations'))
      .map((url) => url.searchParams.get('page_number'));
    expect(pages).toEqual(['1', '2']);
  });

  it('reads a page number past the API\'s limit as the first page, not an error', async () => {
    const { fetchMock } = renderPart('/parts/view/7?page=1000001');
    const stations = await screen.findByRole('region', { name: 'Battlestations using this part' });
    expect(await within(stations).findByRole('link', { name: /Station 1/ })).toBeInTheDocument();
    expect(within(stations).queryByRole('alert')).not.toBeInTheDocument();
    const pages = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/battlestations'))
      .map((url) => url.searchParams.get('page_number'));
    expect(pages).toEqual(['1']);
  });

  it('shows the not-found message with a link to the catalogue, titled Error', async () => {
    renderPart('/parts/view/7', new Response(JSON.stringify({ message: 'Part not found.' }), { status: 404 }));
    expect(await screen.findByText("We're sorry. This part doesn't exist or couldn't be loaded.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all parts' })).toHaveAttribute('href', '/parts');
    await waitFor(() => expect(document.title).toBe('Error | Battledeck'));
  });

  it('treats an id that cannot be one as not found, without asking the server', async () => {
    const { fetchMock } = renderPart('/parts/view/abc');
    expect(await screen.findByText("We're sorry. This part doesn't exist or couldn't be loaded.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/parts/id/'))).toBe(false);
  });
});
