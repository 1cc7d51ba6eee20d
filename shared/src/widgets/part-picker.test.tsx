import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutocompleteEntry } from '../contract/parts';
import { mockFetch, renderWithProviders } from '../testing';
import { AntdProvider } from './antd-provider';
import { PartPicker } from './part-picker';

const ENTRIES: AutocompleteEntry[] = [
  { part_id: 1, name: 'AMD Ryzen 7 7800X3D', type_name: 'CPU', type_path: 'cpu' },
  { part_id: 2, name: 'AMD Ryzen 5 7600X', type_name: 'CPU', type_path: 'cpu' },
];

function setup(answer: (url: URL) => unknown = () => ENTRIES, excludeIds: number[] = [], onSubmit?: (event: React.FormEvent) => void) {
  const fetchMock = mockFetch({ '/api/parts/types': [{ type_id: 1, type_name: 'CPU', type_path: 'cpu' }], '/api/parts/autocomplete': answer });
  const onAdd = jest.fn();
  renderWithProviders(
    <AntdProvider>
      {/* Inside a form, as in the editor: an Enter the picker lets through would submit it. */}
      <form onSubmit={onSubmit ?? ((event) => event.preventDefault())}>
        <PartPicker onAdd={onAdd} excludeIds={excludeIds} />
        <button type="submit">Save</button>
      </form>
    </AntdProvider>,
  );
  const searches = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/parts/autocomplete')
      .map((url) => url.searchParams.get('searchTerm'));
  return { onAdd, searches };
}

const box = () => screen.getByRole('combobox', { name: 'Search parts' });

describe('PartPicker', () => {
  it('asks the server from 2 characters, once typing pauses', async () => {
    const { searches } = setup();
    await userEvent.type(box(), 'r');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(searches()).toEqual([]);
    // The keys without a pause between them (no timer can run in between, however loaded the machine):
    // without the debounce 'ry', 'ryz' and 'ryze' would be asked too.
    await userEvent.setup({ delay: null }).type(box(), 'yzen');
    await waitFor(() => expect(searches()).toEqual(['ryzen']));
    expect(await screen.findByText('2 results available.')).toBeInTheDocument();
  });

  it('keeps Add disabled until a part is chosen, adds it and returns focus to the search box', async () => {
    const { onAdd } = setup(() => ENTRIES, [2]);
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(box(), 'ryzen');
    // The list ignores the pointer while it animates open (for longer on a busy machine): click once it takes clicks.
    await waitFor(() => userEvent.click(screen.getByText('AMD Ryzen 7 7800X3D')));
    // A part already listed shows as added.
    expect(screen.getByText('AMD Ryzen 5 7600X').closest('.ant-select-item-option')).toHaveAttribute('aria-disabled', 'true');
    expect(add).toBeEnabled();
    await userEvent.click(add);
    expect(onAdd).toHaveBeenCalledWith(ENTRIES[0]);
    expect(add).toBeDisabled();
    expect(box()).toHaveValue('');
    expect(box()).toHaveFocus();
  });

  it('opens with no suggestion highlighted: Enter keeps what was typed, chooses nothing and submits no surrounding form', async () => {
    const onSubmit = jest.fn((event: React.FormEvent) => event.preventDefault());
    setup(undefined, [], onSubmit);
    await userEvent.type(box(), 'ryzen');
    expect(await screen.findByText('2 results available.')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(document.querySelector('.ant-select-item-option-active')).toBeNull();
    // No active option: the box names none (antd would point at a missing '…_list_-1' element).
    await waitFor(() => expect(box()).not.toHaveAttribute('aria-activedescendant'));
    // rc-select reads `which`, which user-event leaves out.
    const notCancelled = fireEvent.keyDown(box(), { key: 'Enter', keyCode: 13, which: 13 });
    expect(notCancelled).toBe(false);
    // user-event also presses Enter the way a browser does: an Enter it does not cancel submits the form.
    await userEvent.keyboard('{Enter}');
    expect(box()).toHaveValue('ryzen');
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes the suggestion highlighted with the arrow keys on Enter', async () => {
    const { onAdd } = setup();
    await userEvent.type(box(), 'ryzen');
    expect(await screen.findByText('2 results available.')).toBeInTheDocument();
    fireEvent.keyDown(box(), { key: 'ArrowDown', keyCode: 40, which: 40 });
    await waitFor(() => expect(document.querySelector('.ant-select-item-option-active')).toHaveTextContent('AMD Ryzen 7 7800X3D'));
    const active = box().getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)).toHaveAccessibleName('AMD Ryzen 7 7800X3D, CPU');
    // On a busy machine a late render of the list can take the first Enter: pressed again until it chooses.
    await waitFor(() => {
      fireEvent.keyDown(box(), { key: 'Enter', keyCode: 13, which: 13 });
      expect(box()).toHaveValue('AMD Ryzen 7 7800X3D');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledWith(ENTRIES[0]);
  });

  it('shows a part already on the list as added and not choosable, instead of saying nothing matches', async () => {
    const { onAdd } = setup((url) => ENTRIES.filter((part) => part.name.includes(url.searchParams.get('searchTerm') ?? '')), [2]);
    await userEvent.type(box(), '7600X');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 already added.'));
    expect(screen.getByRole('status')).not.toHaveTextContent('No results are available.');
    const added = (await screen.findByText('AMD Ryzen 5 7600X')).closest('.ant-select-item-option')!;
    expect(added).toHaveAttribute('aria-disabled', 'true');
    expect(added).toHaveTextContent('Added');
    // Neither Enter nor a click chooses it.
    fireEvent.keyDown(box(), { key: 'Enter', keyCode: 13, which: 13 });
    // The list ignores the pointer while it animates open (for longer on a busy machine): click once it takes clicks.
    await waitFor(() => userEvent.click(added));
    expect(box()).toHaveValue('7600X');
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();

    // Among other suggestions the arrow keys pass over it.
    await userEvent.clear(box());
    await userEvent.type(box(), 'Ryzen');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 result available. 1 already added.'));
    // The status follows the answer; the keys need the list it renders (later on a busy machine).
    await screen.findByText('AMD Ryzen 7 7800X3D');
    fireEvent.keyDown(box(), { key: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(box(), { key: 'ArrowDown', keyCode: 40, which: 40 });
    await waitFor(() => expect(document.querySelector('.ant-select-item-option-active')).toHaveTextContent('AMD Ryzen 7 7800X3D'));
    // On a busy machine a late render of the list can take the first Enter: pressed again until it chooses.
    await waitFor(() => {
      fireEvent.keyDown(box(), { key: 'Enter', keyCode: 13, which: 13 });
      expect(box()).toHaveValue('AMD Ryzen 7 7800X3D');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledWith(ENTRIES[0]);
  });

  it("announces 'No results are available.' and 'Error loading parts'", async () => {
    setup((url) => (url.searchParams.get('searchTerm') === 'zzz' ? [] : new Response('{"message":"down"}', { status: 500 })));
    await userEvent.type(box(), 'zzz');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No results are available.'));
    // An empty list stays closed: the status line says it (an open empty list points at no option).
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.clear(box());
    await userEvent.type(box(), 'boom');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Error loading parts'));
  });
});
