import { apiUpload } from '@battledeck/shared/api';
import { mockFetch } from '@battledeck/shared/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { detail } from '../../../testing/fixtures';
import { installPointerEvent } from '../../../testing/pointer-event';
import { renderEditPage as renderEdit, signInAsStationOwner } from '../../../testing/edit-page';

jest.mock('@battledeck/shared/api', () => ({ ...jest.requireActual('@battledeck/shared/api'), apiUpload: jest.fn() }));
const upload = apiUpload as jest.MockedFunction<typeof apiUpload>;

installPointerEvent();
signInAsStationOwner();
beforeEach(() => upload.mockReset());

const station = () => detail({ image_hotspots: [[{ part_id: 12, x: 0.2, y: 0.8 }], [], []] });
const sent = (call = 0) => JSON.parse(String(upload.mock.calls[call][1].form.get('hotspots'))) as unknown;

/** The photo's box is 400 × 300 at the page's origin. */
function sizePhoto() {
  const frame = screen.getByTestId('hotspot-photo');
  frame.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 300, right: 400, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });
  return frame;
}

describe('Mark parts (photo hotspots)', () => {
  it('adds a marker with the keyboard, moves it with the arrow keys, picks its part and saves every marker', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/battlestations/id/7': station() });
    upload.mockResolvedValue(station());
    renderEdit();
    const open = await screen.findByRole('button', { name: 'Mark parts on Photo 1, 1 marker' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Mark parts on Photo 1' });
    expect(within(panel).getByRole('button', { name: 'Oak Desk' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Add marker' }));
    // The new marker points to the first part not yet marked on this photo, and has the focus.
    const marker = within(panel).getByRole('button', { name: 'Ryzen 7' });
    expect(marker).toHaveFocus();
    expect(marker).toHaveStyle({ left: '50%', top: '50%' });
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(marker).toHaveStyle({ left: '52%', top: '60%' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Ryzen 7: 52% across, 60% down.');

    await user.selectOptions(within(panel).getByLabelText('Part of marker 2'), 'Oak Desk (Desk)');
    expect(within(panel).getAllByRole('button', { name: 'Oak Desk' })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Battlestation updated!')).toBeInTheDocument();
    expect(sent()).toEqual([
      { image: 'a.jpg', part_id: 12, x: 0.2, y: 0.8 },
      { image: 'a.jpg', part_id: 12, x: 0.52, y: 0.6 },
    ]);
  });

  it('places a marker where the photo is clicked, drags it, and removes one with Delete', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/battlestations/id/7': station() });
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Mark parts on Photo 2' }));
    const panel = screen.getByRole('region', { name: 'Mark parts on Photo 2' });
    const frame = sizePhoto();

    fireEvent.pointerDown(frame, { clientX: 100, clientY: 150, button: 0 });
    const marker = within(panel).getByRole('button', { name: 'Ryzen 7' });
    expect(marker).toHaveStyle({ left: '25%', top: '50%' });
    // A click asks which part: the choice has the focus.
    expect(within(panel).getByLabelText('Part of marker 1')).toHaveFocus();

    fireEvent.pointerDown(marker, { clientX: 100, clientY: 150, button: 0, pointerId: 3 });
    fireEvent.pointerMove(marker, { clientX: 300, clientY: 30, pointerId: 3 });
    fireEvent.pointerUp(marker, { clientX: 300, clientY: 30, pointerId: 3 });
    expect(marker).toHaveStyle({ left: '75%', top: '10%' });

    marker.focus();
    await user.keyboard('{Delete}');
    expect(within(panel).queryByRole('button', { name: 'Ryzen 7' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Add marker' })).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: /Mark parts/ })).not.toBeInTheDocument();
    // The focus goes back to the photo's Mark parts button.
    expect(screen.getByRole('button', { name: 'Mark parts on Photo 2' })).toHaveFocus();
  });

  it('keeps markers on their photo when the photos are reordered, and drops those of a removed part', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/battlestations/id/7': station() });
    upload.mockResolvedValue(station());
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Move Photo 1 right' }));
    // Only the order changed: the markers are not sent again.
    expect(screen.getByRole('button', { name: 'Mark parts on Photo 2, 1 marker' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Oak Desk' }));
    expect(screen.getByRole('button', { name: 'Mark parts on Photo 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Battlestation updated!')).toBeInTheDocument();
    expect(sent()).toEqual([]);
    expect(upload.mock.calls[0][1].form.get('removed_parts')).toBe('[12]');
  });
});
