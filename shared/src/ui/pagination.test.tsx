import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Pagination } from './pagination';

function Pages({ pages, onChange }: { pages: number; onChange: (page: number) => void }) {
  const [page, setPage] = useState(pages - 1);
  return (
    <Pagination
      page={page}
      pages={pages}
      onChange={(next) => {
        onChange(next);
        setPage(next);
      }}
    />
  );
}

describe('Pagination', () => {
  it('keeps the keyboard focus on Next when it reaches the last page, and Next then does nothing', async () => {
    const onChange = jest.fn();
    render(<Pages pages={3} onChange={onChange} />);
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(3);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    // Marked unavailable without `disabled`, which would throw the focus out to the page.
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('marks Previous unavailable on the first page', () => {
    render(<Pagination page={1} pages={4} onChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'false');
  });
});
