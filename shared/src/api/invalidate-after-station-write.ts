import { queryKeys } from './query-keys';
import type { Query, QueryClient } from '@tanstack/react-query';

export interface StationWriteEffects {
  /** Parts or visibility changed: the parts' battlestation counts and station lists change too. */
  parts?: boolean;
  /** A station that no longer exists: its page is dropped from the cache instead of refetched. */
  deletedId?: number;
  /** A station whose cached page the caller already updated from the server's answer. */
  keepDetailOf?: number;
}

const isDetailOf = (id: number) => (query: Query) => query.queryKey[1] === 'detail' && query.queryKey[2] === id;

/**
 * After a create, edit, delete or favorite every list and count that shows battlestations refreshes at
 * once (STYLE 1): every battlestation list, detail and the featured grid; the profile tables (anyone's own
 * list and favorites); the admin lists and figures; and, when parts or visibility changed, the parts
 * catalogue (battlestation_count) and each part's station list. Part categories are left alone.
 */
export function invalidateAfterStationWrite(queryClient: QueryClient, effects: StationWriteEffects = {}): Promise<unknown> {
  const { deletedId } = effects;
  const skipped = deletedId ?? effects.keepDetailOf;
  if (deletedId !== undefined) queryClient.removeQueries({ queryKey: queryKeys.battlestations.all, predicate: isDetailOf(deletedId), type: 'inactive' });
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: queryKeys.battlestations.all,
      predicate: skipped === undefined ? undefined : (query) => !isDetailOf(skipped)(query),
    }),
    queryClient.invalidateQueries({ queryKey: queryKeys.users.all, predicate: (query) => query.queryKey[2] === 'battlestations' || query.queryKey[2] === 'favorites' }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
    effects.parts
      ? queryClient.invalidateQueries({ queryKey: queryKeys.parts.all, predicate: (query) => query.queryKey[1] === 'list' || query.queryKey[1] === 'detail' })
      : undefined,
  ]);
}
