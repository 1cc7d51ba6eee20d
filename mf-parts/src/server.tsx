import { ApiError, partTypesQueryOptions } from '@battledeck/shared/api';
import { linkPreviewImageUrl } from '@battledeck/shared/format';
import type { PageHead, ServerPageRequest } from '@battledeck/shared/remote';
import { PART_BATTLESTATIONS_PAGE_SIZE } from '@battledeck/shared/plain-contract';
import { isPastTheEnd, listSearch, pageHref, readListState } from '@battledeck/shared/ui';
import { matchPath } from 'react-router-dom';
import App from './app';
import { partsQueryOptions } from './features/catalogue/api/get-parts';
import { browseTitle } from './features/catalogue/catalogue-texts';
import { browseQuery, BROWSE_DEFAULTS } from './features/catalogue/hooks/use-catalogue-state';
import { pairedPartsQueryOptions } from './features/part-detail/api/get-paired-parts';
import { partBattlestationsQueryOptions, stationsPageOf } from './features/part-detail/api/get-part-battlestations';
import { partQueryOptions } from './features/part-detail/api/get-part';
import { partDescription, PART_TEXTS } from './features/part-detail/part-texts';

/** mf-parts on the server (ADR 012): the App, and the data and head of the catalogue and a part's page. */
export default App;

const PART_ID = /^\d{1,10}$/;

/** A part that does not exist: a 404, and the page the browser renders for it (its title there). */
const PART_NOT_FOUND: PageHead = { title: PART_TEXTS.errorTitle, status: 404, renderInBrowser: true };

export async function prefetch({ path, search, basePath, queryClient }: ServerPageRequest): Promise<PageHead | null> {
  const part = matchPath('/view/:partId', path);
  if (part) {
    const id = Number(part.params.partId);
    if (!PART_ID.test(part.params.partId ?? '') || id < 1 || id > 2_147_483_647) return PART_NOT_FOUND;
    const page = stationsPageOf(search);
    const [detail, stations] = await Promise.all([
      queryClient.fetchQuery(partQueryOptions(id)).catch((error: unknown) => (error instanceof ApiError && error.status === 404 ? 'missing' : null)),
      queryClient.fetchQuery(partBattlestationsQueryOptions(id, page)).catch(() => null),
      queryClient.prefetchQuery(pairedPartsQueryOptions(id)),
    ]);
    if (detail === 'missing') return PART_NOT_FOUND;
    // Past the last page, the first (decision 3), as the page does in the browser.
    if (detail && stations && isPastTheEnd(page, stations.total, PART_BATTLESTATIONS_PAGE_SIZE)) {
      return { title: detail.name, redirect: pageHref(`${basePath}${path}`, `?${search}`, 1, 'page') };
    }
    if (!detail) return null;
    return {
      title: detail.name,
      description: partDescription(detail),
      image: detail.image ? linkPreviewImageUrl('parts', detail.image, detail.image_size) : undefined,
      canonical: pageHref(`${basePath}/view/${id}`, '', page, 'page'),
    };
  }
  const category = path === '' || path === '/' ? undefined : matchPath('/:partType', path)?.params.partType;
  // Any other address here: the page sends it to the whole catalogue.
  if (category === undefined && path !== '' && path !== '/') return { title: browseTitle(undefined), redirect: basePath };
  const list = readListState(browseQuery, BROWSE_DEFAULTS, search);
  const [types, parts] = await Promise.all([
    queryClient.fetchQuery(partTypesQueryOptions()),
    queryClient.fetchQuery(partsQueryOptions({ ...list, partType: category })),
  ]);
  if (isPastTheEnd(list.pageNumber, parts.total, list.resultsPerPage)) {
    return { title: browseTitle(undefined), redirect: pageHref(`${basePath}${path === '/' ? '' : path}`, `?${search}`, 1) };
  }
  if (category === undefined) return { title: browseTitle(undefined), canonical: `${basePath}${listSearch(list, BROWSE_DEFAULTS)}` };
  const type = types.find((t) => t.type_path === category);
  // An unknown category: the whole catalogue, as the page does in the browser.
  if (!type) return { title: browseTitle(undefined), redirect: basePath };
  return { title: browseTitle(type.type_name), canonical: `${basePath}/${type.type_path}${listSearch(list, BROWSE_DEFAULTS)}` };
}
