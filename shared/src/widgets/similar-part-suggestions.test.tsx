import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { SimilarPart } from '../contract/part-duplicates';
import { mockFetch, renderWithProviders, resetSession, setSession } from '../testing';
import { AntdProvider } from './antd-provider';
import { SubmitPartDialog } from './submit-part-dialog';

const MX: SimilarPart = {
  part_id: 42,
  name: 'Logitech MX Master 3S',
  manufacturer: 'Logitech',
  type_name: 'Mouse',
  type_path: 'mouse',
  battlestation_count: 3,
};

function Harness({ onPickPart, partType }: { onPickPart?: (part: SimilarPart) => void; partType?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <AntdProvider>
      <SubmitPartDialog open={open} onClose={() => setOpen(false)} partType={partType} onPickPart={onPickPart} />
    </AntdProvider>
  );
}

const nameField = () => screen.getByLabelText(/Part name/);
const liveStatus = () => screen.getByText((_, el) => el?.getAttribute('aria-live') === 'polite' && el.tagName === 'P');

describe('Did you mean …? in the Submit New Part dialog', () => {
  beforeEach(() => setSession({ signedInAs: 'builder', getIdToken: async () => 'id-token' }));
  afterEach(resetSession);

  it('asks once typing pauses, with the category, and offers the parts as links to their pages', async () => {
    const fetchMock = mockFetch({ '/api/parts/similar': (url: URL) => (url.searchParams.get('name') === 'logitech mx mastr' ? [MX] : []) });
    renderWithProviders(<Harness partType="mouse" />);
    await waitFor(() => expect(nameField()).toHaveFocus());
    await userEvent.type(nameField(), 'logitech mx mastr');

    const list = await screen.findByRole('list', { name: 'Did you mean …?' });
    const link = within(list).getByRole('link', { name: /Logitech MX Master 3S/ });
    expect(link).toHaveAttribute('href', '/parts/view/42');
    expect(link).toHaveTextContent('Mouse · Logitech · on 3 stations');
    expect(liveStatus()).toHaveTextContent('1 existing part looks like this name. Did you mean …?');
    // Debounced: asked when typing pauses, not once per key; the last question is the whole name.
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));
    expect(asked.length).toBeLessThan('logitech mx mastr'.length - 2);
    expect(Object.fromEntries(asked[asked.length - 1].searchParams)).toEqual({ name: 'logitech mx mastr', partType: 'mouse' });

    // Keyboard: Tab from the name reaches the suggestion before the link field.
    nameField().focus();
    await userEvent.tab();
    expect(link).toHaveFocus();
  });

  it('hides the suggestions while the name changes and says nothing when none match', async () => {
    mockFetch({ '/api/parts/similar': (url: URL) => (url.searchParams.get('name')?.startsWith('logitech') ? [MX] : []) });
    renderWithProviders(<Harness />);
    await waitFor(() => expect(nameField()).toHaveFocus());
    await userEvent.type(nameField(), 'logitech');
    await screen.findByRole('list', { name: 'Did you mean …?' });
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Quartz widget');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Did you mean …?' })).not.toBeInTheDocument());
    expect(liveStatus()).toHaveTextContent('');
  });

  it('with a pick handler, a suggestion is a button that picks the part and closes the dialog', async () => {
    mockFetch({ '/api/parts/similar': [MX] });
    const picked = jest.fn();
    renderWithProviders(<Harness onPickPart={picked} />);
    await waitFor(() => expect(nameField()).toHaveFocus());
    await userEvent.type(nameField(), 'mx master');
    const button = await screen.findByRole('button', { name: /Logitech MX Master 3S/ });
    await userEvent.click(button);
    expect(picked).toHaveBeenCalledWith(MX);
    await waitFor(() => expect(screen.queryByLabelText(/Part name/)).not.toBeInTheDocument());
  });
});
