import { partTypesQueryOptions } from '@battledeck/shared/api';
import { linkPreviewImageUrl } from '@battledeck/shared/format';
import type { PageHead, ServerPageRequest } from '@battledeck/shared/remote';
import { readListState } from '@battledeck/shared/ui';
import { matchPath } from 'react-router-dom';
import App from './app';
import { partsQueryOptions } from './features/catalogue/api/get-parts';
import { browseTitle } from './features/catalogue/catalogue-texts';
import { browseQuery, BROWSE_DEFAULTS } from './features/catalogue/hooks/use-catalogue-state';
import { pairedPartsQueryOptions } from './features/part-detail/api/get-paired-parts';
import { partBattlestationsQueryOptions, stationsPageOf } from './features/part-detail/api/get-part-battlestations';
import { partQueryOptions } from './features/part-detail/api/get-part';
import { partDescription } from './features/part-detail/part-texts';

/** mf-parts on the server (ADR 012): the App, and the data and head of the catalogue and a part's page. */
export default App;

const PART_ID = /^\d{1,10}$/;

export async function prefetch({ path, search, queryClient }: ServerPageRequest): Promise<PageHead | null> {
  const part = matchPath('/view/:partId', path);
  if (part) {
    const id = Number(part.params.partId);
    if (!PART_ID.test(part.params.partId ?? '') || id < 1 || id > 2_147_483_647) return null;
    const [detail] = await Promise.all([
      queryClient.fetchQuery(partQueryOptions(id)).catch(() => null),
      queryClient.prefetchQuery(partBattlestationsQueryOptions(id, stationsPageOf(search))),
      queryClient.prefetchQuery(pairedPartsQueryOptions(id)),
    ]);
    return detail ? { title: detail.name, description: partDescription(detail), image: detail.image ? linkPreviewImageUrl('parts', detail.image, detail.image_size) : undefined } : null;
  }
  const category = path === '' || path === '/' ? undefined : matchPath('/:partType', path)?.params.partType;
  if (category === undefined && path !== '' && path !== '/') return null;
  const list = readListState(browseQuery, BROWSE_DEFAULTS, search);
  const [types] = await Promise.all([
    queryClient.fetchQuery(partTypesQueryOptions()),
    queryClient.fetchQuery(partsQueryOptions({ ...list, partType: category })),
  ]);
  if (category === undefined) return { title: browseTitle(undefined) };
  const type = types.find((t) => t.type_path === category);
  // An unknown category is sent to the whole catalogue by the page itself.
  return type ? { title: browseTitle(type.type_name) } : null;
}
