import { queryKeys } from '@battledeck/shared/api';
import type { PartDetail, PartMergeSummary, SimilarPart } from '@battledeck/shared/contract';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MergePartModal } from './merge-part-modal';

const MERGED: PartDetail = {
  part_id: 5,
  name: 'Logitec MX Mastr 3S',
  type_id: 3,
  type_name: 'Mouse',
  type_path: 'mouse',
  manufacturer: 'Logitech',
  manufacturer_url: null,
  image: 'a.jpg',
  battlestation_count: 2,
  stores: [],
};
const KEPT: SimilarPart = { part_id: 9, name: 'Logitech MX Master 3S', manufacturer: 'Logitech', type_name: 'Mouse', type_path: 'mouse', battlestation_count: 7 };
const SUMMARY: PartMergeSummary = {
  merged: { part_id: 5, name: MERGED.name },
  kept: { part_id: 9, name: KEPT.name },
  stations: 3,
  stations_with_both: 1,
  store_links: 2,
  store_links_dropped: 1,
  requests: 1,
};

/** antd's visible option (the role=option list is its screen-reader copy). */
async function choose(label: string) {
  await userEvent.click(await screen.findByTitle(label));
}

describe('MergePartModal', () => {
  beforeEach(() => setSession({ signedInAs: 'root', isAdmin: true, getIdToken: async () => 't' }));
  afterEach(resetSession);

  it('offers look-alike parts, says what moves from the preview, and merges on confirmation', async () => {
    const merges: unknown[] = [];
    const fetchMock = mockFetch({
      '/api/parts/similar': [{ ...KEPT, part_id: 5, name: MERGED.name }, KEPT],
      '/api/parts/5/merge-preview': (url: URL) => (url.searchParams.get('into') === '9' ? SUMMARY : new Response('{"message":"x"}', { status: 404 })),
      '/api/parts/5/merge': (_url: URL, init?: RequestInit) => {
        merges.push(JSON.parse(String(init!.body)));
        return SUMMARY;
      },
    });
    const onClose = jest.fn();
    const { queryClient } = renderWithProviders(
      <AntdProvider>
        <MergePartModal open part={MERGED} onClose={onClose} />
      </AntdProvider>,
    );
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const dialog = await screen.findByRole('dialog', { name: `Merge ${MERGED.name}` });
    const merge = () => screen.getByRole('button', { name: 'Merge' });
    expect(merge()).toBeDisabled();

    // The look-alikes are offered, the part itself is not.
    await userEvent.click(screen.getByLabelText('Keep this part'));
    await screen.findByRole('option', { name: 'Logitech MX Master 3S (Mouse)' });
    expect(screen.queryByRole('option', { name: `${MERGED.name} (Mouse)` })).not.toBeInTheDocument();
    await choose('Logitech MX Master 3S (Mouse)');

    expect(await screen.findByText('3 stations, 2 store links and 1 request move to Logitech MX Master 3S.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('1 station already lists Logitech MX Master 3S: its link to Logitec MX Mastr 3S is removed.');
    expect(dialog).toHaveTextContent('1 store link is dropped');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await waitFor(() => expect(merge()).toBeEnabled());
    expect(merges).toEqual([]);

    await userEvent.click(merge());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(merges).toEqual([{ into: 9 }]);
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/parts/5/merge')!;
    expect((post[1] as RequestInit).method).toBe('POST');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.parts.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.battlestations.all });
  });

  it('keeps the offered parts listed while a search is on its way, so a highlighted one can still be chosen', async () => {
    let answer: (parts: SimilarPart[]) => void = () => {};
    const asked = jest.fn();
    mockFetch({
      '/api/parts/similar': [KEPT],
      '/api/parts/autocomplete': () => {
        asked();
        return new Promise((resolve) => (answer = resolve));
      },
      '/api/parts/5/merge-preview': SUMMARY,
    });
    renderWithProviders(
      <AntdProvider>
        <MergePartModal open part={MERGED} onClose={() => {}} />
      </AntdProvider>,
    );
    await userEvent.click(await screen.findByLabelText('Keep this part'));
    await screen.findByRole('option', { name: 'Logitech MX Master 3S (Mouse)' });
    await userEvent.keyboard('Logitech');
    await waitFor(() => expect(asked).toHaveBeenCalled());
    // The search has not answered: the look-alike is still there (an empty list was shown here before).
    expect(screen.getByRole('option', { name: 'Logitech MX Master 3S (Mouse)' })).toBeInTheDocument();
    await choose('Logitech MX Master 3S (Mouse)');
    expect(await screen.findByText('3 stations, 2 store links and 1 request move to Logitech MX Master 3S.')).toBeInTheDocument();
    act(() => answer([KEPT]));
  });

  it('shows the server refusal and keeps the dialog open', async () => {
    mockFetch({
      '/api/parts/similar': [KEPT],
      '/api/parts/5/merge-preview': SUMMARY,
      '/api/parts/5/merge': new Response(JSON.stringify({ message: 'The part to keep does not exist.' }), { status: 404 }),
    });
    const onClose = jest.fn();
    renderWithProviders(
      <AntdProvider>
        <MergePartModal open part={MERGED} onClose={onClose} />
      </AntdProvider>,
    );
    await userEvent.click(await screen.findByLabelText('Keep this part'));
    await choose('Logitech MX Master 3S (Mouse)');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Merge' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Merge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The part to keep does not exist.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts afresh for the next part: no preview of the last choice is asked for', async () => {
    const fetchMock = mockFetch({
      '/api/parts/similar': [KEPT],
      '/api/parts/5/merge-preview': SUMMARY,
      '/api/parts/6/merge-preview': SUMMARY,
    });
    // The parts page keeps one dialog and opens it for one part after another.
    let show: (state: { open: boolean; part: PartDetail }) => void = () => undefined;
    function Page() {
      const [state, setState] = useState({ open: true, part: MERGED });
      show = setState;
      return (
        <AntdProvider>
          <MergePartModal open={state.open} part={state.part} onClose={jest.fn()} />
        </AntdProvider>
      );
    }
    renderWithProviders(<Page />);
    await userEvent.click(await screen.findByLabelText('Keep this part'));
    await choose('Logitech MX Master 3S (Mouse)');
    await screen.findByText('3 stations, 2 store links and 1 request move to Logitech MX Master 3S.');

    act(() => show({ open: false, part: MERGED }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const other = { ...MERGED, part_id: 6, name: 'Logitech MX Mastr 3' };
    act(() => show({ open: true, part: other }));
    await screen.findByRole('dialog', { name: `Merge ${other.name}` });
    expect(screen.getByRole('button', { name: 'Merge' })).toBeDisabled();
    expect(screen.queryByText(/move to/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/parts/6/merge-preview'))).toEqual([]);
  });
});
