import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useEffect, useRef } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { ScrollToTop } from './scroll-to-top';

function FocusesItsBox() {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), []);
  return <input ref={box} aria-label="Search" />;
}

function renderSite() {
  window.scrollTo = jest.fn();
  render(
    <MemoryRouter initialEntries={['/']}>
      <ScrollToTop />
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <Link to="/stations/1">Walnut desk</Link> <Link to="/search">Search</Link>
              </>
            }
          />
          <Route path="/stations/1" element={<h1>Walnut desk</h1>} />
          <Route path="/search" element={<FocusesItsBox />} />
        </Routes>
      </main>
    </MemoryRouter>,
  );
}

describe('a new page', () => {
  it('moves the focus to the main region when the link used went with the old page', async () => {
    renderSite();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Walnut desk' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves the focus where the new page put it', async () => {
    renderSite();
    await userEvent.click(screen.getByRole('link', { name: 'Search' }));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('does not move the focus on the first page, in StrictMode too (its effects run twice)', async () => {
    window.scrollTo = jest.fn();
    render(
      <StrictMode>
        <MemoryRouter initialEntries={['/']}>
          <ScrollToTop />
          <main id="main" tabIndex={-1}>
            first
          </main>
        </MemoryRouter>
      </StrictMode>,
    );
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.getByRole('main')).not.toHaveFocus();
  });
});
