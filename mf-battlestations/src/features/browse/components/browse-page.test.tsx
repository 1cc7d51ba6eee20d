import { mockFetch, resetSession, setSession } from '@battledeck/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { card } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render-route';
import BrowsePage from './browse-page';

const listOf = (total: number) => (url: URL) => {
  const page = Number(url.searchParams.get('pageNumber') ?? 1);
  const size = Number(url.searchParams.get('resultsPerPage') ?? 12);
  const first = (page - 1) * size;
  const count = Math.max(0, Math.min(size, total - first));
  return { battlestations: Array.from({ length: count }, (_, i) => card(first + i + 1)), total };
};

const renderBrowse = (route = '/battlestations') => renderRoute(<BrowsePage />, { path: '/battlestations', route });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => setSession());
afterEach(() => resetSession());

describe('Browse Battlestations', () => {
  it('shows skeletons, then the cards with the count, and sets the title', async () => {
    mockFetch({ '/api/battlestations': listOf(30) });
    renderBrowse();
    expect(screen.getByRole('list', { name: 'Loading battlestations' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '1–12 of 30 battlestations' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Battlestations' })).getAllByRole('heading', { level: 3 })).toHaveLength(12);
    expect(document.title).toBe('Browse Battlestations | Battledeck');
  });

  it('asks the API with the state in the URL, and changes pages there', async () => {
    const fetch = mockFetch({ '/api/battlestations': listOf(30) });
    renderBrowse('/battlestations?sortBy=name&direction=desc&resultsPerPage=24');
    await screen.findByRole('heading', { name: '1–24 of 30 battlestations' });
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ pageNumber: '1', resultsPerPage: '24', sortBy: 'name', direction: 'desc' });

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe('/battlestations?pageNumber=2&resultsPerPage=24&sortBy=name&direction=desc'));
    expect(await screen.findByRole('heading', { name: '25–30 of 30 battlestations' })).toHaveFocus();
  });

  it('searches on Enter and goes back to page 1', async () => {
    mockFetch({ '/api/battlestations': listOf(30) });
    renderBrowse('/battlestations?pageNumber=2');
    await screen.findByRole('heading', { name: /of 30/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search battlestations' }), 'walnut{Enter}');
    await waitFor(() => expect(location()).toBe('/battlestations?searchTerm=walnut'));
  });

  it('toggles the direction and changes the sort', async () => {
    mockFetch({ '/api/battlestations': listOf(3) });
    renderBrowse();
    await screen.findByRole('heading', { name: /of 3/ });
    await userEvent.click(screen.getByRole('button', { name: 'Sort direction: Ascending' }));
    await waitFor(() => expect(location()).toBe('/battlestations?direction=desc'));
    expect(screen.getByRole('button', { name: 'Sort direction: Descending' })).toBeInTheDocument();
  });

  it('gives each sort its natural direction when it is chosen: favorites most first, names A to Z, the date as it was', async () => {
    mockFetch({ '/api/battlestations': listOf(3) });
    renderBrowse();
    await screen.findByRole('heading', { name: /of 3/ });
    const choose = (label: string) => userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort By' }), label);
    await choose('Favorites');
    await waitFor(() => expect(location()).toBe('/battlestations?sortBy=favorites&direction=desc'));
    expect(screen.getByRole('button', { name: 'Sort direction: Descending' })).toBeInTheDocument();
    await choose('Date Uploaded');
    await waitFor(() => expect(location()).toBe('/battlestations?direction=desc'));
    await choose('Name');
    await waitFor(() => expect(location()).toBe('/battlestations?sortBy=name'));
    await userEvent.click(screen.getByRole('button', { name: 'Sort direction: Ascending' }));
    await waitFor(() => expect(location()).toBe('/battlestations?sortBy=name&direction=desc'));
  });

  it('says so when nothing matches', async () => {
    mockFetch({ '/api/battlestations': { battlestations: [], total: 0 } });
    renderBrowse('/battlestations?searchTerm=zzz');
    expect(await screen.findByText('Sorry, no battlestations found that match your search.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Battlestation pages' })).not.toBeInTheDocument();
  });

  it('shows the error message when the list cannot be loaded', async () => {
    mockFetch({ '/api/battlestations': () => new Response(JSON.stringify({ message: 'down' }), { status: 500 }) });
    renderBrowse();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, we were unable to load any battlestations. Please try again later.');
  });

  it('moves a page past the end to the last page', async () => {
    mockFetch({ '/api/battlestations': listOf(30) });
    renderBrowse('/battlestations?pageNumber=9');
    await waitFor(() => expect(location()).toBe('/battlestations?pageNumber=3'));
    expect(await screen.findByRole('heading', { name: '25–30 of 30 battlestations' })).toBeInTheDocument();
  });

  it('is a GET form of the page named as the URL query, so it works before the scripts run', async () => {
    mockFetch({ '/api/battlestations': listOf(3) });
    renderBrowse('/battlestations?searchTerm=oak&sortBy=name&direction=desc&resultsPerPage=24');
    await screen.findByRole('heading', { name: /of 3/ });
    const form = screen.getByRole('search', { name: 'Battlestations' }) as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/battlestations');
    expect(screen.getByRole('searchbox', { name: 'Search battlestations' })).toHaveAttribute('name', 'searchTerm');
    expect(screen.getByRole('combobox', { name: 'Sort By' })).toHaveAttribute('name', 'sortBy');
    expect(screen.getByRole('combobox', { name: 'Per Page' })).toHaveAttribute('name', 'resultsPerPage');
    // What the browser would send from the search button: the current state; from the direction button: the other direction first.
    const search = screen.getByRole('button', { name: 'Search' });
    expect(new URLSearchParams(new FormData(form, search) as unknown as string).toString()).toBe(
      // The desk filters' "Any" is an empty value (decision 017).
      'searchTerm=oak&sortBy=name&direction=desc&resultsPerPage=24&monitorCount=&mainUse=&colourFamily=',
    );
    const direction = screen.getByRole('button', { name: 'Sort direction: Descending' });
    expect(new URLSearchParams(new FormData(form, direction) as unknown as string).get('direction')).toBe('asc');
  });

  it('links each page to its URL, keeping the rest of the query', async () => {
    mockFetch({ '/api/battlestations': listOf(30) });
    renderBrowse('/battlestations?sortBy=name');
    await screen.findByRole('heading', { name: /of 30/ });
    const pager = screen.getByRole('navigation', { name: 'Battlestation pages' });
    expect(within(pager).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/battlestations?sortBy=name&pageNumber=3');
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/battlestations?sortBy=name');
  });

  it('clears the search at once with the clear button', async () => {
    mockFetch({ '/api/battlestations': listOf(3) });
    renderBrowse('/battlestations?searchTerm=oak');
    await screen.findByRole('heading', { name: /of 3/ });
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location()).toBe('/battlestations'));
    expect(screen.getByRole('searchbox', { name: 'Search battlestations' })).toHaveValue('');
  });
});
