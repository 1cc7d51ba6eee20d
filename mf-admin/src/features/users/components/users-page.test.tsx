import type { AdminUser } from '@battledeck/shared/contract';
import { mockFetch, renderWithProviders, resetSession, setSession } from '@battledeck/shared/testing';
import { AntdProvider } from '@battledeck/shared/widgets';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BasePathProvider } from '../../../lib/base-path';
import UsersPage, { GRANT_ADMIN_TEXT } from './users-page';

const user = (id: string, username: string, roles: Partial<AdminUser> = {}): AdminUser => ({
  user_id: id,
  username,
  email: `${username}@example.com`,
  is_admin: false,
  is_moderator: false,
  created_date: '2026-11-01T10:00:00.000Z',
  battlestation_count: 2,
  ...roles,
});

function renderUsers() {
  const people = [user('me', 'rootadmin', { is_admin: true }), user('u2', 'deskfan')];
  const fetch = mockFetch({
    '/api/admin/users': { users: people, total: 2 },
    '/api/admin/users/u2/roles': (_url: URL, init?: RequestInit) => ({ ...people[1], ...JSON.parse(String(init?.body)) }),
  });
  renderWithProviders(
    <AntdProvider>
      <BasePathProvider basePath="/admin">
        <UsersPage />
      </BasePathProvider>
    </AntdProvider>,
    { route: '/admin/users', path: '/admin/users' },
  );
  const roleCalls = () => fetch.mock.calls.filter(([url]) => String(url).includes('/roles'));
  return { roleCalls };
}

beforeEach(() => setSession({ signedInAs: 'me', isAdmin: true, getIdToken: async () => 't' }));
afterEach(() => resetSession());

// Issue 16 item 9: granting Admin was one click with no confirmation.
describe('granting the admin role', () => {
  it('asks first and says what it gives; cancelling changes nothing', async () => {
    const { roleCalls } = renderUsers();
    await userEvent.click(await screen.findByRole('switch', { name: 'Admin role for deskfan' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Make deskfan an administrator?');
    expect(dialog).toHaveTextContent(GRANT_ADMIN_TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(roleCalls()).toHaveLength(0);
  });

  it('grants it once confirmed', async () => {
    const { roleCalls } = renderUsers();
    await userEvent.click(await screen.findByRole('switch', { name: 'Admin role for deskfan' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Make administrator' }));
    await waitFor(() => expect(roleCalls()).toHaveLength(1));
    expect(JSON.parse(String(roleCalls()[0][1]?.body))).toEqual({ is_admin: true });
  });

  it('makes a moderator in one click, as before', async () => {
    const { roleCalls } = renderUsers();
    await userEvent.click(await screen.findByRole('switch', { name: 'Moderator role for deskfan' }));
    await waitFor(() => expect(roleCalls()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

// UX review: on a 390 px phone the delete column started past the table's right edge, behind a sideways scroll.
describe('on a phone', () => {
  it('keeps each Delete button in the column fixed to the table’s end, and the e-mail in the name cell', async () => {
    renderUsers();
    const remove = await screen.findByRole('button', { name: 'Delete deskfan' });
    expect(remove.closest('td')).toHaveClass('ant-table-cell-fix-end');
    expect(remove.closest('td')).toBe(remove.closest('tr')?.lastElementChild);
    // Without a wide screen the E-mail column gives way; the address is under the name.
    expect(screen.queryByRole('columnheader', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(screen.getByText('deskfan', { selector: 'strong' }).closest('td')).toHaveTextContent('deskfan@example.com');
  });
});
