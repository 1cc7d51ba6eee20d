import type { PartDetail } from '@battledeck/shared/contract';
import { renderWithProviders } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { screen, within } from '@testing-library/react';
import { PartsTable, type PartsTableProps } from './parts-table';

const part = (overrides: Partial<PartDetail> = {}): PartDetail => ({
  part_id: 5,
  name: 'Alienware AW3423DWF',
  type_id: 7,
  type_name: 'Monitor',
  type_path: 'monitor',
  manufacturer: 'Dell',
  manufacturer_url: null,
  image: 'aw.jpg',
  battlestation_count: 4,
  stores: [{ store_id: 1, store_name: 'Amazon', url: 'https://amazon.example/aw' }],
  ...overrides,
});

function renderTable(props: Partial<PartsTableProps> = {}) {
  renderWithProviders(
    <AntdProvider>
      <PartsTable parts={[part()]} loading={false} sort={{ sortBy: 'name', direction: 'asc' }} onSort={jest.fn()} onEdit={jest.fn()} onDelete={jest.fn()} {...props} />
    </AntdProvider>,
  );
}

// UX review: on a 390 px phone the table ran 15 px past its box, the delete button at the very edge.
describe('PartsTable row actions', () => {
  it('keeps Merge and Delete in the column fixed to the table’s end', () => {
    renderTable({ onMerge: jest.fn() });
    const actions = screen.getByRole('button', { name: 'Delete Alienware AW3423DWF' }).closest('td')!;
    expect(actions).toHaveClass('ant-table-cell-fix-end');
    expect(actions).toBe(actions.closest('tr')?.lastElementChild);
    expect(within(actions).getByRole('button', { name: 'Merge Alienware AW3423DWF into another part' })).toBeInTheDocument();
  });
});
