import { DeleteOutlined } from '@ant-design/icons';
import { errorMessage } from '@battledeck/shared/api';
import { adminUsersQuery, ADMIN_PAGE_SIZES, type ADMIN_USER_SORTS, type AdminUser } from '@battledeck/shared/contract';
import { absoluteDate } from '@battledeck/shared/format';
import { useSession } from '@battledeck/shared/session';
import { Pagination, totalPages, useLastPageBeyondEnd, useListState, usePageTitle } from '@battledeck/shared/ui';
import { DeleteConfirmModal, useRecentSignIn } from '@battledeck/shared/widgets';
import { App, Button, Switch, Table, Tooltip, type TableColumnsType } from 'antd';
import { ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { ACTIONS_COLUMN, ACTIONS_TABLE_PROPS } from '../../../components/row-actions';
import { SortTitle, sortHeaderCell, type SortState } from '../../../components/sort-title';
import table from '../../../components/admin-table.module.css';
import styles from './users-page.module.css';
import { useDialogTarget } from '../../../hooks/use-dialog-target';
import { ADMIN_TEXT } from '../../../lib/messages';
import { useDeleteUser } from '../api/delete-user';
import { useAdminUsers } from '../api/get-admin-users';
import { useUpdateUserRoles } from '../api/update-user-roles';

type UserSort = (typeof ADMIN_USER_SORTS)[number];
type Role = 'is_admin' | 'is_moderator';
export const GRANT_ADMIN_TEXT =
  'Administrators can manage every battlestation, part, store and pending request, see and delete any account, and grant or revoke the admin and moderator roles.';
const LIST_DEFAULTS = { pageNumber: 1, resultsPerPage: 10, sortBy: 'created_date', direction: 'desc', searchTerm: undefined } as const;

/** /admin/users (decision 18; admins only): search, roles as switches, delete after confirmation. */
export default function UsersPage() {
  usePageTitle('Users Admin');
  const me = useSession((s) => s.user?.uid);
  const [state, update] = useListState(adminUsersQuery, LIST_DEFAULTS);
  const users = useAdminUsers(state);
  useLastPageBeyondEnd(state, users.data?.total, update);
  const roles = useUpdateUserRoles();
  const remove = useDeleteUser();
  // Deleting an account needs the admin's own recent sign-in (decision 25): asked for, then retried.
  const { withRecentSignIn, dialog: recentSignInDialog } = useRecentSignIn();
  const deleting = useDialogTarget<AdminUser>();
  const { message, modal } = App.useApp();
  const sort: SortState<UserSort> = { sortBy: state.sortBy, direction: state.direction };
  const onSort = (next: SortState<UserSort>) => update(next);

  const setRole = (user: AdminUser, role: Role, value: boolean) =>
    roles.mutate(
      { uid: user.user_id, roles: { [role]: value } },
      {
        onSuccess: () => message.success(`${user.username} is ${value ? 'now' : 'no longer'} ${role === 'is_admin' ? 'an administrator' : 'a moderator'}.`),
        onError: (error) => message.error(errorMessage(error)),
      },
    );
  /** Granting admin hands over the whole site, so it is confirmed first, saying what it gives; the rest is one click. */
  const changeRole = (user: AdminUser, role: Role, value: boolean) => {
    if (role !== 'is_admin' || !value) return setRole(user, role, value);
    void modal.confirm({
      title: `Make ${user.username} an administrator?`,
      content: GRANT_ADMIN_TEXT,
      okText: 'Make administrator',
      cancelText: 'Cancel',
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => setRole(user, role, value),
    });
  };
  const busy = (user: AdminUser, role: Role) => roles.isPending && roles.variables?.uid === user.user_id && role in (roles.variables.roles ?? {});

  const roleSwitch = (user: AdminUser, role: Role, label: string) => {
    const self = user.user_id === me && role === 'is_admin';
    const control = (
      <Switch
        checked={user[role]}
        loading={busy(user, role)}
        disabled={self}
        onChange={(value) => changeRole(user, role, value)}
        aria-label={`${label} role for ${user.username}`}
      />
    );
    return self ? <Tooltip title="You cannot remove your own administrator role.">{control}</Tooltip> : control;
  };
  // Both roles in one column, each switch with its name beside it: side by side on a wide screen, one under
  // the other on a phone, where two columns of their own pushed Moderator off the screen.
  const rolesColumn = {
    key: 'roles',
    title: 'Roles',
    render: (_: unknown, user: AdminUser) => (
      <div className={styles.roles}>
        {(
          [
            ['is_admin', 'Admin'],
            ['is_moderator', 'Moderator'],
          ] as const
        ).map(([role, label]) => (
          <span key={role} className={styles.role}>
            {roleSwitch(user, role, label)}
            <span aria-hidden="true">{label}</span>
          </span>
        ))}
      </div>
    ),
  };

  const columns: TableColumnsType<AdminUser> = [
    {
      key: 'username',
      title: <SortTitle label="Username" column="username" state={sort} onSort={onSort} />,
      onHeaderCell: sortHeaderCell('username', sort),
      render: (_, user) => (
        <>
          <strong>{user.username}</strong>
          {user.user_id === me && <span className={table.muted}>(you)</span>}
          <span className={`${table.muted} ${table.phoneOnly} ${table.wrapAnywhere}`}>{user.email}</span>
        </>
      ),
    },
    { key: 'email', title: 'E-mail', dataIndex: 'email', responsive: ['sm'] },
    rolesColumn,
    {
      key: 'created_date',
      title: <SortTitle label="Joined" column="created_date" state={sort} onSort={onSort} />,
      onHeaderCell: sortHeaderCell('created_date', sort),
      render: (_, user) => <time dateTime={user.created_date}>{absoluteDate(user.created_date)}</time>,
      width: 120,
      responsive: ['md'],
    },
    {
      key: 'battlestation_count',
      title: <SortTitle label="Battlestations" column="battlestation_count" state={sort} onSort={onSort} />,
      onHeaderCell: sortHeaderCell('battlestation_count', sort),
      dataIndex: 'battlestation_count',
      align: 'right',
      width: 150,
      responsive: ['md'],
      className: table.numeric,
    },
    {
      ...ACTIONS_COLUMN,
      width: 56,
      render: (_, user) =>
        user.user_id === me ? null : (
          <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Delete ${user.username}`} onClick={() => deleting.show(user)} />
        ),
    },
  ];

  return (
    <section aria-labelledby="users-heading">
      <PageHeader id="users-heading" title="Users" />
      <ListToolbar
        searchLabel="Search users"
        searchTerm={state.searchTerm}
        onSearch={(searchTerm) => update({ searchTerm })}
        pageSize={state.resultsPerPage}
        pageSizes={ADMIN_PAGE_SIZES}
        onPageSize={(resultsPerPage) => update({ resultsPerPage })}
      />
      {users.isError ? (
        <p role="alert" className={table.error}>
          {ADMIN_TEXT.usersFailed}
        </p>
      ) : (
        <>
          <p className={table.summary} role="status">
            {users.data ? `Viewing ${users.data.users.length} of ${users.data.total} users.` : ADMIN_TEXT.loading}
          </p>
          <Table<AdminUser>
            rowKey="user_id"
            columns={columns}
            dataSource={users.data?.users ?? []}
            loading={users.isFetching}
            pagination={false}
            size="middle"
            {...ACTIONS_TABLE_PROPS}
            locale={{ emptyText: <p className={table.message}>{ADMIN_TEXT.noUsers}</p> }}
          />
          <div className={table.pager}>
            <Pagination page={state.pageNumber} pages={totalPages(users.data?.total ?? 0, state.resultsPerPage)} onChange={(pageNumber) => update({ pageNumber })} label="User pages" />
          </div>
        </>
      )}
      <DeleteConfirmModal
        open={deleting.open}
        name={deleting.target?.username ?? ''}
        title="Delete User"
        onConfirm={() => withRecentSignIn(() => remove.mutateAsync(deleting.target!.user_id))}
        onClose={deleting.close}
      />
      {recentSignInDialog}
    </section>
  );
}
