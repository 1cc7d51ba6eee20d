import { queryKeys } from '@battledeck/shared/api';
import { resetSession, renderWithProviders, setSession, mockFetch } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StoresPage from './stores-page';

const store = (store_id: number, name: string, part_count = 0) => ({ store_id, name, url: `https://${name.toLowerCase()}.example`, part_count });
const TWO = { stores: [store(1, 'Amazon', 12), store(2, 'Newegg', 3)], total: 2 };

function render(route = '/admin/stores') {
  return renderWithProviders(
    <AntdProvider>
      <StoresPage />
    </AntdProvider>,
    { route, path: '/admin/stores' },
  );
}

beforeEach(() => setSession({ signedInAs: 'admin', isAdmin: true, getIdToken: async () => 'token' }));
afterEach(() => resetSession());

describe('StoresPage', () => {
  it('shows the heading, the rows and "Viewing X of Y stores."', async () => {
    mockFetch({ '/api/stores': TWO, '/api/stores/count': { total: 5 } });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Stores' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Amazon' })).toBeInTheDocument();
    expect(await screen.findByText('Viewing 2 of 5 stores.')).toBeInTheDocument();
    const row = screen.getByRole('button', { name: 'Edit Newegg' }).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'newegg.example (opens in a new tab)' })).toHaveAttribute('href', 'https://newegg.example');
    expect(within(row).getByText('3')).toBeInTheDocument();
  });

  it("says 'unknown' when the count is missing", async () => {
    mockFetch({ '/api/stores': TWO, '/api/stores/count': () => new Response('{"message":"down"}', { status: 500 }) });
    render();
    expect(await screen.findByText('Viewing 2 of unknown stores.')).toBeInTheDocument();
  });

  it("shows 'No stores found.' for an empty list", async () => {
    mockFetch({ '/api/stores': { stores: [], total: 0 }, '/api/stores/count': { total: 0 } });
    render('/admin/stores?searchTerm=nothing');
    expect(await screen.findByText('No stores found.')).toBeInTheDocument();
  });

  it("replaces the rows with 'Unable to stores.' when the list fails", async () => {
    mockFetch({ '/api/stores': () => new Response('{"message":"boom"}', { status: 500 }), '/api/stores/count': { total: 5 } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to stores.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the last page instead of a page past the end (an old link, stores deleted since)', async () => {
    mockFetch({ '/api/stores': (url: URL) => ({ stores: url.searchParams.get('pageNumber') === '3' ? [] : TWO.stores, total: 2 }), '/api/stores/count': { total: 2 } });
    render('/admin/stores?pageNumber=3');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/stores$/));
    expect(await screen.findByRole('button', { name: 'Edit Amazon' })).toBeInTheDocument();
  });

  it('sorts by a column, toggling the direction, with the state in the URL', async () => {
    const fetch = mockFetch({ '/api/stores': TWO, '/api/stores/count': { total: 2 } });
    render();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Edit Amazon' });
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    // A count starts with the most (decision 24), then toggles.
    await user.click(screen.getByRole('button', { name: 'Parts' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/stores\?sortBy=part_count&direction=desc$/);
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Parts/ })).toHaveAttribute('aria-sort', 'descending'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    const last = new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(Object.fromEntries(last.searchParams)).toMatchObject({ sortBy: 'part_count', direction: 'desc' });
    await user.click(screen.getByRole('button', { name: 'Parts' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/stores\?sortBy=part_count$/);
    // A name starts A to Z.
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(nameHeader).toHaveAttribute('aria-sort', 'ascending'));
  });

  it('searches on Enter only when the box is not empty, from page 1; Clear search removes it', async () => {
    mockFetch({ '/api/stores': { stores: TWO.stores, total: 45 }, '/api/stores/count': { total: 45 } });
    render('/admin/stores?pageNumber=2');
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Search stores' });
    await user.type(box, '   {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/stores?pageNumber=2');
    await user.clear(box);
    await user.type(box, 'egg{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/stores?searchTerm=egg');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/stores$/);
  });

  it('opens the edit modal from a row and validates name and url', async () => {
    const fetch = mockFetch({
      '/api/stores': TWO,
      '/api/stores/count': { total: 2 },
      '/api/stores/1': (_url: URL, init?: RequestInit) => ({ ...store(1, 'Amazon US', 12), method: init?.method }),
    });
    const { queryClient } = render();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Amazon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Store' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Amazon');
    await user.clear(name);
    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid URL starting with http:// or https://.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.type(name, 'Amazon US');
    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), 'https://amazon.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    const body = put[1]!.body as FormData;
    expect([body.get('name'), body.get('url')]).toEqual(['Amazon US', 'https://amazon.example']);
    // The stores table and count, the part form's chooser, part pages (store names) and the figures refresh.
    await waitFor(() =>
      expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).toEqual(expect.arrayContaining([queryKeys.stores.all, queryKeys.parts.all, queryKeys.admin.all])),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Store' })).not.toBeInTheDocument());
  });

  it('sends one save for a double click, and cannot be closed or cancelled while it saves', async () => {
    let finish: () => void = () => {};
    const fetch = mockFetch({
      '/api/stores': TWO,
      '/api/stores/count': { total: 2 },
      '/api/stores/1': () => new Promise((resolve) => (finish = () => resolve(store(1, 'Amazon', 12)))),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Amazon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Store' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled());
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit Store' })).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Store' })).not.toBeInTheDocument());
  });

  // UX review: row actions on a phone are always in sight (the admin tables pushed them off-screen).
  it('keeps the Delete button in the column fixed to the table’s end', async () => {
    mockFetch({ '/api/stores': TWO, '/api/stores/count': { total: 2 } });
    render();
    const remove = (await screen.findByRole('button', { name: 'Delete Newegg' })).closest('td')!;
    expect(remove).toHaveClass('ant-table-cell-fix-end');
    expect(remove).toBe(remove.closest('tr')?.lastElementChild);
  });
});
