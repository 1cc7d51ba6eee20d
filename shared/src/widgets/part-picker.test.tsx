import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutocompleteEntry } from '../contract/parts';
import { mockFetch, renderWithProviders } from '../testing';
import { AntdProvider } from './antd-provider';
import { PartPicker } from './part-picker';

// The first render loads antd and the lazy page: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

const ENTRIES: AutocompleteEntry[] = [
  { part_id: 1, name: 'AMD Ryzen 7 7800X3D', type_name: 'CPU' },
  { part_id: 2, name: 'AMD Ryzen 5 7600X', type_name: 'CPU' },
];

function setup(answer: (url: URL) => unknown = () => ENTRIES, excludeIds: number[] = []) {
  const fetchMock = mockFetch({ '/api/parts/types': [{ type_id: 1, type_name: 'CPU', type_path: 'cpu' }], '/api/parts/autocomplete': answer });
  const onAdd = jest.fn();
  renderWithProviders(
    <AntdProvider>
      <PartPicker onAdd={onAdd} excludeIds={excludeIds} />
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
    await userEvent.type(box(), 'yzen');
    await waitFor(() => expect(searches()).toEqual(['ryzen']));
    expect(await screen.findByText('2 results available.')).toBeInTheDocument();
  });

  it('keeps Add disabled until a part is chosen, adds it and returns focus to the search box', async () => {
    const { onAdd } = setup(() => ENTRIES, [2]);
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(box(), 'ryzen');
    await userEvent.click(await screen.findByText('AMD Ryzen 7 7800X3D'));
    // Parts already listed are not offered again.
    expect(screen.queryByText('AMD Ryzen 5 7600X')).not.toBeInTheDocument();
    expect(add).toBeEnabled();
    await userEvent.click(add);
    expect(onAdd).toHaveBeenCalledWith(ENTRIES[0]);
    expect(add).toBeDisabled();
    expect(box()).toHaveValue('');
    expect(box()).toHaveFocus();
  });

  it('opens with the first suggestion active, so Enter takes it', async () => {
    setup();
    await userEvent.type(box(), 'ryzen');
    expect(await screen.findByText('2 results available.')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.ant-select-item-option-active')).toHaveTextContent('AMD Ryzen 7 7800X3D'));
    // rc-select reads `which`, which user-event leaves out.
    fireEvent.keyDown(box(), { key: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(box()).toHaveValue('AMD Ryzen 7 7800X3D'));
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('keeps the chosen part when Tab then leaves the box', async () => {
    const { onAdd } = setup();
    await userEvent.type(box(), 'ryzen');
    expect(await screen.findByText('2 results available.')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.ant-select-item-option-active')).toHaveTextContent('AMD Ryzen 7 7800X3D'));
    fireEvent.keyDown(box(), { key: 'ArrowDown', keyCode: 40, which: 40 });
    await waitFor(() => expect(document.querySelector('.ant-select-item-option-active')).toHaveTextContent('AMD Ryzen 5 7600X'));
    fireEvent.keyDown(box(), { key: 'Enter', keyCode: 13, which: 13 });
    fireEvent.keyUp(box(), { key: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(box()).toHaveValue('AMD Ryzen 5 7600X'));
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    // An open list would take its active suggestion on Tab (rc-select), replacing the choice just made.
    fireEvent.keyDown(box(), { key: 'Tab', keyCode: 9, which: 9 });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledWith(ENTRIES[1]);
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
