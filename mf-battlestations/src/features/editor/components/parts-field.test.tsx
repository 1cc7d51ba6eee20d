import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { PartItem } from '../utils/form-schema';
import { PartsField } from './parts-field';

const MX = { part_id: 42, name: 'Logitech MX Master 3S', manufacturer: 'Logitech', type_name: 'Mouse', type_path: 'mouse', battlestation_count: 3 };

function Harness({ initial }: { initial: PartItem[] }) {
  const [parts, setParts] = useState(initial);
  return (
    <AntdProvider>
      <PartsField value={parts} onChange={setParts} />
    </AntdProvider>
  );
}

/** Issue 20 item 4: in the editor, picking a suggested existing part adds it to the station instead of leaving the form. */
describe('PartsField: Did you mean …?', () => {
  beforeEach(() => {
    setSession({ signedInAs: 'builder', getIdToken: async () => 'token' });
    mockFetch({ '/api/parts/types': [], '/api/parts/similar': [MX] });
  });
  afterEach(resetSession);

  const pickFromDialog = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Submit New Part' }));
    await userEvent.type(await screen.findByLabelText(/Part name/), 'mx master');
    const suggestions = await screen.findByRole('list', { name: 'Did you mean …?' });
    await userEvent.click(within(suggestions).getByRole('button', { name: /Logitech MX Master 3S/ }));
    await waitFor(() => expect(screen.queryByLabelText(/Part name/)).not.toBeInTheDocument());
  };

  it('adds the picked part to the list and says so', async () => {
    renderWithProviders(<Harness initial={[]} />, { route: '/battlestations/new' });
    await pickFromDialog();
    expect(screen.getByRole('button', { name: 'Remove Logitech MX Master 3S' })).toBeInTheDocument();
    expect(screen.getByText('Logitech MX Master 3S added.')).toBeInTheDocument();
  });

  it('does not add a part twice', async () => {
    renderWithProviders(<Harness initial={[{ part_id: 42, name: 'Logitech MX Master 3S', type_name: 'Mouse', type_path: 'mouse' }]} />, { route: '/battlestations/new' });
    await pickFromDialog();
    expect(screen.getAllByRole('button', { name: 'Remove Logitech MX Master 3S' })).toHaveLength(1);
    expect(screen.getByText('Logitech MX Master 3S is already on the list.')).toBeInTheDocument();
  });
});
