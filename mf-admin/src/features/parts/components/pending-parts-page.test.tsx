import type { PendingPart } from '@battledeck/shared/contract';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { screen, within } from '@testing-library/react';
import PendingPartsPage from './pending-parts-page';

const request = (overrides: Partial<PendingPart>): PendingPart => ({
  part_id: 1,
  name: 'Logitec MX Master 3S',
  url: 'https://example.com/mx',
  status: 'pending',
  username: 'builder',
  created_date: '2026-11-20T10:00:00.000Z',
  likely_parts: [],
  ...overrides,
});

const renderPage = () =>
  renderWithProviders(
    <AntdProvider>
      <PendingPartsPage />
    </AntdProvider>,
  );

describe('PendingPartsPage: likely duplicates', () => {
  beforeEach(() => setSession({ signedInAs: 'root', isAdmin: true, getIdToken: async () => 't' }));
  afterEach(resetSession);

  it('flags a request that looks like existing parts, each a link to the part, and leaves others alone', async () => {
    mockFetch({
      '/api/parts/pending': [
        request({ likely_parts: [{ part_id: 42, name: 'Logitech MX Master 3S' }, { part_id: 43, name: 'Logitech MX Master 3' }] }),
        request({ part_id: 2, name: 'Keychron Q1 Pro' }),
      ],
    });
    renderPage();
    const flagged = (await screen.findByRole('button', { name: 'Add Logitec MX Master 3S as a part' })).closest('td')!;
    expect(flagged).toHaveTextContent('Likely duplicateLooks like an existing part: Logitech MX Master 3S, Logitech MX Master 3');
    expect(within(flagged).getByRole('link', { name: 'Logitech MX Master 3S' })).toHaveAttribute('href', '/parts/view/42');
    const other = screen.getByRole('button', { name: 'Add Keychron Q1 Pro as a part' }).closest('td')!;
    expect(other).not.toHaveTextContent('Looks like');
  });

  it('shows the status under the name on a phone instead of in a column of its own', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(max-width: 575.98px)' });
    try {
      mockFetch({ '/api/parts/pending': [request({})] });
      renderPage();
      const name = (await screen.findByRole('button', { name: 'Add Logitec MX Master 3S as a part' })).closest('td')!;
      expect(within(name).getByText('Pending')).toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Status' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  // UX review: row actions on a phone are always in sight (the admin tables pushed them off-screen).
  it('keeps Copy, Mark approved and Delete in the column fixed to the table’s end', async () => {
    mockFetch({ '/api/parts/pending': [request({})] });
    renderPage();
    const actions = (await screen.findByRole('button', { name: 'Delete the request Logitec MX Master 3S' })).closest('td')!;
    expect(actions).toHaveClass('ant-table-cell-fix-end');
    expect(actions).toBe(actions.closest('tr')?.lastElementChild);
    expect(within(actions).getByRole('button', { name: 'Copy Logitec MX Master 3S and its link' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Mark Logitec MX Master 3S approved' })).toBeInTheDocument();
  });
});
