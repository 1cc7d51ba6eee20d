import type { PairedPart } from '@battledeck/shared/contract';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../../../app';
import { groupByCategory } from './paired-parts';

const paired = (part_id: number, type_name: string, together = 2): PairedPart => ({
  part_id,
  name: `Part ${part_id}`,
  type_id: type_name.length,
  type_name,
  type_path: type_name.toLowerCase(),
  together,
  lift: 2,
});
const PART = { part_id: 7, name: 'Anchor', type_id: 1, type_name: 'CPU', type_path: 'cpu', manufacturer: 'AMD', manufacturer_url: null, image: 'a.png', battlestation_count: 4, stores: [] };

function renderPart(list: unknown) {
  mockFetch({
    '/api/parts/types': [],
    '/api/parts/id/7': PART,
    '/api/parts/id/7/battlestations': { battlestations: [], total: 0 },
    '/api/parts/id/7/paired': list,
  });
  return renderWithProviders(<App basePath="/parts" />, { route: '/parts/view/7', path: '/parts/*' });
}

beforeEach(() => setSession());
afterEach(resetSession);

describe('Often paired with', () => {
  it('groups the paired parts by category, each a link to its page with how often they go together', async () => {
    renderPart([paired(31, 'Monitor', 3), paired(32, 'Mouse'), paired(33, 'Monitor')]);
    const section = await screen.findByRole('region', { name: 'Often paired with' });
    const groups = await within(section).findAllByRole('heading', { level: 3 });
    expect(groups.map((h) => h.textContent)).toEqual(['Monitor', 'Mouse']);
    const monitors = within(section).getByRole('list', { name: 'Monitor' });
    expect(within(monitors).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Part 31', '/parts/view/31'],
      ['Part 33', '/parts/view/33'],
    ]);
    expect(within(monitors).getByText('3 setups together')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('link', { name: 'Part 32' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/parts/view/32');
  });

  it('says so when nothing goes with it often enough', async () => {
    renderPart([]);
    expect(await screen.findByText('Not enough battlestations list this part with others yet.')).toBeInTheDocument();
  });

  it('keeps categories in the order of their best pair', () => {
    const groups = groupByCategory([paired(1, 'Desk'), paired(2, 'Chair'), paired(3, 'Desk')]);
    expect(groups.map((g) => [g.typeName, g.parts.map((p) => p.part_id)])).toEqual([
      ['Desk', [1, 3]],
      ['Chair', [2]],
    ]);
  });
});
