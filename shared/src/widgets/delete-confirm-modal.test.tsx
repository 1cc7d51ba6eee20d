import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/api-error';
import { AntdProvider } from './antd-provider';
import { DeleteConfirmModal } from './delete-confirm-modal';

/** The outcome's Close button: the only button of that name once the outcome shows. */
const closeButton = () => screen.getByRole('button', { name: 'Close' });

function setup(onConfirm: () => Promise<unknown>) {
  const onClose = jest.fn();
  render(
    <AntdProvider>
      <DeleteConfirmModal open name="Night Owl" title="Delete Battlestation" onConfirm={onConfirm} onClose={onClose} />
    </AntdProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

describe('DeleteConfirmModal', () => {
  it('asks first, with Cancel focused, and cancelling deletes nothing', async () => {
    const onConfirm = jest.fn(() => Promise.resolve());
    const { onClose, user } = setup(onConfirm);
    expect(screen.getByRole('dialog', { name: 'Delete Battlestation' })).toHaveTextContent('Are you sure you want to delete Night Owl? This cannot be undone.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it("shows the loading state, then 'Deleted!' and '{name} has been deleted.' with Close", async () => {
    let finish!: () => void;
    const { onClose, user } = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('status')).toHaveTextContent('Deleting Night Owl');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    finish();
    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    expect(screen.getByText('Night Owl has been deleted.')).toBeInTheDocument();
    // One Close button: the corner × goes away with the question (two buttons of one name confuse).
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    expect(closeButton()).toHaveFocus();
    await user.click(closeButton());
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it("shows the spec's failure message, with the server's reason when it refused for one", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = setup(() => Promise.reject(new ApiError(409, 'This part is used by 3 battlestations and cannot be deleted.')));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Unable to delete Night Owl. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('This part is used by 3 battlestations and cannot be deleted.')).toBeInTheDocument();
    warn.mockRestore();
  });

  it('keeps internal failures to the log', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { onClose, user } = setup(() => Promise.reject(new ApiError(500, 'Something went wrong. Please try again later.')));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Unable to delete Night Owl. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong. Please try again later.')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(closeButton()).toHaveFocus();
    await user.click(closeButton());
    expect(onClose).toHaveBeenCalledWith(false);
    warn.mockRestore();
  });
});

/** A list whose rows each have a Delete button opening the confirmation, as the profile and admin tables do. */
function RowsWithDelete() {
  const [rows, setRows] = useState(['Alpha', 'Bravo', 'Charlie']);
  const [target, setTarget] = useState<string | null>(null);
  return (
    <AntdProvider>
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row}>
              <td>{row}</td>
              <td>
                <button type="button" onClick={() => setTarget(row)}>{`Delete ${row}`}</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <DeleteConfirmModal
        open={target !== null}
        name={target ?? ''}
        onConfirm={async () => setRows((all) => all.filter((row) => row !== target))}
        onClose={() => setTarget(null)}
      />
    </AntdProvider>
  );
}

describe('DeleteConfirmModal focus after deleting the opener’s row', () => {
  it('gives the focus to the same control of the row that took its place, not to the page', async () => {
    const user = userEvent.setup();
    render(<RowsWithDelete />);
    screen.getByRole('button', { name: 'Delete Bravo' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bravo has been deleted.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Charlie' })).toHaveFocus());
  });

  it('falls back to the new last row when the last row was deleted', async () => {
    const user = userEvent.setup();
    render(<RowsWithDelete />);
    screen.getByRole('button', { name: 'Delete Charlie' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText('Charlie has been deleted.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Bravo' })).toHaveFocus());
  });
});
