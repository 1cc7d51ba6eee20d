import { PART_BATTLESTATIONS_PAGE_SIZE } from '@battledeck/shared/plain-contract';
import { BattlestationCard, BattlestationCardSkeleton, CardGrid, isPastTheEnd, pageHref, Pagination, totalPages } from '@battledeck/shared/ui';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { stationsPageOf, usePartBattlestations } from '../api/get-part-battlestations';
import { PART_TEXTS } from '../part-texts';
import styles from './part-page.module.css';

/** The page of battlestations shown, from `?page=` (a bad value means the first). */
function usePageParam(): [number, (page: number, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const page = stationsPageOf(params);
  const setPage = useCallback(
    (next: number, replace = false) => setParams(next > 1 ? { page: String(next) } : {}, { replace }),
    [setParams],
  );
  return [page, setPage];
}

/** The public battlestations using the part, 10 a page, newest first (decision 17). */
export function PartBattlestations({ partId }: { partId: number }) {
  const [page, setPage] = usePageParam();
  const stations = usePartBattlestations(partId, page);
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  // A page past the end (an old link) falls back to the first.
  const pastTheEnd = stations.isSuccess && isPastTheEnd(page, stations.data.total, PART_BATTLESTATIONS_PAGE_SIZE);
  useEffect(() => {
    if (pastTheEnd) setPage(1, true);
  }, [pastTheEnd, setPage]);
  const goTo = (next: number) => {
    setPage(next);
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
    // The page link that was used goes while the next page loads: the focus continues at the section's heading.
    headingRef.current?.focus({ preventScroll: true });
  };

  return (
    <section ref={sectionRef} aria-labelledby="part-stations-title" aria-busy={stations.isPending} className={styles.stations}>
      <h2 id="part-stations-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        {PART_TEXTS.usedIn}
      </h2>
      {stations.isError ? (
        <p className={styles.message} role="alert">
          {PART_TEXTS.stationsError}
        </p>
      ) : stations.isSuccess && stations.data.total === 0 ? (
        <p className={styles.message}>
          <Link to="/battlestations/new">{PART_TEXTS.beTheFirst}</Link>
        </p>
      ) : (
        <CardGrid label={PART_TEXTS.usedIn}>
          {stations.isPending
            ? Array.from({ length: 4 }, (_, i) => (
                <li key={`skeleton-${i}`}>
                  <BattlestationCardSkeleton />
                </li>
              ))
            : stations.data?.battlestations.map((station) => (
                <li key={station.battlestation_id}>
                  <BattlestationCard station={station} />
                </li>
              ))}
        </CardGrid>
      )}
      {stations.isSuccess && (
        <Pagination
          page={page}
          pages={totalPages(stations.data.total, PART_BATTLESTATIONS_PAGE_SIZE)}
          onChange={goTo}
          hrefFor={(target) => pageHref(location.pathname, location.search, target, 'page')}
          label="Battlestation pages"
        />
      )}
    </section>
  );
}
