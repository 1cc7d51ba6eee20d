import { mockFetch, resetSession, setSession } from '@battledeck/shared/testing';
import { createQueryClient } from '@battledeck/shared/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { battlestationQueryOptions } from '../../../lib/get-battlestation';
import { detail } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render-route';
import DetailPage from './detail-page';

const renderDetail = (route = '/battlestations/7') => renderRoute(<DetailPage />, { path: '/battlestations/:stationId', route });

afterEach(() => resetSession());

describe('Battlestation detail', () => {
  it('shows the name, links, owner, date, photos, parts and description with its line breaks', async () => {
    setSession();
    mockFetch({ '/api/battlestations/id/7': detail() });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Owl' })).toBeInTheDocument();
    expect(document.title).toBe('Night Owl | Battledeck');
    expect(screen.getByText('owl_owner').closest('li')).toHaveTextContent('By: owl_owner');
    expect(screen.getByRole('link', { name: 'owl_owner' })).toHaveAttribute('href', '/users/owl_owner');
    expect(screen.getByText(/^Uploaded/)).toBeInTheDocument();
    const instagram = screen.getByRole('link', { name: /Instagram/ });
    expect(instagram).toHaveAttribute('href', 'https://instagram.com/owl');
    expect(instagram).toHaveAttribute('target', '_blank');
    expect(instagram).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
    expect(screen.queryByRole('link', { name: /Reddit/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Open photo \d of 3$/ })).toHaveLength(3);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('link', { name: 'Ryzen 7' })).toHaveAttribute('href', '/parts/view/11');
    expect(within(table).getByText('CPU')).toBeInTheDocument();
    // Markdown's subset, never HTML (decision 30); the author's line breaks kept.
    expect(screen.getByText(/First line/).innerHTML).toBe('First line<br>Second line');
    expect(screen.queryByRole('link', { name: 'Edit Battlestation' })).not.toBeInTheDocument();
  });

  it('shows the empty messages', async () => {
    setSession();
    mockFetch({ '/api/battlestations/id/7': detail({ images: [], parts: [], description: '' }) });
    renderDetail();
    expect(await screen.findByText("This battlestation doesn't have any photos yet.")).toBeInTheDocument();
    expect(screen.getByText('This battlestation has no parts listed.')).toBeInTheDocument();
    expect(screen.getByText('This battlestation has no description provided.')).toBeInTheDocument();
  });

  it('offers Edit Battlestation to the owner and to staff', async () => {
    setSession({ signedInAs: 'owl_owner' });
    mockFetch({ '/api/battlestations/id/7': detail() });
    const { unmount } = renderDetail();
    expect(await screen.findByRole('link', { name: 'Edit Battlestation' })).toHaveAttribute('href', '/battlestations/7/edit');
    unmount();
    setSession({ signedInAs: 'moderator1', isModerator: true });
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Edit Battlestation' })).toBeInTheDocument();
  });

  it('waits for the session before asking, so the owner of a private station gets it', async () => {
    setSession({ loading: true });
    const fetch = mockFetch({ '/api/battlestations/id/7': detail() });
    renderDetail();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).not.toHaveBeenCalled();
    setSession({ signedInAs: 'owl_owner', getIdToken: async () => 'token-1' });
    await screen.findByRole('heading', { level: 1, name: 'Night Owl' });
    expect((fetch.mock.calls[0][1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer token-1' });
  });

  it("keeps the page it has, and the focus, while a visitor's copy gives way to the signed-in viewer's", async () => {
    setSession({ loading: true });
    const queryClient = createQueryClient();
    // What the server rendered, for a visitor.
    queryClient.setQueryData(battlestationQueryOptions(7, null).queryKey, detail({ is_favorited: 0 }));
    let answer!: (response: Response) => void;
    mockFetch({ '/api/battlestations/id/7': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute(<DetailPage />, { path: '/battlestations/:stationId', route: '/battlestations/7', queryClient });
    const heart = screen.getByRole('button', { name: /favorite/i });
    heart.focus();
    setSession({ signedInAs: 'fan', getIdToken: async () => 'token-1' });
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByRole('heading', { level: 1, name: 'Night Owl' })).toBeInTheDocument();
    expect(heart).toHaveFocus();
    answer(new Response(JSON.stringify(detail({ is_favorited: 1 })), { headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(screen.getByRole('button', { name: /favorite/i })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('heading', { level: 1, name: 'Night Owl' })).toBeInTheDocument();
  });

  it("never stands the owner's copy of a private station in for the next viewer's after a sign-out", async () => {
    setSession({ signedInAs: 'owl_owner', getIdToken: async () => 'token-1' });
    mockFetch({ '/api/battlestations/id/7': (_url: URL, init?: RequestInit) => (init?.headers && 'Authorization' in (init.headers as object) ? detail({ is_public: 0, name: 'Secret desk' }) : new Promise<Response>(() => undefined)) });
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Secret desk' });
    act(() => setSession());
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Secret desk' })).not.toBeInTheDocument());
  });

  it('shows the load error with a link to the featured battlestations', async () => {
    setSession();
    mockFetch({});
    renderDetail('/battlestations/99');
    const alert = await screen.findByRole('alert');
    // The page's heading, as on the part's and the member's not-found pages.
    expect(within(alert).getByRole('heading', { level: 1 })).toHaveTextContent("We're sorry. This battlestation doesn't exist or couldn't be loaded.");
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/#featured');
    expect(document.title).toBe('Error | Battledeck');
  });
});
