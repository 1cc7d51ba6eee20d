import { createQueryClient, queryKeys } from '@battledeck/shared/api';
import { battlestationQueryOptions } from '../../../lib/get-battlestation';
import type { BattlestationDetail } from '@battledeck/shared/contract';
import { mockFetch, resetSession, setSession } from '@battledeck/shared/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { detail } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render-route';
import { NOTICE_FADE_MS, NOTICE_VISIBLE_MS } from '../hooks/use-timed-notice';
import DetailPage from './detail-page';

const renderDetail = () => renderRoute(<DetailPage />, { path: '/battlestations/:stationId', route: '/battlestations/7?from=test' });
const heart = () => screen.getByRole('button', { name: /^Favorite/ });

/** A deferred response, to look at the page while the call is pending. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => {
  resetSession();
  jest.useRealTimers();
});

describe('Favorite button', () => {
  it('signed out: shows "Please log in first" linking to /login that returns here, for 5 s plus a 300 ms fade; clicks do nothing meanwhile', async () => {
    setSession();
    const fetch = mockFetch({ '/api/battlestations/id/7': detail() });
    const { navigation } = renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Night Owl' });
    jest.useFakeTimers();
    fireEvent.click(heart());
    const link = screen.getByRole('link', { name: 'Please log in first' });
    expect(link).toHaveAttribute('href', '/login');
    fireEvent.click(heart());
    expect(screen.getAllByRole('link', { name: 'Please log in first' })).toHaveLength(1);
    // No favorite call (the page's own reads are the station and its similar setups).
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/favorites/'))).toHaveLength(0);

    act(() => jest.advanceTimersByTime(NOTICE_VISIBLE_MS - 1));
    expect(link.parentElement).not.toHaveClass('fading');
    act(() => jest.advanceTimersByTime(1));
    expect(link.parentElement).toHaveClass('fading');
    act(() => jest.advanceTimersByTime(NOTICE_FADE_MS));
    expect(screen.queryByRole('link', { name: 'Please log in first' })).not.toBeInTheDocument();
    jest.useRealTimers();

    // The link carries where to come back to.
    fireEvent.click(heart());
    fireEvent.click(screen.getByRole('link', { name: 'Please log in first' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(navigation.location.state).toEqual({ from: '/battlestations/7?from=test' });
  });

  it('keeps "Please log in first" while its link has the focus or the pointer, then gives it its time again', async () => {
    setSession();
    mockFetch({ '/api/battlestations/id/7': detail() });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Night Owl' });
    jest.useFakeTimers();
    fireEvent.click(heart());
    const link = screen.getByRole('link', { name: 'Please log in first' });
    act(() => link.focus());
    act(() => jest.advanceTimersByTime(NOTICE_VISIBLE_MS + NOTICE_FADE_MS + 1000));
    expect(link).toBeInTheDocument();
    expect(link.parentElement).not.toHaveClass('fading');
    // The pointer passing over and leaving does not start the clock while the link keeps the focus.
    fireEvent.mouseEnter(link.parentElement!);
    fireEvent.mouseLeave(link.parentElement!);
    act(() => jest.advanceTimersByTime(NOTICE_VISIBLE_MS + NOTICE_FADE_MS + 1000));
    expect(link).toBeInTheDocument();
    act(() => link.blur());
    act(() => jest.advanceTimersByTime(NOTICE_VISIBLE_MS + NOTICE_FADE_MS));
    expect(screen.queryByRole('link', { name: 'Please log in first' })).not.toBeInTheDocument();
  });

  it("still loads the signed-in viewer's own copy when the heart is clicked while it is on its way", async () => {
    setSession({ loading: true });
    const queryClient = createQueryClient();
    queryClient.setQueryData(battlestationQueryOptions(7, null).queryKey, detail({ favorites: 3 }));
    let answerPage!: (response: Response) => void;
    const fetch = mockFetch({
      '/api/battlestations/id/7': () => new Promise<Response>((resolve) => (answerPage = resolve)),
      '/api/battlestations/favorites/7': { favorites: 4, is_favorited: 1 },
    });
    renderRoute(<DetailPage />, { path: '/battlestations/:stationId', route: '/battlestations/7', queryClient });
    act(() => setSession({ signedInAs: 'fan', getIdToken: async () => 'token' }));
    // The viewer's copy is on its way (the page shows the visitor's) when the heart is clicked.
    await waitFor(() => expect(answerPage).toBeDefined());
    fireEvent.click(heart());
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('/favorites/7'))).toBe(true));
    // The viewer's own copy arrives after the favorite: it is shown, not dropped.
    answerPage(new Response(JSON.stringify(detail({ name: 'Night Owl (fan view)', favorites: 4, is_favorited: 1 })), { headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Owl (fan view)' })).toBeInTheDocument();
  });

  it('counts a click made while the session still loads, once it has', async () => {
    setSession({ loading: true });
    const queryClient = createQueryClient();
    queryClient.setQueryData(battlestationQueryOptions(7, null).queryKey, detail());
    mockFetch({ '/api/battlestations/id/7': detail() });
    renderRoute(<DetailPage />, { path: '/battlestations/:stationId', route: '/battlestations/7', queryClient });
    fireEvent.click(heart());
    expect(heart()).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('link', { name: 'Please log in first' })).not.toBeInTheDocument();
    act(() => setSession());
    expect(await screen.findByRole('link', { name: 'Please log in first' })).toBeInTheDocument();
  });

  it("answers a click made before the page's scripts had run (kept by the shell's after-load.js) once hydrated, and only that one", async () => {
    window.__battledeckEarlyClick = 'favorite';
    setSession({ loading: true });
    const queryClient = createQueryClient();
    queryClient.setQueryData(battlestationQueryOptions(7, null).queryKey, detail());
    mockFetch({ '/api/battlestations/id/7': detail() });
    const { unmount } = renderRoute(<DetailPage />, { path: '/battlestations/:stationId', route: '/battlestations/7', queryClient });
    expect(heart()).toHaveAttribute('data-early-click', 'favorite');
    // Queued while the session loads, as a click then would be; answered once it has.
    expect(heart()).toHaveAttribute('aria-busy', 'true');
    expect(window.__battledeckEarlyClick).toBeNull();
    act(() => setSession());
    expect(await screen.findByRole('link', { name: 'Please log in first' })).toBeInTheDocument();
    unmount();

    // Another control's early click is not the heart's.
    window.__battledeckEarlyClick = 'copy-part-list';
    renderRoute(<DetailPage />, { path: '/battlestations/:stationId', route: '/battlestations/7', queryClient });
    await screen.findByRole('heading', { level: 1, name: 'Night Owl' });
    expect(screen.queryByRole('link', { name: 'Please log in first' })).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: /Copy Part List/i })).toBeInTheDocument();
    expect(window.__battledeckEarlyClick).toBeNull();
  });

  it('signed in: the heart and the count change at once, with a loading animation until the server answers', async () => {
    setSession({ signedInAs: 'fan', getIdToken: async () => 'token' });
    const answer = deferred<Response>();
    const fetch = mockFetch({
      '/api/battlestations/id/7': detail(),
      '/api/battlestations/favorites/7': () => answer.promise,
    });
    const { queryClient } = renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Night Owl' });
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

    fireEvent.click(heart());
    expect(await screen.findByRole('button', { name: 'Favorite, 4 favorites', pressed: true })).toHaveAttribute('aria-busy', 'true');
    const [, init] = fetch.mock.calls.find(([url]) => String(url).includes('/favorites/7'))!;
    expect(init).toMatchObject({ method: 'PUT', body: JSON.stringify({ action: 'add' }) });

    answer.resolve(new Response(JSON.stringify({ favorites: 10, is_favorited: 1 }), { status: 200 }));
    expect(await screen.findByRole('button', { name: 'Favorite, 10 favorites', pressed: true })).not.toHaveAttribute('aria-busy');
    // Every list and count that shows the station refreshes; its own page keeps the server's answer.
    const prefixes = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(prefixes).toEqual(expect.arrayContaining([queryKeys.battlestations.all, queryKeys.users.all, queryKeys.admin.all]));
    const stationFilter = invalidate.mock.calls.find(([filters]) => filters?.queryKey === queryKeys.battlestations.all)![0]!;
    const isInvalidated = (queryKey: readonly unknown[]) => stationFilter.predicate?.({ queryKey } as never) ?? true;
    expect(isInvalidated(queryKeys.battlestations.featured())).toBe(true);
    expect(isInvalidated(queryKeys.battlestations.list({}))).toBe(true);
    expect(isInvalidated([...queryKeys.battlestations.detail(7), { viewer: 'uid-fan' }])).toBe(false);
  });

  it('has the visible count inside its accessible name: the name is its own text, the count plus words only screen readers get (WCAG 2.5.3)', async () => {
    setSession();
    mockFetch({ '/api/battlestations/id/7': detail({ favorites: 1 }) });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Night Owl' });
    const button = heart();
    expect(button).not.toHaveAttribute('aria-label');
    expect(button).toHaveAccessibleName('Favorite, 1 favorite');
    expect(button.textContent).toBe('Favorite, 1 favorite');
    // What a sighted user sees: the text outside the visually hidden parts.
    const visible = [...button.querySelectorAll('span:not(.visually-hidden)')].map((span) => span.textContent).join('');
    expect(visible).toBe('1');
  });

  it('rolls the count back and says "Sorry, unable to save this right now." when the call fails', async () => {
    setSession({ signedInAs: 'fan', getIdToken: async () => 'token' });
    mockFetch({
      '/api/battlestations/id/7': detail({ is_favorited: 1, favorites: 5 }),
      '/api/battlestations/favorites/7': () => new Response(JSON.stringify({ message: 'nope' }), { status: 500 }),
    });
    const { queryClient } = renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Night Owl' });
    fireEvent.click(heart());
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, unable to save this right now.');
    expect(heart()).toHaveAccessibleName('Favorite, 5 favorites');
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    const cached = queryClient.getQueriesData<BattlestationDetail>({ queryKey: queryKeys.battlestations.detail(7) });
    expect(cached.map(([, data]) => data?.favorites)).toEqual([5]);
  });
});
