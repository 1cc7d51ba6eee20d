/**
 * Query keys, general to specific and starting with the API resource, so a mutation invalidates
 * by prefix (e.g. ['battlestations'] refreshes every list, detail and featured grid).
 */
export const queryKeys = {
  battlestations: {
    all: ['battlestations'] as const,
    lists: () => ['battlestations', 'list'] as const,
    list: (params: object) => ['battlestations', 'list', params] as const,
    featured: () => ['battlestations', 'featured'] as const,
    detail: (id: number) => ['battlestations', 'detail', id] as const,
    parts: (id: number) => ['battlestations', 'detail', id, 'parts'] as const,
    /** Not under 'detail': a station's own edit keeps its page yet changes its similar list. */
    similar: (id: number) => ['battlestations', 'similar', id] as const,
    /** What each save changed (decision 019); under the prefix every station write invalidates. */
    history: (id: number) => ['battlestations', 'history', id] as const,
  },
  parts: {
    all: ['parts'] as const,
    types: () => ['parts', 'types'] as const,
    list: (params: object) => ['parts', 'list', params] as const,
    detail: (id: number) => ['parts', 'detail', id] as const,
    battlestations: (id: number, page: number) => ['parts', 'detail', id, 'battlestations', page] as const,
    paired: (id: number) => ['parts', 'detail', id, 'paired'] as const,
    autocomplete: (partType: string | undefined, term: string) => ['parts', 'autocomplete', partType ?? '', term] as const,
    pending: () => ['parts', 'pending'] as const,
    /** 'Did you mean …?' while naming a missing part (decision 021). */
    similar: (partType: string | undefined, name: string) => ['parts', 'similar', partType ?? '', name] as const,
  },
  stores: {
    all: ['stores'] as const,
    list: (params: object) => ['stores', 'list', params] as const,
    count: () => ['stores', 'count'] as const,
    options: () => ['stores', 'all'] as const,
  },
  users: {
    all: ['users'] as const,
    profile: (uid: string) => ['users', uid] as const,
    battlestations: (uid: string) => ['users', uid, 'battlestations'] as const,
    favorites: (uid: string) => ['users', uid, 'favorites'] as const,
  },
  admin: {
    all: ['admin'] as const,
    battlestations: (params: object) => ['admin', 'battlestations', params] as const,
    users: (params: object) => ['admin', 'users', params] as const,
    stats: () => ['admin', 'stats'] as const,
  },
} as const;
