import { apiRequest, queryKeys } from '@battledeck/shared/api';
import type { adminUsersQuery, AdminUsersResponse } from '@battledeck/shared/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../../lib/list-params';

type Params = ListParams<typeof adminUsersQuery>;

/** GET /admin/users: users with roles and station counts. */
export function getAdminUsers(params: Params, signal?: AbortSignal): Promise<AdminUsersResponse> {
  return apiRequest<AdminUsersResponse>('/admin/users', { auth: 'required', query: { ...params }, signal });
}

export function adminUsersQueryOptions(params: Params) {
  return queryOptions({
    queryKey: queryKeys.admin.users(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(params: Params) {
  return useQuery(adminUsersQueryOptions(params));
}
