import type { StationHistoryEntry } from '@battledeck/shared/contract';
import { mockFetch, resetSession, setSession } from '@battledeck/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { detail } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/render-route';
import DetailPage from './detail-page';

const renderDetail = () => renderRoute(<DetailPage />, { path: '/battlestations/:stationId', route: '/battlestations/7' });

const entry = (change_id: number, changes: StationHistoryEntry['changes'], minutesAgo = 5): StationHistoryEntry => ({
  change_id,
  changed_date: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  username: 'nightowl',
  is_public: true,
  changes,
});

beforeEach(() => setSession());
afterEach(() => resetSession());

describe('Station history', () => {
  it('lists the changes newest first in plain words, with who and when, and shows older ones on request', async () => {
    const history = jest.fn((url: URL) =>
      url.searchParams.get('cursor') === '3'
        ? { entries: [entry(1, [{ kind: 'created' }], 60 * 26)], next_cursor: null }
        : {
            entries: [
              entry(4, [{ kind: 'field', field: 'name', to: 'Night Owl' }, { kind: 'photos_reordered' }]),
              entry(3, [{ kind: 'parts_added', parts: [{ part_id: 1, name: 'Oak Desk' }, { part_id: 2, name: 'Ryzen 7' }] }, { kind: 'photos_removed', count: 1 }], 90),
            ],
            next_cursor: 3,
          },
    );
    mockFetch({ '/api/battlestations/id/7': detail(), '/api/battlestations/id/7/history': history });
    renderDetail();
    const section = await screen.findByRole('region', { name: 'History' });
    const list = await within(section).findByRole('list', { name: 'History' });
    const items = () => [...list.querySelectorAll(':scope > li')];
    expect(items().map((item) => item.querySelector('ul')?.textContent)).toEqual([
      'Changed the title to “Night Owl”Reordered photos',
      'Added 2 parts: Oak Desk, Ryzen 7Removed a photo',
    ]);
    expect(within(items()[0] as HTMLElement).getByText(/by nightowl/)).toBeInTheDocument();
    const time = items()[1].querySelector('time');
    expect(time).toHaveTextContent('1 hour ago');
    expect(time?.getAttribute('dateTime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await userEvent.click(within(section).getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByText('Created this battlestation')).toBeInTheDocument();
    expect(items()).toHaveLength(3);
    await waitFor(() => expect(items()[2]).toHaveFocus());
    expect(within(section).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(history).toHaveBeenCalledTimes(2);
  });

  it('says so when nothing is recorded, or when the history cannot be loaded, and keeps the page', async () => {
    mockFetch({ '/api/battlestations/id/7': detail(), '/api/battlestations/id/7/history': { entries: [], next_cursor: null } });
    const { unmount } = renderDetail();
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    unmount();
    mockFetch({ '/api/battlestations/id/7': detail(), '/api/battlestations/id/7/history': new Response('{"message":"x"}', { status: 500 }) });
    renderDetail();
    expect(await screen.findByText('Sorry, we were unable to load the history. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Night Owl' })).toBeInTheDocument();
  });
});
