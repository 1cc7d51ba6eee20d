import { queryKeys } from '@battledeck/shared/api';
import type { PartDetail, PendingPart } from '@battledeck/shared/contract';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PartFormModal, type PartFormTarget } from './part-form-modal';

const TYPES = [
  { type_id: 1, type_name: 'CPU', type_path: 'cpu' },
  { type_id: 2, type_name: 'GPU', type_path: 'gpu' },
];
const STORES = [
  { store_id: 10, name: 'Amazon' },
  { store_id: 11, name: 'Newegg' },
];
const PART: PartDetail = {
  part_id: 7,
  name: 'GeForce RTX 4070',
  type_id: 2,
  type_name: 'GPU',
  type_path: 'gpu',
  manufacturer: 'NVIDIA',
  manufacturer_url: null,
  image: 'abc.jpg',
  battlestation_count: 2,
  stores: [{ store_id: 10, store_name: 'Amazon', url: 'https://www.amazon.com/rtx' }],
};

/** What the fake server answers for a URL's preview: a data: URL naming it, so tests can tell which URL was taken. */
const previewOf = (imageUrl: string) => `data:image/png;base64,${btoa(imageUrl)}`;

function setup(target: PartFormTarget, onClose = jest.fn()) {
  const saves: { method: string; url: string; form: FormData }[] = [];
  mockFetch({
    '/api/parts/types': TYPES,
    '/api/stores/all': STORES,
    '/api/parts/image-preview': (_url: URL, init?: RequestInit) => ({ src: previewOf(JSON.parse(String(init!.body)).image_url), width: 120, height: 80 }),
    '/api/parts/': (url: URL, init?: RequestInit) => {
      saves.push({ method: init!.method!, url: url.pathname, form: init!.body as FormData });
      return { part_id: 99 };
    },
    '/api/parts/7': (url: URL, init?: RequestInit) => {
      saves.push({ method: init!.method!, url: url.pathname, form: init!.body as FormData });
      return { part_id: 7 };
    },
  });
  const view = renderWithProviders(
    <AntdProvider>
      <PartFormModal open target={target} onClose={onClose} />
    </AntdProvider>,
  );
  return { ...view, saves, onClose, user: userEvent.setup(), dialog: () => screen.getByRole('dialog') };
}

/** Types by pasting: the same events for the form, without a keystroke-by-keystroke wait. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function chooseType(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByLabelText('Type'));
  await user.click(await screen.findByTitle(name));
}

beforeEach(() => setSession({ signedInAs: 'admin', isAdmin: true, getIdToken: async () => 'token' }));
afterEach(() => resetSession());

describe('PartFormModal', () => {
  it("says 'Required.' for the name, type, manufacturer and image of a new part, and sends nothing", async () => {
    const { user, saves } = setup({ kind: 'create' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required.')).toHaveLength(4);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    for (const label of ['Name', 'Type', 'Manufacturer']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Manufacturer URL')).not.toBeRequired();
    expect(screen.getByLabelText('Image URL')).toHaveAccessibleDescription('Required.');
    expect(saves).toEqual([]);
  });

  it('takes the image URL on Enter (without submitting) and on blur, and shows the server-made preview', async () => {
    const { user, saves } = setup({ kind: 'create' });
    const url = screen.getByLabelText('Image URL');
    await user.type(url, 'https://img.example/a.png{Enter}');
    expect(await screen.findByRole('img', { name: 'Preview of the new image' })).toHaveAttribute('src', previewOf('https://img.example/a.png'));
    expect(saves).toEqual([]);
    await user.clear(url);
    await fill(user, url, 'https://img.example/b.png');
    expect(screen.getByRole('img', { name: 'Preview of the new image' })).toHaveAttribute('src', previewOf('https://img.example/a.png'));
    await user.tab();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Preview of the new image' })).toHaveAttribute('src', previewOf('https://img.example/b.png')));
  });

  it('says at once why the server cannot use an image URL', async () => {
    const { user } = setup({ kind: 'create' });
    mockFetch({
      '/api/parts/types': TYPES,
      '/api/stores/all': STORES,
      '/api/parts/image-preview': () => new Response(JSON.stringify({ message: 'The image URL points to a private or local network address, which is not allowed.' }), { status: 400 }),
    });
    await fill(user, screen.getByLabelText('Image URL'), 'http://10.0.0.1/x.png');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('The image URL points to a private or local network address, which is not allowed.');
    expect(screen.getByLabelText('Image URL')).toHaveAccessibleDescription('The image URL points to a private or local network address, which is not allowed.');
  });

  it("says 'Unable to stores.' (SPEC) in the store chooser when the stores cannot be loaded", async () => {
    mockFetch({ '/api/parts/types': TYPES, '/api/stores/all': () => new Response('{}', { status: 500 }) });
    renderWithProviders(
      <AntdProvider>
        <PartFormModal open target={{ kind: 'create' }} onClose={jest.fn()} />
      </AntdProvider>,
    );
    expect(await screen.findByText('Unable to stores.')).toBeInTheDocument();
  });

  it('accepts one local JPEG, PNG or GIF file', async () => {
    const { user } = setup({ kind: 'create' });
    await user.click(screen.getByText('Local'));
    expect(screen.getByRole('radio', { name: 'Local' })).toBeChecked();
    const input = screen.getByLabelText('Image file (PNG, JPG or GIF)');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif');
    expect(input).not.toHaveAttribute('multiple');
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'x.webp', { type: 'image/webp' }));
    expect(await screen.findByText('Only PNG, JPG or GIF')).toBeInTheDocument();
  });

  it('enables Add only when a store and a URL are set, and removes a row', async () => {
    const { user } = setup({ kind: 'create' });
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await fill(user, screen.getByLabelText('Store link URL'), 'https://www.newegg.com/p/1');
    expect(add).toBeDisabled();
    await user.click(screen.getByLabelText('Store'));
    await user.click(await screen.findByTitle('Newegg'));
    expect(add).toBeEnabled();
    await user.click(add);
    expect(screen.getByRole('link', { name: 'https://www.newegg.com/p/1 (opens in a new tab)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Store link URL')).toHaveValue('');
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Newegg' }));
    expect(screen.queryByRole('link', { name: 'https://www.newegg.com/p/1 (opens in a new tab)' })).not.toBeInTheDocument();
  });

  it('creates a part with the multipart fields and refreshes the parts, stores and admin data', async () => {
    const onClose = jest.fn();
    const { user, saves, queryClient } = setup({ kind: 'create' }, onClose);
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    await fill(user, screen.getByLabelText('Name'), 'Ryzen 7 7800X3D');
    await chooseType(user, 'CPU');
    await fill(user, screen.getByLabelText('Manufacturer'), 'AMD');
    await fill(user, screen.getByLabelText('Image URL'), 'https://img.example/r7.png');
    await user.click(screen.getByLabelText('Store'));
    await user.click(await screen.findByTitle('Amazon'));
    // Filled in but not added: saved too, rather than silently dropped.
    await fill(user, screen.getByLabelText('Store link URL'), 'https://www.amazon.com/r7');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves).toHaveLength(1);
    const { method, form } = saves[0];
    expect(method).toBe('POST');
    expect(Object.fromEntries(form)).toEqual({
      name: 'Ryzen 7 7800X3D',
      type_id: '1',
      manufacturer: 'AMD',
      manufacturer_url: '',
      image_url: 'https://img.example/r7.png',
      added_stores: JSON.stringify([{ store_id: 10, store_name: 'Amazon', url: 'https://www.amazon.com/r7' }]),
      deleted_stores: '[]',
    });
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([queryKeys.parts.all, queryKeys.stores.all, queryKeys.admin.all, queryKeys.battlestations.all]));
  });

  it('edits a part: the image is optional, only changed store links are sent', async () => {
    const { user, saves } = setup({ kind: 'edit', part: PART });
    expect(screen.getByLabelText('Name')).toHaveValue('GeForce RTX 4070');
    expect(screen.getByRole('img', { name: 'Current image' })).toHaveAttribute('src', '/images/parts/abc.jpg');
    await user.click(screen.getByRole('button', { name: 'Remove Amazon' }));
    await user.clear(screen.getByLabelText('Name'));
    await fill(user, screen.getByLabelText('Name'), 'GeForce RTX 4070 Super');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].method).toBe('PUT');
    expect(saves[0].form.get('name')).toBe('GeForce RTX 4070 Super');
    expect(saves[0].form.get('deleted_stores')).toBe('[10]');
    expect(saves[0].form.get('added_stores')).toBe('[]');
    expect(saves[0].form.has('image_url')).toBe(false);
    expect(saves[0].form.has('image')).toBe(false);
  });

  it('shows the server refusal of a save and stays open', async () => {
    const onClose = jest.fn();
    const { user } = setup({ kind: 'edit', part: PART }, onClose);
    mockFetch({
      '/api/parts/types': TYPES,
      '/api/stores/all': STORES,
      '/api/parts/7': () => new Response(JSON.stringify({ message: 'This store does not exist.' }), { status: 400 }),
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This store does not exist.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('prefills a request (its URL as the store link of a known store) and approves it with the save', async () => {
    const request: PendingPart = { part_id: 5, name: 'Newegg find', url: 'https://www.newegg.com/p/xyz', status: 'pending', username: 'demo', created_date: '2026-01-01T00:00:00Z' };
    const { user, saves } = setup({ kind: 'request', request });
    expect(screen.getByLabelText('Name')).toHaveValue('Newegg find');
    expect(await screen.findByRole('link', { name: 'https://www.newegg.com/p/xyz (opens in a new tab)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Manufacturer URL')).toHaveValue('');
    await chooseType(user, 'GPU');
    await fill(user, screen.getByLabelText('Manufacturer'), 'Acme');
    await fill(user, screen.getByLabelText('Image URL'), 'https://img.example/n.png');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].form.get('request_id')).toBe('5');
    expect(JSON.parse(String(saves[0].form.get('added_stores')))).toEqual([{ store_id: 11, store_name: 'Newegg', url: 'https://www.newegg.com/p/xyz' }]);
  });
});
