import { apiUpload, ApiError, queryKeys } from '@battledeck/shared/api';
import { mockFetch, resetSession, setSession } from '@battledeck/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../../testing/render-route';
import CreatePage, { REDIRECT_AFTER_MS } from './create-page';

jest.mock('@battledeck/shared/api', () => ({ ...jest.requireActual('@battledeck/shared/api'), apiUpload: jest.fn() }));
const upload = apiUpload as jest.MockedFunction<typeof apiUpload>;

/** A file that starts like a JPEG (FF D8 FF): the editor reads the first bytes of every file it is given. */
const jpeg = (name: string, bytes = 1000) => new File([new Uint8Array(bytes).fill(0xff, 0, 3).fill(0xd8, 1, 2)], name, { type: 'image/jpeg' });

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn((file: File) => `blob:${file.name}`), revokeObjectURL: jest.fn() });
});
beforeEach(() => {
  setSession({ signedInAs: 'builder', getIdToken: async () => 'token' });
  mockFetch({
    '/api/parts/types': [{ type_id: 1, type_name: 'CPU', type_path: 'cpu' }],
    '/api/parts/autocomplete': [{ part_id: 11, name: 'Ryzen 7 7800X3D', type_name: 'CPU' }],
  });
  upload.mockReset();
});
afterEach(() => resetSession());

const renderCreate = () => renderRoute(<CreatePage />, { path: '/battlestations/new', route: '/battlestations/new' });
const save = () => screen.getByRole('button', { name: 'Save' });
const tiles = () => within(screen.getByRole('list', { name: 'Photos, in display order' })).getAllByRole('listitem');

async function addPart(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'Search parts' }), 'ryz');
  const option = await screen.findByText('Ryzen 7 7800X3D');
  // The dropdown ignores the pointer while it opens (pointer-events: none during its motion; slow on a loaded
  // machine, where this click once failed): click once it takes it.
  await waitFor(() => user.click(option));
  await user.click(screen.getByRole('button', { name: 'Add' }));
  await screen.findByRole('button', { name: 'Remove Ryzen 7 7800X3D' });
}

/** The dialog is named by its title (in the test environment antd's ids repeat, so the title is found by its place). */
function expectDialogNamed(text: string) {
  const dialog = screen.getByRole('dialog');
  const title = dialog.querySelector('.ant-modal-title');
  expect(title).toHaveTextContent(text);
  expect(dialog).toHaveAttribute('aria-labelledby', title!.id);
}

describe('Create battlestation form', () => {
  it('is titled Create, and keeps Save disabled until something is entered', async () => {
    const user = userEvent.setup();
    renderCreate();
    expect(document.title).toBe('Create | Battledeck');
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Description')).not.toBeRequired();
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText('Description'), 'Hello');
    expect(save()).toBeEnabled();
    await user.clear(screen.getByLabelText('Description'));
    expect(save()).toBeDisabled();
  });

  it('checks every rule on Save with the spec messages', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.type(screen.getByLabelText('Instagram link'), 'example.com/me');
    await user.click(save());
    expect(await screen.findByText('Field is required.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid Instagram link.')).toBeInTheDocument();
    expect(screen.getByText('Please add at least one photo.')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one part for your battlestation.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toHaveFocus();
    expect(upload).not.toHaveBeenCalled();
    // The list rules clear as soon as they are met.
    await addPart(user);
    await waitFor(() => expect(screen.queryByText('Please select at least one part for your battlestation.')).not.toBeInTheDocument());
  });

  it('adds photos (duplicate names ignored), flags one over 4 MB on its tile, and reorders without dragging', async () => {
    const user = userEvent.setup();
    renderCreate();
    expect(screen.getByText('Only PNG, JPG or GIF')).toBeInTheDocument();
    const input = screen.getByTestId('photo-input');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif');
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg'), jpeg('big.jpg', 4194305)]);
    await user.upload(input, [jpeg('a.jpg')]);
    expect(tiles()).toHaveLength(3);
    expect(within(tiles()[2]).getByText('Maximum file size is 4MB.')).toBeInTheDocument();
    expect(within(tiles()[0]).getByText('Cover')).toBeInTheDocument();

    const moveRight = screen.getByRole('button', { name: 'Move Photo 1 (a.jpg) right' });
    await user.click(moveRight);
    expect(within(tiles()[0]).getByRole('img')).toHaveAccessibleName('Photo 1 (b.jpg)');
    expect(within(tiles()[1]).getByRole('img')).toHaveAccessibleName('Photo 2 (a.jpg)');
    // The focus follows the photo it moved.
    expect(screen.getByRole('button', { name: 'Move Photo 2 (a.jpg) right' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove Photo 3 (big.jpg)' }));
    expect(tiles()).toHaveLength(2);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:big.jpg');
  });

  it("offers 'Submit New Part' beside the part picker", async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Submit New Part' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Submit New Part');
  });

  it('gives each photo a drag handle that screen readers announce as sortable, with instructions', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.upload(screen.getByTestId('photo-input'), [jpeg('a.jpg'), jpeg('b.jpg')]);
    const handle = screen.getByRole('button', { name: 'Drag Photo 1 (a.jpg) to reorder' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby')!);
    expect(instructions).toHaveTextContent('Move left and Move right buttons do the same');
  });

  it('uploads with a progress bar, says "Battlestation uploaded!", then opens the new page in place of this one', async () => {
    const user = userEvent.setup();
    let finish!: (value: { newId: number }) => void;
    upload.mockImplementation((_path, options) => {
      options.onProgress?.(0.5);
      return new Promise((resolve) => (finish = resolve as typeof finish));
    });
    const { navigation, queryClient } = renderCreate();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    await user.type(screen.getByLabelText(/Name/), 'My desk');
    await user.upload(screen.getByTestId('photo-input'), [jpeg('a.jpg'), jpeg('b.jpg')]);
    await addPart(user);
    await user.click(save());

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Uploading Battlestation');
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    const [path, options] = upload.mock.calls[0];
    expect([path, options.method]).toEqual(['/battlestations/', 'POST']);
    expect(options.form.get('name')).toBe('My desk');
    expect(options.form.get('added_parts')).toBe('[11]');
    expect(options.form.get('is_public')).toBe('true');
    expect(options.form.has('description')).toBe(false);
    expect((options.form.getAll('images') as File[]).map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);

    jest.useFakeTimers({ advanceTimers: true });
    try {
      await act(async () => finish({ newId: 42 }));
      expect(await screen.findByText('Battlestation uploaded!')).toBeInTheDocument();
      expectDialogNamed('Battlestation uploaded!');
      const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
      expect(keys).toEqual(expect.arrayContaining([queryKeys.battlestations.all, queryKeys.users.all, queryKeys.parts.all, queryKeys.admin.all]));
      act(() => jest.advanceTimersByTime(REDIRECT_AFTER_MS));
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/battlestations/42'));
    expect(navigation.historyAction).toBe('REPLACE');
  });

  it('saves only from Save: Enter in the name, the links, the part search or on the switch does not; the description takes a new line', async () => {
    const user = userEvent.setup();
    upload.mockReturnValue(new Promise(() => {}));
    mockFetch({
      '/api/parts/types': [{ type_id: 1, type_name: 'CPU', type_path: 'cpu' }],
      '/api/parts/autocomplete': (url: URL) => (url.searchParams.get('searchTerm') === 'ryz' ? [{ part_id: 11, name: 'Ryzen 7 7800X3D', type_name: 'CPU' }] : []),
    });
    renderCreate();
    // The report (issue 16 item 1): a name, a photo and a part, then Enter in the part search published the station.
    await user.type(screen.getByLabelText(/Name/), 'My desk');
    await user.upload(screen.getByTestId('photo-input'), [jpeg('a.jpg')]);
    await addPart(user);
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    await user.type(screen.getByRole('combobox', { name: 'Search parts' }), 'qqqzzzxxx');
    expect(await screen.findByText('No results are available.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await settle();
    expect(upload).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Search parts' })).toHaveValue('qqqzzzxxx');

    for (const label of [/Name/, 'Instagram link', 'Reddit link']) {
      await user.type(screen.getByLabelText(label), '{Enter}');
      await settle();
      expect(upload).not.toHaveBeenCalled();
    }
    await user.type(screen.getByRole('combobox', { name: 'Part category' }), '{Enter}');
    await user.keyboard('{Escape}');
    act(() => screen.getByRole('switch', { name: 'Public' }).focus());
    await user.keyboard('{Enter}');
    await settle();
    expect(upload).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Description'), 'Line one{Enter}Line two');
    expect(screen.getByLabelText('Description')).toHaveValue('Line one\nLine two');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/battlestations/new');

    // Save by keyboard still saves.
    act(() => save().focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0][1].form.get('description')).toBe('Line one\nLine two');
  });

  it('shows "Unable to Upload Battlestation" with the reason, and the form stays as it was', async () => {
    const user = userEvent.setup();
    upload.mockRejectedValue(new ApiError(401, 'Authentication error.'));
    renderCreate();
    await user.type(screen.getByLabelText(/Name/), 'My desk');
    await user.upload(screen.getByTestId('photo-input'), [jpeg('a.jpg')]);
    await addPart(user);
    await user.click(save());
    expect(await screen.findByText('Unable to Upload Battlestation')).toBeInTheDocument();
    expectDialogNamed('Unable to Upload Battlestation');
    expect(screen.getByText('Authentication error.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Unable to Upload Battlestation')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Name/)).toHaveValue('My desk');
    expect(screen.getByTestId('location')).toHaveTextContent('/battlestations/new');
  });
});
