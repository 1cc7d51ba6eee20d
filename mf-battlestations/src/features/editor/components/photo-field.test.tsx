import { BATTLESTATION_MESSAGES } from '@battledeck/shared/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { stationFormSchema, type PhotoItem } from '../utils/form-schema';
import { PhotoField } from './photo-field';

const jpegBytes = () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const file = (name: string, content: Uint8Array | string, type = 'image/jpeg') => new File([content as BlobPart], name, { type });

let latest: PhotoItem[] = [];
function Field() {
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  latest = photos;
  return <PhotoField id="photos" value={photos} onChange={setPhotos} />;
}

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn((f: File) => `blob:${f.name}`), revokeObjectURL: jest.fn() });
});

const tiles = () => within(screen.getByRole('list', { name: 'Photos, in display order' })).getAllByRole('listitem');

// Issue 16 item 4: a text file renamed .jpg showed "Image not found", then sank the whole save without being named.
it('flags a file whose bytes are not a PNG, JPG or GIF on its own tile, names it, and keeps the form from saving it', async () => {
  const user = userEvent.setup();
  render(<Field />);
  await user.upload(screen.getByTestId('photo-input'), [file('desk.jpg', jpegBytes()), file('notes.jpg', 'just some notes, not a photo')]);
  await waitFor(() => expect(within(tiles()[1]).getByText(BATTLESTATION_MESSAGES.notAnImage)).toBeInTheDocument());
  expect(within(tiles()[0]).queryByText(BATTLESTATION_MESSAGES.notAnImage)).not.toBeInTheDocument();
  expect(screen.getByText(`notes.jpg: ${BATTLESTATION_MESSAGES.notAnImage}`)).toHaveAttribute('role', 'status');

  const form = { name: 'Desk', instagram_url: '', reddit_url: '', description: '', is_public: true, main_uses: [], monitor_count: '', photos: latest, parts: [{ part_id: 1, name: 'Q1', type_name: 'Keyboard' }] };
  const result = stationFormSchema.safeParse(form);
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((issue) => issue.message)).toContain(BATTLESTATION_MESSAGES.notAnImage);

  // Removing it clears the way.
  await user.click(screen.getByRole('button', { name: 'Remove Photo 2 (notes.jpg)' }));
  expect(stationFormSchema.safeParse({ ...form, photos: latest }).success).toBe(true);
});
