import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installPointerEvent } from '../../../testing/pointer-event';
import { Gallery, SCROLL_FRACTION } from './gallery';

const images = ['a.jpg', 'b.jpg', 'c.png'];

installPointerEvent();

describe('Gallery and its viewer', () => {
  it('opens the viewer on a photo, moves with the arrow keys (wrapping) and closes with Esc, focus back on the photo', async () => {
    const user = userEvent.setup();
    render(<Gallery name="Night Owl" images={images} />);
    const second = screen.getByRole('link', { name: 'Open photo 2 of 3' });
    second.focus();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Night Owl' });
    expect(dialog).toHaveTextContent('2 / 3');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    // Issue 16 item 2: the full file at its own pixels, no srcset claiming widths it does not have.
    const photo = screen.getByRole('img', { name: 'Night Owl, photo 2 of 3' });
    expect(photo).toHaveAttribute('src', '/images/battlestations/b.jpg');
    expect(photo).not.toHaveAttribute('srcset');

    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveTextContent('3 / 3');
    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveTextContent('1 / 3');
    await user.keyboard('{ArrowLeft}');
    expect(dialog).toHaveTextContent('3 / 3');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(second).toHaveFocus();
  });

  // Issue 16 item 8: on a phone, Back left the page instead of closing the viewer; Home/End; swipe down.
  it('goes to the first and last photo with Home and End', async () => {
    const user = userEvent.setup();
    render(<Gallery name="Night Owl" images={images} />);
    await user.click(screen.getByRole('link', { name: 'Open photo 2 of 3' }));
    const dialog = screen.getByRole('dialog');
    await user.keyboard('{End}');
    expect(dialog).toHaveTextContent('3 / 3');
    await user.keyboard('{Home}');
    expect(dialog).toHaveTextContent('1 / 3');
  });

  it("closes on the browser's Back, which then leaves the page where it was", async () => {
    const user = userEvent.setup();
    render(<Gallery name="Night Owl" images={images} />);
    const before = window.history.length;
    await user.click(screen.getByRole('link', { name: 'Open photo 1 of 3' }));
    expect(window.history.length).toBe(before + 1);
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Open photo 1 of 3' })).toHaveFocus();
  });

  it('closes with a swipe down', async () => {
    const user = userEvent.setup();
    render(<Gallery name="Night Owl" images={images} />);
    await user.click(screen.getByRole('link', { name: 'Open photo 1 of 3' }));
    const stage = screen.getByRole('img', { name: /photo 1 of 3/ }).parentElement!;
    fireEvent.pointerDown(stage, { clientX: 200, clientY: 100, pointerId: 3 });
    fireEvent.pointerUp(stage, { clientX: 210, clientY: 260, pointerId: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is one dialog without a second banner landmark', async () => {
    const user = userEvent.setup();
    render(<Gallery name="Night Owl" images={images} />);
    await user.click(screen.getByRole('link', { name: 'Open photo 1 of 3' }));
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the viewer', async () => {
    const user = userEvent.setup();
    render(<Gallery name="Night Owl" images={images} />);
    await user.click(screen.getByRole('link', { name: 'Open photo 1 of 3' }));
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Previous photo' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next photo' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Next photo' })).toHaveFocus();
  });

  it('changes photo with the buttons and with a swipe', async () => {
    const user = userEvent.setup();
    render(<Gallery name="Night Owl" images={images} />);
    await user.click(screen.getByRole('link', { name: 'Open photo 1 of 3' }));
    const dialog = screen.getByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(dialog).toHaveTextContent('3 / 3');
    const stage = screen.getByRole('img', { name: /photo 3 of 3/ }).parentElement!;
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(stage, { clientX: 200, clientY: 110, pointerId: 1 });
    expect(dialog).toHaveTextContent('1 / 3');
    fireEvent.pointerDown(stage, { clientX: 100, clientY: 100, pointerId: 2 });
    fireEvent.pointerUp(stage, { clientX: 180, clientY: 100, pointerId: 2 });
    expect(dialog).toHaveTextContent('3 / 3');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('scrolls the strip by one fifth of its scroll width', async () => {
    render(<Gallery name="Night Owl" images={images} />);
    const strip = screen.getByRole('list', { name: 'Photos' });
    Object.defineProperty(strip, 'scrollWidth', { value: 2000, configurable: true });
    Object.defineProperty(strip, 'clientWidth', { value: 800, configurable: true });
    const scrollBy = jest.fn();
    strip.scrollBy = scrollBy as typeof strip.scrollBy;
    fireEvent.scroll(strip);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll photos right' }));
    expect(scrollBy).toHaveBeenCalledWith({ left: 2000 * SCROLL_FRACTION, behavior: 'smooth' });
    // At the start: scrolling left does nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Scroll photos left' }));
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });

  it('makes each public photo a link to its full file, which works before the scripts run; Space opens the viewer too', async () => {
    const user = userEvent.setup();
    render(<Gallery name="Night Owl" images={images} />);
    expect(screen.getAllByRole('link', { name: /^Open photo \d of 3$/ }).map((link) => link.getAttribute('href'))).toEqual([
      '/images/battlestations/a.jpg',
      '/images/battlestations/b.jpg',
      '/images/battlestations/c.png',
    ]);
    screen.getByRole('link', { name: 'Open photo 3 of 3' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('dialog', { name: 'Night Owl' })).toHaveTextContent('3 / 3');
  });
});
