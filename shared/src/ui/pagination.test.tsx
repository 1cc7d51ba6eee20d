import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { pageHref, Pagination } from './pagination';

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

  it('renders real links to each page when given their addresses, and handles a plain click itself', async () => {
    const onChange = jest.fn();
    render(<Pagination page={2} pages={3} onChange={onChange} hrefFor={(page) => pageHref('/things', '?sortBy=name&pageNumber=2', page)} />);
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/things?sortBy=name');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/things?sortBy=name&pageNumber=3');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/things?sortBy=name&pageNumber=3');
    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('keeps a link unavailable but focusable on the last page', async () => {
    const onChange = jest.fn();
    render(<Pagination page={3} pages={3} onChange={onChange} hrefFor={(page) => pageHref('/things', '', page)} />);
    const next = screen.getByRole('link', { name: 'Next' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAttribute('href', '/things?pageNumber=3');
    await userEvent.click(next);
    expect(onChange).not.toHaveBeenCalled();
  });
});
