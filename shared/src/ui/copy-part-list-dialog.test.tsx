import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { mockFetch, renderWithProviders } from '../testing';
import { CopyPartListDialog } from './copy-part-list-dialog';

const part = { manufacturer_url: null, image: 'p.jpg', image_size: null, battlestation_count: 1 };
const parts = [
  { ...part, part_id: 5, name: 'Ryzen 5, "X"', type_id: 1, type_name: 'CPU', type_path: 'cpu', manufacturer: 'AMD', stores: [] },
  {
    ...part,
    part_id: 9,
    name: 'Oak Desk',
    type_id: 2,
    type_name: 'Desk',
    type_path: 'desk',
    manufacturer: 'Woodworks',
    stores: [{ store_id: 1, store_name: 'Shop', url: 'https://shop.example/oak' }],
  },
];

function renderDialog() {
  mockFetch({ '/api/battlestations/id/7/parts': parts });
  return renderWithProviders(<CopyPartListDialog open battlestationId={7} battlestationName="Night Owl" onClose={() => undefined} />);
}

describe('Copy Part List dialog', () => {
  it('shows the Reddit table, then the CSV, and copies with "Copied!" feedback', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    const text = await within(dialog).findByRole('textbox', { name: 'Part list as Reddit Markdown' });
    expect(text).toHaveValue(
      [
        'Category | Part | Brand | Store link',
        ':-- | :-- | :-- | :--',
        'CPU | [Ryzen 5, "X"](http://localhost/parts/view/5) | AMD | ',
        'Desk | [Oak Desk](http://localhost/parts/view/9) | Woodworks | [Shop](https://shop.example/oak)',
        '',
        '[Night Owl on Battledeck](http://localhost/battlestations/7)',
        '',
      ].join('\n'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith((text as HTMLTextAreaElement).value);
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    await user.click(within(dialog).getByText('CSV'));
    const csv =
      'Category,Part,Brand,Store link\r\nCPU,"Ryzen 5, ""X""",AMD,\r\nDesk,Oak Desk,Woodworks,https://shop.example/oak\r\nBattlestation,Night Owl,Battledeck,http://localhost/battlestations/7\r\n';
    // A textarea shows line ends as LF; the clipboard gets RFC 4180's CRLF.
    expect(within(dialog).getByRole('textbox', { name: 'Part list as CSV' })).toHaveValue(csv.replace(/\r\n/g, '\n'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenLastCalledWith(csv);
  });

  it('offers six formats as a radio group, each with Copy and a download of the same text', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const created = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:http://localhost/${blobs.length}`;
    });
    const revoked = jest.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    const group = await within(dialog).findByRole('radiogroup', { name: 'Format' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Reddit Markdown',
      'BBCode',
      'HTML table',
      'Plain text',
      'CSV',
      'JSON',
    ]);
    // Keyboard: the arrow keys move through the native radio group.
    within(group).getByRole('radio', { name: 'Reddit Markdown' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'BBCode' })).toBeChecked();
    expect((within(dialog).getByRole('textbox', { name: 'Part list as BBCode' }) as HTMLTextAreaElement).value).toMatch(/^\[table\]/);

    await user.click(within(group).getByRole('radio', { name: 'JSON' }));
    const download = within(dialog).getByRole('link', { name: 'Download JSON' });
    expect(download).toHaveAttribute('download', 'night-owl-7-parts.json');
    expect(download).toHaveAttribute('href', `blob:http://localhost/${blobs.length}`);
    const blob = blobs[blobs.length - 1];
    expect(blob.type).toBe('application/json;charset=utf-8');
    const content = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(content).toBe((within(dialog).getByRole('textbox', { name: 'Part list as JSON' }) as HTMLTextAreaElement).value);
    expect(JSON.parse(content)).toMatchObject({ battlestation: { id: 7, name: 'Night Owl' } });
    // The earlier formats' object URLs are let go.
    expect(revoked).toHaveBeenCalledWith('blob:http://localhost/1');
  });

  it('selects the text for Ctrl+C when the clipboard is not available', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    const text = (await within(dialog).findByRole('textbox')) as HTMLTextAreaElement;
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText(/press Ctrl\+C/)).toBeInTheDocument();
    expect(text).toHaveFocus();
    expect([text.selectionStart, text.selectionEnd]).toEqual([0, text.value.length]);
  });

  it('closes on Esc, and gives the focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/battlestations/id/7/parts': parts });
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Copy Part List
          </button>
          <CopyPartListDialog open={open} battlestationId={7} battlestationName="Night Owl" onClose={() => setOpen(false)} />
        </>
      );
    }
    renderWithProviders(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Copy Part List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Part List' });
    await within(dialog).findByRole('textbox');
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Copy Part List' })).toHaveFocus();
  });
});
