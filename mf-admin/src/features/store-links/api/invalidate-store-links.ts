import { queryKeys } from '@battledeck/shared/api';
import type { QueryClient } from '@tanstack/react-query';
import { storeLinksKeys } from './get-broken-links';

/** After a fix or a removal: the broken list, the parts (where to buy, admin rows) and the stores' part counts. */
export function invalidateAfterLinkChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: storeLinksKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.stores.all }),
  ]);
}
