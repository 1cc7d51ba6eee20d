import { render, screen } from '@testing-library/react';
import { SortTitle } from './sort-title';

type Column = 'name' | 'favorites';
const arrowOf = (button: HTMLElement) => (button.querySelector('.anticon-arrow-down') ? 'down' : button.querySelector('.anticon-arrow-up') ? 'up' : 'none');

describe('SortTitle', () => {
  it('points an idle arrow where a click sorts (counts highest first, names A to Z), an active one how it is sorted', () => {
    const state = { sortBy: 'name' as Column, direction: 'asc' as const };
    render(
      <>
        <SortTitle<Column> label="Name" column="name" state={state} onSort={() => undefined} />
        <SortTitle<Column> label="Favorites" column="favorites" state={state} onSort={() => undefined} />
      </>,
    );
    const favorites = screen.getByRole('button', { name: 'Favorites' });
    expect(favorites).toHaveAttribute('title', 'Sort by favorites, descending');
    expect(arrowOf(favorites)).toBe('down');
    const name = screen.getByRole('button', { name: 'Name' });
    expect(name).toHaveAttribute('title', 'Sort by name, descending');
    expect(arrowOf(name)).toBe('up');
  });
});
