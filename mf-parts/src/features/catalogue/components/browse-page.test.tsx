import type { PartSummary, PartType } from '@battledeck/shared/contract';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import App from '../../../app';

const TYPES: PartType[] = [
  { type_id: 1, type_name: 'CPU', type_path: 'cpu' },
  { type_id: 2, type_name: 'GPU', type_path: 'gpu' },
];

const part = (id: number, overrides: Partial<PartSummary> = {}): PartSummary => ({
  part_id: id,
  name: `Part ${id}`,
  type_id: 1,
  type_name: 'CPU',
  type_path: 'cpu',
  manufacturer: 'AMD',
  image: `p${id}.png`,
  battlestation_count: id,
  ...overrides,
});

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login">{JSON.stringify(location.state)}</p>;
}

/** The remote at /parts as the shell mounts it, plus a /login page showing the state it was sent. */
function renderCatalogue(route: string, parts: { parts: PartSummary[]; total: number } | ((url: URL) => unknown) = { parts: [part(1), part(2)], total: 2 }) {
  const fetchMock = mockFetch({ '/api/parts/types': TYPES, '/api/parts': parts });
  const utils = renderWithProviders(
    <Routes>
      <Route path="/parts/*" element={<App basePath="/parts" />} />
      <Route path="/login" element={<LoginProbe />} />
    </Routes>,
    { route },
  );
  const partsCalls = () =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/parts');
  return { ...utils, fetchMock, partsCalls };
}

const location = () => screen.getByTestId('location').textContent;
const searchOf = () => new URLSearchParams(location()?.split('?')[1] ?? '');

const chooseOption = (label: string, option: string) => userEvent.selectOptions(screen.getByRole('combobox', { name: label }), option);
/** The option a native select shows. */
const shownOption = (label: string) => {
  const select = screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
  return select.selectedOptions[0]?.textContent;
};

describe('Parts browse page', () => {
  beforeEach(() => setSession());
  afterEach(resetSession);

  it('shows every category, the cards and the default list state', async () => {
    const { partsCalls } = renderCatalogue('/parts');
    expect(await screen.findByRole('heading', { level: 1, name: 'All' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Browse Parts | Battledeck'));
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['All', '/parts'],
      ['CPU', '/parts/cpu'],
      ['GPU', '/parts/gpu'],
    ]);
    expect(within(nav).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');

    const card = await screen.findByRole('link', { name: /Part 1/ });
    expect(card).toHaveAttribute('href', '/parts/view/1');
    expect(within(card).getByText('1 Battlestation')).toBeInTheDocument();
    expect(within(card).getByText('AMD')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/images/parts/p1_thumb.png');
    expect(screen.getByRole('link', { name: /Part 2/ })).toHaveTextContent('2 Battlestations');
    expect(screen.getByRole('heading', { name: '2 Parts' })).toBeInTheDocument();

    expect(Object.fromEntries(partsCalls()[0].searchParams)).toEqual({ pageNumber: '1', resultsPerPage: '12', sortBy: 'name', direction: 'asc' });
    expect(shownOption('Sort By')).toBe('Name');
    expect(screen.getByRole('button', { name: 'Direction: Ascending' })).toBeInTheDocument();
    expect(shownOption('Per Page')).toBe('12');
  });

  it('reads category, page, size, sort, direction and search from the URL', async () => {
    const { partsCalls } = renderCatalogue('/parts/cpu?pageNumber=2&resultsPerPage=24&sortBy=battlestation_count&direction=desc&searchTerm=ryzen', {
      parts: Array.from({ length: 24 }, (_, i) => part(i + 1)),
      total: 60,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'CPU' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Browse CPU | Battledeck'));
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('ryzen');
    expect(shownOption('Sort By')).toBe('Most Popular');
    expect(screen.getByRole('button', { name: 'Direction: Descending' })).toBeInTheDocument();
    expect(shownOption('Per Page')).toBe('24');
    expect(await screen.findByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Page 4' })).not.toBeInTheDocument();
    expect(Object.fromEntries(partsCalls()[0].searchParams)).toEqual({
      pageNumber: '2',
      resultsPerPage: '24',
      sortBy: 'battlestation_count',
      direction: 'desc',
      partType: 'cpu',
      searchTerm: 'ryzen',
    });
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(nav).getByRole('link', { name: 'CPU' })).toHaveAttribute('aria-current', 'page');
  });

  it('is a GET form of the page named as GET /parts\' query, and links each page, so both work before the scripts run', async () => {
    renderCatalogue('/parts/cpu?sortBy=battlestation_count&direction=desc&searchTerm=ryzen', { parts: [part(1)], total: 40 });
    await screen.findByRole('link', { name: 'Page 2' });
    const form = screen.getByRole('search', { name: 'Parts' }) as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/parts/cpu');
    const sent = (submitter: HTMLElement) => new URLSearchParams(new FormData(form, submitter) as unknown as string);
    expect(sent(screen.getByRole('button', { name: 'Search' })).toString()).toBe(
      'searchTerm=ryzen&sortBy=battlestation_count&direction=desc&resultsPerPage=12',
    );
    expect(sent(screen.getByRole('button', { name: 'Direction: Descending' })).get('direction')).toBe('asc');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/parts/cpu?sortBy=battlestation_count&direction=desc&searchTerm=ryzen&pageNumber=2');
  });

  it('falls back to the defaults for values it does not know', async () => {
    const { partsCalls } = renderCatalogue('/parts?pageNumber=zero&resultsPerPage=10&sortBy=price&direction=sideways');
    await screen.findByRole('link', { name: /Part 1/ });
    expect(Object.fromEntries(partsCalls()[0].searchParams)).toEqual({ pageNumber: '1', resultsPerPage: '12', sortBy: 'name', direction: 'asc' });
  });

  it('puts each control change in the URL; anything but the page starts again at page 1', async () => {
    const { partsCalls } = renderCatalogue('/parts/gpu?pageNumber=3', { parts: [part(1)], total: 100 });
    await screen.findByRole('link', { name: 'Page 3' });

    await userEvent.click(screen.getByRole('link', { name: 'Page 4' }));
    expect(location()).toBe('/parts/gpu?pageNumber=4');

    // Most Popular puts the most used first (decision 24); the toggle still flips it.
    await chooseOption('Sort By', 'Most Popular');
    expect(location()).toBe('/parts/gpu?sortBy=battlestation_count&direction=desc');
    expect(screen.getByRole('button', { name: 'Direction: Descending' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Direction: Descending' }));
    expect(Object.fromEntries(searchOf())).toEqual({ sortBy: 'battlestation_count' });
    await userEvent.click(screen.getByRole('button', { name: 'Direction: Ascending' }));
    expect(Object.fromEntries(searchOf())).toEqual({ sortBy: 'battlestation_count', direction: 'desc' });

    await userEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    // The link used goes while the page loads: the focus continues at the results' heading, which is announced.
    const results = screen.getByRole('region', { name: /Parts?$/ }).querySelector('h2')!;
    expect(results).toHaveFocus();
    expect(results).toHaveAttribute('aria-live', 'polite');
    await chooseOption('Per Page', '48');
    expect(Object.fromEntries(searchOf())).toEqual({ sortBy: 'battlestation_count', direction: 'desc', resultsPerPage: '48' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search parts' }), 'rtx 4090{Enter}');
    expect(Object.fromEntries(searchOf())).toEqual({ sortBy: 'battlestation_count', direction: 'desc', resultsPerPage: '48', searchTerm: 'rtx 4090' });
    await waitFor(() => expect(partsCalls().at(-1)?.searchParams.get('searchTerm')).toBe('rtx 4090'));
    expect(partsCalls().at(-1)?.searchParams.get('partType')).toBe('gpu');
  });

  it('searches with the search button too, and an empty search shows everything again', async () => {
    renderCatalogue('/parts?searchTerm=old&pageNumber=2', { parts: [part(1)], total: 30 });
    const box = await screen.findByRole('searchbox', { name: 'Search parts' });
    await userEvent.clear(box);
    await userEvent.type(box, 'corsair');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/parts?searchTerm=corsair');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search parts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/parts');
    // The clear button also shows everything again.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search parts' }), 'ddr5{Enter}');
    expect(location()).toBe('/parts?searchTerm=ddr5');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(location()).toBe('/parts');
    // The focus goes back to the box, not to the start of the page with the button that went.
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toHaveFocus();
  });

  it('clears text that was never searched for without leaving the page or adding to the history', async () => {
    renderCatalogue('/parts?pageNumber=3', { parts: [part(1)], total: 60 });
    const box = await screen.findByRole('searchbox', { name: 'Search parts' });
    await userEvent.type(box, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(location()).toBe('/parts?pageNumber=3');
    expect(box).toHaveValue('');
  });

  it('choosing a category resets the search and the page but keeps the sort and size', async () => {
    renderCatalogue('/parts?searchTerm=ryzen&pageNumber=2&sortBy=battlestation_count&resultsPerPage=24', { parts: [part(1)], total: 40 });
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    await userEvent.click(await within(nav).findByRole('link', { name: 'GPU' }));
    expect(location()).toBe('/parts/gpu?sortBy=battlestation_count&resultsPerPage=24');
    expect(await screen.findByRole('heading', { level: 1, name: 'GPU' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('');

    // The small-screen disclosure of the same links does the same, and closes behind the choice.
    const menu = screen.getByRole('group');
    await userEvent.click(within(menu).getByText('Category'));
    expect(menu).toHaveAttribute('open');
    expect(within(menu).getByRole('link', { name: 'GPU' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(menu).getByRole('link', { name: 'All' }));
    expect(location()).toBe('/parts?sortBy=battlestation_count&resultsPerPage=24');
    expect(menu).not.toHaveAttribute('open');
    expect(within(menu).getByText('All', { selector: 'summary span' })).toBeInTheDocument();
    // The focus goes back to the summary, not with the hidden link; Escape closes it too.
    const summary = within(menu).getByText('Category').closest('summary')!;
    expect(summary).toHaveFocus();
    await userEvent.click(summary);
    expect(menu).toHaveAttribute('open');
    await userEvent.keyboard('{Escape}');
    expect(menu).not.toHaveAttribute('open');
    expect(summary).toHaveFocus();
  });

  it('sends an unknown category to /parts, replacing the history entry', async () => {
    renderCatalogue('/parts/no-such-category?searchTerm=x');
    await waitFor(() => expect(location()).toBe('/parts'));
    expect(await screen.findByRole('heading', { level: 1, name: 'All' })).toBeInTheDocument();
  });

  it('shows the empty and error messages of the spec', async () => {
    const empty = renderCatalogue('/parts?searchTerm=nothing', { parts: [], total: 0 });
    expect(await screen.findByText('Sorry, no parts found that match your search.')).toBeInTheDocument();
    empty.unmount();
    renderCatalogue('/parts', () => new Response(JSON.stringify({ message: 'down' }), { status: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, we were unable to load any parts. Please try again later.');
  });

  it('says when the categories cannot be loaded, and shows Loading... until then', async () => {
    let fail: (response: Response) => void = () => {};
    mockFetch({
      '/api/parts/types': () => new Promise<Response>((resolve) => (fail = resolve)),
      '/api/parts': { parts: [part(1)], total: 1 },
    });
    renderWithProviders(<App basePath="/parts" />, { route: '/parts', path: '/parts/*' });
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    expect(within(nav).getByText('Loading...')).toBeInTheDocument();
    await act(async () => fail(new Response(JSON.stringify({ message: 'down' }), { status: 500 })));
    expect(await within(nav).findByText('Unable to load part categories.')).toBeInTheDocument();
    // The parts still show.
    expect(screen.getByRole('link', { name: /Part 1/ })).toBeInTheDocument();
  });

  it('goes back to page 1 when the page is past the end', async () => {
    renderCatalogue('/parts?pageNumber=9', (url: URL) => (url.searchParams.get('pageNumber') === '9' ? { parts: [], total: 5 } : { parts: [part(1)], total: 5 }));
    await waitFor(() => expect(location()).toBe('/parts'));
    expect(await screen.findByRole('link', { name: /Part 1/ })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in from Submit New Part, remembering the page', async () => {
    renderCatalogue('/parts/cpu?searchTerm=x');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit New Part' }));
    expect(location()).toBe('/login');
    expect(screen.getByTestId('login')).toHaveTextContent(JSON.stringify({ from: '/parts/cpu?searchTerm=x' }));
  });

  it('keeps Submit New Part disabled while the session is still loading', async () => {
    setSession({ loading: true });
    renderCatalogue('/parts');
    expect(await screen.findByRole('button', { name: 'Submit New Part' })).toBeDisabled();
    setSession({ signedInAs: 'builder' });
    expect(screen.getByRole('button', { name: 'Submit New Part' })).toBeEnabled();
  });

  it('opens the Submit New Part dialog for a signed-in user, prefilled with the search', async () => {
    setSession({ signedInAs: 'builder', getIdToken: async () => 'token' });
    renderCatalogue('/parts?searchTerm=Stream%20Deck');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit New Part' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit New Part' });
    expect(within(dialog).getByLabelText(/Part name/)).toHaveValue('Stream Deck');
  });
});
