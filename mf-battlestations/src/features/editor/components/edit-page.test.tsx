import { apiUpload, queryKeys } from '@battledeck/shared/api';
import { mockFetch, setSession } from '@battledeck/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { detail } from '../../../testing/fixtures';
import { renderEditPage as renderEdit, signInAsStationOwner } from '../../../testing/edit-page';

jest.mock('@battledeck/shared/api', () => ({ ...jest.requireActual('@battledeck/shared/api'), apiUpload: jest.fn() }));
const upload = apiUpload as jest.MockedFunction<typeof apiUpload>;

const save = () => screen.getByRole('button', { name: 'Save' });
const location = () => screen.getByTestId('location').textContent;

signInAsStationOwner();
beforeEach(() => upload.mockReset());

describe('Edit battlestation', () => {
  it('tells someone else they have no access', async () => {
    setSession({ signedInAs: 'stranger', getIdToken: async () => 'token' });
    mockFetch({ '/api/battlestations/id/7': detail() });
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, you do not have access to edit this battlestation.');
    expect(document.title).toBe('Edit | Battledeck');
    // To the station itself, not the list.
    await userEvent.setup().click(screen.getByRole('link', { name: 'See this battlestation' }));
    expect(location()).toBe('/battlestations/7');
  });

  it('shows the load error', async () => {
    mockFetch({});
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, we were unable to load this battlestation. Please try again later.');
  });

  it('lets staff edit any station', async () => {
    setSession({ signedInAs: 'admin1', isAdmin: true, getIdToken: async () => 'token' });
    mockFetch({ '/api/battlestations/id/7': detail() });
    renderEdit();
    expect(await screen.findByLabelText(/Name/)).toHaveValue('Night Owl');
  });

  it('starts from the station, sends only what changed, then says "Battlestation updated!"', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/battlestations/id/7': detail() });
    upload.mockResolvedValue(detail({ name: 'Night Owl II' }));
    const { queryClient } = renderEdit();
    const name = await screen.findByLabelText(/Name/);
    expect(name).toHaveValue('Night Owl');
    expect(screen.getByLabelText('Instagram link')).toHaveValue('instagram.com/owl');
    expect(screen.getByText('Created on 01.02.2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await user.type(name, ' II');
    await user.click(screen.getByRole('button', { name: 'Move Photo 3 left' }));
    expect(save()).toBeEnabled();
    await user.click(save());

    expect(await screen.findByText('Battlestation updated!')).toBeInTheDocument();
    const [path, options] = upload.mock.calls[0];
    expect([path, options.method]).toEqual(['/battlestations/id/7', 'PUT']);
    expect([...options.form.keys()].sort()).toEqual(['changed_images', 'name']);
    expect(options.form.get('name')).toBe('Night Owl II');
    expect(JSON.parse(String(options.form.get('changed_images')))).toEqual([
      { image: 'c.png', display_order: 1 },
      { image: 'b.jpg', display_order: 2 },
    ]);
    // The cached page is the saved one; the form starts again from it.
    expect(queryClient.getQueryData([...queryKeys.battlestations.detail(7), { viewer: 'uid-owl_owner' }])).toMatchObject({ name: 'Night Owl II' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(save()).toBeDisabled();
  });

  it('edits the desk properties: main uses by checkbox, the monitor count from a labelled select', async () => {
    const user = userEvent.setup();
    const monitor = (part_id: number) => ({ part_id, name: `Screen ${part_id}`, type_id: 3, type_name: 'Monitor', type_path: 'monitor' });
    mockFetch({
      '/api/battlestations/id/7': detail({ monitor_count: 2, monitor_count_manual: null, main_uses: ['work'], parts: [monitor(21), monitor(22), detail().parts[0]] }),
    });
    upload.mockResolvedValue(detail());
    renderEdit();
    const desk = within(await screen.findByRole('region', { name: 'Desk' }));
    expect(desk.getByRole('checkbox', { name: 'Work' })).toBeChecked();
    const monitors = desk.getByRole('combobox', { name: 'Monitors' });
    expect(monitors).toHaveValue('');
    expect(desk.getByRole('option', { name: 'Count my Monitor parts (2)' })).toBeInTheDocument();
    // The count follows the form's parts, before any save: one Monitor part removed, it says 1.
    await user.click(screen.getByRole('button', { name: 'Remove Screen 22' }));
    expect(desk.getByRole('option', { name: 'Count my Monitor parts (1)' })).toBeInTheDocument();

    await user.click(desk.getByRole('checkbox', { name: 'Gaming' }));
    await user.selectOptions(monitors, '3');
    await user.click(save());
    await screen.findByText('Battlestation updated!');
    const [, options] = upload.mock.calls[0];
    expect([...options.form.keys()].sort()).toEqual(['main_uses', 'monitor_count', 'removed_parts']);
    expect(JSON.parse(String(options.form.get('main_uses')))).toEqual(['gaming', 'work']);
    expect(options.form.get('monitor_count')).toBe('3');
  });

  it('saves only from Save: Enter in the name, a link or the part search does not', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/battlestations/id/7': detail(), '/api/parts/types': [], '/api/parts/autocomplete': [] });
    upload.mockResolvedValue(detail({ name: 'Night Owl II' }));
    renderEdit();
    await user.type(await screen.findByLabelText(/Name/), ' II{Enter}');
    await user.type(screen.getByLabelText('Reddit link'), '{Enter}');
    await user.type(screen.getByRole('combobox', { name: 'Search parts' }), 'qqqzzzxxx');
    expect(await screen.findByText('No results are available.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(upload).not.toHaveBeenCalled();
    expect(screen.queryByText('Battlestation updated!')).not.toBeInTheDocument();

    act(() => save().focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Battlestation updated!')).toBeInTheDocument();
    expect(upload.mock.calls[0][1].form.get('name')).toBe('Night Owl II');
  });

  it('shows "Unable to Update Battlestation" with the server message', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/battlestations/id/7': detail() });
    upload.mockRejectedValue(new Error('Please add at least one photo.'));
    renderEdit();
    await user.type(await screen.findByLabelText('Description'), '!');
    await user.click(save());
    expect(await screen.findByText('Unable to Update Battlestation')).toBeInTheDocument();
    expect(screen.getByText('Please add at least one photo.')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/battlestations/id/7': detail() });
    renderEdit();
    await user.type(await screen.findByLabelText(/Name/), ' changed');
    await user.click(screen.getByRole('link', { name: 'Back to Night Owl' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Leave this page?');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(location()).toBe('/battlestations/7/edit');
    await user.click(screen.getByRole('link', { name: 'Back to Night Owl' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location()).toBe('/battlestations/7'));
  });

  it('deletes after confirmation, then goes to /battlestations', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      '/api/battlestations/id/7': (_url: URL, init?: RequestInit) => (init?.method === 'DELETE' ? new Response(null, { status: 204 }) : detail()),
    });
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete Night Owl?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Deleted!')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(true);
    // The footer's Close (the corner ✕ closes too).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(location()).toBe('/battlestations'));
  });
});
