import { resetSession, renderWithProviders, setSession, mockFetch } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StoreLinksPage from './store-links-page';

const link = (part_id: number, part_name: string, store_name: string, extra: object = {}) => ({
  part_id,
  part_name,
  store_id: part_id + 100,
  store_name,
  url: `https://${store_name.toLowerCase()}.example/p/${part_id}`,
  last_status: 404,
  last_error: null,
  last_checked_at: '2026-11-26T14:05:00.000Z',
  broken_since: '2026-11-26T13:05:00.000Z',
  consecutive_failures: 2,
  ...extra,
});
const TWO = {
  links: [link(1, 'Keychron Q1', 'Amazon'), link(2, 'LG 27GR95QE', 'Newegg', { last_status: null, last_error: 'The store took too long to answer.' })],
  total: 2,
};

function render(route = '/admin/store_links') {
  return renderWithProviders(
    <AntdProvider>
      <StoreLinksPage />
    </AntdProvider>,
    { route, path: '/admin/store_links' },
  );
}

beforeEach(() => setSession({ signedInAs: 'admin', isAdmin: true, getIdToken: async () => 'token' }));
afterEach(() => resetSession());

describe('StoreLinksPage', () => {
  it('lists broken links with part, store, URL, last result and when it was checked', async () => {
    mockFetch({ '/api/admin/store-links/broken': TWO });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Broken Store Links' })).toBeInTheDocument();
    expect(await screen.findByText('Viewing 2 of 2 broken links.')).toBeInTheDocument();
    const row = screen.getByRole('link', { name: 'Keychron Q1' }).closest('tr')!;
    expect(screen.getByRole('link', { name: 'Keychron Q1' })).toHaveAttribute('href', '/parts/view/1');
    expect(within(row).getByText('Amazon')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'https://amazon.example/p/1 (opens in a new tab)' })).toHaveAttribute('href', 'https://amazon.example/p/1');
    expect(within(row).getByText('HTTP 404')).toBeInTheDocument();
    expect(within(row).getByText((_, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') === '2026-11-26T14:05:00.000Z')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: 'LG 27GR95QE' }).closest('tr')!;
    expect(within(other).getByText('The store took too long to answer.')).toBeInTheDocument();
  });

  it('says so when no link is broken', async () => {
    mockFetch({ '/api/admin/store-links/broken': { links: [], total: 0 } });
    render();
    expect(await screen.findByText('No broken store links. Every checked link answered the last time it was checked.')).toBeInTheDocument();
  });

  it('shows the last page, not an empty one, when the page asked for is past the end (the last row fixed or removed)', async () => {
    const fetch = mockFetch({ '/api/admin/store-links/broken': TWO });
    render('/admin/store_links?pageNumber=2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/store_links(\?pageNumber=1)?$/));
    expect(await screen.findByText('Keychron Q1')).toBeInTheDocument();
    expect(new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x').searchParams.get('pageNumber') ?? '1').toBe('1');
  });

  it('replaces the rows with a message when the list fails', async () => {
    mockFetch({ '/api/admin/store-links/broken': () => new Response('{"message":"boom"}', { status: 500 }) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, we were unable to load the broken links. Please try again later.');
  });

  it('fixes a link with a new address and refreshes the list', async () => {
    const fetch = mockFetch({
      '/api/admin/store-links/broken': TWO,
      '/api/admin/store-links/1/101': { url: 'https://amazon.example/p/1-new' },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fix the Amazon link of Keychron Q1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix Store Link' });
    const box = within(dialog).getByRole('textbox', { name: /URL/ });
    expect(box).toHaveValue('https://amazon.example/p/1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the new address: this is the one that failed.')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'https://amazon.example/p/1-new');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const put = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
      expect(put).toBeDefined();
      expect(JSON.parse(String((put![1] as RequestInit).body))).toEqual({ url: 'https://amazon.example/p/1-new' });
    });
    expect(await screen.findByText('The Amazon link of Keychron Q1 was saved. It will be checked again on the next pass.')).toBeInTheDocument();
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => String(url).includes('/broken')).length).toBeGreaterThan(1));
  });

  it('removes a link after confirmation', async () => {
    const fetch = mockFetch({ '/api/admin/store-links/broken': TWO, '/api/admin/store-links/2/102': () => new Response(null, { status: 204 }) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove the Newegg link of LG 27GR95QE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Store Link' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the Newegg link of LG 27GR95QE? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE').map(([url]) => String(url))).toEqual([
        '/api/admin/store-links/2/102',
      ]),
    );
  });

  it('puts the URL and the last check in the part cell on a phone, so Fix and Remove stay in sight', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(max-width: 575.98px)' });
    try {
      mockFetch({ '/api/admin/store-links/broken': TWO });
      render();
      const part = (await screen.findByRole('link', { name: 'Keychron Q1' })).closest('td')!;
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Part and store', 'Actions']);
      expect(within(part).getByRole('link', { name: 'https://amazon.example/p/1 (opens in a new tab)' })).toBeInTheDocument();
      expect(within(part).getByText('HTTP 404')).toBeInTheDocument();
      expect(within(part.closest('tr')!).getByRole('button', { name: 'Fix the Amazon link of Keychron Q1' })).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  // UX review: row actions on a phone are always in sight (the admin tables pushed them off-screen).
  it('keeps Fix and Remove in the column fixed to the table’s end', async () => {
    mockFetch({ '/api/admin/store-links/broken': TWO });
    render();
    const actions = (await screen.findByRole('button', { name: /^Fix .*Keychron Q1/ })).closest('td')!;
    expect(actions).toHaveClass('ant-table-cell-fix-end');
    expect(actions).toBe(actions.closest('tr')?.lastElementChild);
    expect(within(actions).getByRole('button', { name: /^Remove .*Keychron Q1/ })).toBeInTheDocument();
  });
});
