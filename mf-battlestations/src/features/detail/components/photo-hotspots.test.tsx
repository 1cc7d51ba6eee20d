import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { detail } from '../../../testing/fixtures';
import { installPointerEvent } from '../../../testing/pointer-event';
import { Gallery } from './gallery';

installPointerEvent();

const station = detail({
  image_sizes: [
    { width: 1600, height: 1200, widths: [] },
    { width: 1600, height: 1200, widths: [] },
    { width: 1600, height: 1200, widths: [] },
  ],
  image_hotspots: [[{ part_id: 11, x: 0.25, y: 0.4 }], [{ part_id: 12, x: 0.9, y: 0.1 }], []],
});

function renderGallery() {
  return render(
    <MemoryRouter initialEntries={['/battlestations/7']}>
      <Routes>
        <Route
          path="/battlestations/7"
          element={<Gallery name={station.name} images={station.images} imageSizes={station.image_sizes} hotspots={station.image_hotspots} parts={station.parts} />}
        />
        <Route path="/parts/view/:id" element={<p>Part page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Photo hotspots for visitors', () => {
  it('lay each marker over its photo as a link named by its part, placed in %', () => {
    renderGallery();
    const first = screen.getByRole('list', { name: 'Parts in photo 1' });
    const marker = within(first).getByRole('link', { name: 'Ryzen 7' });
    expect(marker).toHaveAttribute('href', '/parts/view/11');
    expect(marker.parentElement).toHaveStyle({ left: '25%', top: '40%' });
    expect(within(screen.getByRole('list', { name: 'Parts in photo 2' })).getByRole('link', { name: 'Oak Desk' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Parts in photo 3' })).not.toBeInTheDocument();
  });

  it('show the part in the full-screen viewer too, and a click follows the link', async () => {
    const user = userEvent.setup();
    renderGallery();
    await user.click(screen.getByRole('link', { name: 'Open photo 2 of 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Night Owl' });
    const marker = within(within(dialog).getByRole('list', { name: 'Parts in photo 2' })).getByRole('link', { name: 'Oak Desk' });
    await user.click(marker);
    expect(screen.getByText('Part page')).toBeInTheDocument();
  });

  it('hide a label with Escape (it shows again once focus comes back), before Escape closes the viewer', async () => {
    const user = userEvent.setup();
    renderGallery();
    await user.click(screen.getByRole('link', { name: 'Open photo 1 of 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Night Owl' });
    const marker = within(dialog).getByRole('link', { name: 'Ryzen 7' });
    marker.focus();
    await user.keyboard('{Escape}');
    expect(marker).toHaveAttribute('data-dismissed');
    expect(screen.getByRole('dialog', { name: 'Night Owl' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on touch, show the name at the first tap and follow the link at the second', () => {
    renderGallery();
    const marker = screen.getByRole('link', { name: 'Ryzen 7' });
    fireEvent.pointerDown(marker, { pointerType: 'touch' });
    fireEvent.click(marker);
    expect(marker).toHaveAttribute('data-open');
    expect(screen.queryByText('Part page')).not.toBeInTheDocument();
    fireEvent.pointerDown(marker, { pointerType: 'touch' });
    fireEvent.click(marker);
    expect(screen.getByText('Part page')).toBeInTheDocument();
  });
});
