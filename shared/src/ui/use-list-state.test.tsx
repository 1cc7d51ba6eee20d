import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { battlestationsListQuery, type BattlestationsListState } from '../contract/list-queries';
import { listSearch, readListState } from './read-list-state';
import { useListState } from './use-list-state';

const DEFAULTS: BattlestationsListState = { pageNumber: 1, resultsPerPage: 12, sortBy: 'created_date', direction: 'asc', searchTerm: undefined };

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const [state, update] = useListState(battlestationsListQuery, DEFAULTS);
      return { state, update, location: useLocation() };
    },
    { wrapper },
  );
}

describe('useListState (decision 3)', () => {
  it('reads valid values from the URL', () => {
    const { result } = setup('/?pageNumber=3&resultsPerPage=48&sortBy=name&direction=desc&searchTerm=oak');
    expect(result.current.state).toEqual({ pageNumber: 3, resultsPerPage: 48, sortBy: 'name', direction: 'desc', searchTerm: 'oak' });
  });

  it('falls back to the defaults for unknown or out-of-range values', () => {
    const { result } = setup('/?pageNumber=-2&resultsPerPage=13&sortBy=evil&direction=sideways');
    expect(result.current.state).toEqual(DEFAULTS);
  });

  it('goes back to page 1 when the search or page size changes, and keeps defaults out of the URL', () => {
    const { result } = setup('/?pageNumber=4');
    act(() => result.current.update({ searchTerm: 'desk' }));
    expect(result.current.location.search).toBe('?searchTerm=desk');
    act(() => result.current.update({ pageNumber: 2 }));
    expect(result.current.location.search).toBe('?pageNumber=2&searchTerm=desk');
    act(() => result.current.update({ resultsPerPage: 24 }));
    expect(result.current.state.pageNumber).toBe(1);
    expect(result.current.location.search).toBe('?resultsPerPage=24&searchTerm=desk');
  });
});

describe('listSearch: a list state as its address writes it', () => {
  it('writes what differs from the defaults, in one order, and nothing for the defaults', () => {
    expect(listSearch(DEFAULTS, DEFAULTS)).toBe('');
    const read = readListState(battlestationsListQuery, DEFAULTS, new URLSearchParams('x=1&direction=desc&sortBy=name&searchTerm=a%26b c&pageNumber=1'));
    expect(listSearch(read, DEFAULTS)).toBe('?sortBy=name&direction=desc&searchTerm=a%26b+c');
    // Another order of the same values, or parameters the list ignores, is the same address.
    const again = readListState(battlestationsListQuery, DEFAULTS, new URLSearchParams('searchTerm=a%26b+c&utm=1&sortBy=name&direction=desc'));
    expect(listSearch(again, DEFAULTS)).toBe(listSearch(read, DEFAULTS));
  });
});
