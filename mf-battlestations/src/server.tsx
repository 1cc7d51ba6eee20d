import { ApiError } from '@battledeck/shared/api';
import { battlestationsListQuery, BATTLESTATIONS_QUERY_DEFAULTS } from '@battledeck/shared/plain-contract';
import { linkPreviewImageUrl } from '@battledeck/shared/format';
import type { PageHead, ServerPageRequest } from '@battledeck/shared/remote';
import { isPastTheEnd, listSearch, pageHref, readListState, totalPages } from '@battledeck/shared/ui';
import { matchPath } from 'react-router-dom';
import App, { PEOPLE_BASE_PATH } from './app';
import { battlestationsQueryOptions } from './features/browse/api/get-battlestations';
import { prefetchMember } from './features/people/prefetch-member';
import { similarBattlestationsQueryOptions } from './features/detail/api/get-similar-battlestations';
import { stationHistoryQueryOptions } from './features/detail/api/get-station-history';
import { battlestationQueryOptions } from './lib/get-battlestation';
import { stationDescription } from './lib/station-head';

/**
 * mf-battlestations on the server (ADR 012): the App, and the data and head of the public pages — browse,
 * a public station as a visitor sees it, and a member's people page. The editor and anything a visitor may not see are left to the
 * browser (null).
 */
export default App;

/**
 * A station a visitor may not see, missing or private: a 404, rendered by the browser (which shows a private
 * station to its owner, signed in). Its title is the one the page takes there when it finds nothing.
 */
const HIDDEN_FROM_VISITORS: PageHead = { title: 'Error', status: 404, renderInBrowser: true };

export async function prefetch({ path, search, basePath, queryClient }: ServerPageRequest): Promise<PageHead | null> {
  if (basePath === PEOPLE_BASE_PATH) return prefetchMember(path, search, queryClient);
  if (path === '' || path === '/') {
    const defaults = { ...BATTLESTATIONS_QUERY_DEFAULTS, searchTerm: undefined };
    const state = readListState(battlestationsListQuery, defaults, search);
    const list = await queryClient.fetchQuery(battlestationsQueryOptions(state));
    // Past the last page, the last one (decision 3, as useLastPageBeyondEnd does in the browser).
    const pages = totalPages(list.total, state.resultsPerPage);
    if (isPastTheEnd(state.pageNumber, list.total, state.resultsPerPage)) return { title: 'Browse Battlestations', redirect: pageHref(`${basePath}${path === '/' ? '' : path}`, `?${search}`, pages) };
    return { title: 'Browse Battlestations', canonical: `${basePath}${listSearch(state, defaults)}` };
  }
  // The editor: signed in, in the browser.
  if (path === '/new' || matchPath('/:stationId/edit', path)) return null;
  const detail = matchPath('/:stationId', path);
  const id = Number(detail?.params.stationId);
  if (!detail || !/^\d{1,10}$/.test(detail.params.stationId ?? '') || id < 1 || id > 2_147_483_647) return HIDDEN_FROM_VISITORS;
  // As a visitor: a private station answers 404 here and is rendered, for its owner only, in the browser.
  const [station] = await Promise.all([
    queryClient.fetchQuery(battlestationQueryOptions(id, null)).catch((error: unknown) => (error instanceof ApiError && error.status === 404 ? 'hidden' : null)),
    queryClient.prefetchQuery(similarBattlestationsQueryOptions(id)),
    // Its first page as a visitor sees it (decision 019), so hydration asks the API nothing again.
    queryClient.prefetchInfiniteQuery(stationHistoryQueryOptions(id, null)),
  ]);
  if (station === 'hidden') return HIDDEN_FROM_VISITORS;
  if (!station) return null;
  const photo = station.images[0];
  return {
    title: station.name,
    canonical: `${basePath}/${id}`,
    description: stationDescription(station),
    image: photo ? linkPreviewImageUrl('battlestations', photo, station.image_sizes?.[0]) : undefined,
  };
}
