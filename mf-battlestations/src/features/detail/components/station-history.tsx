import type { StationHistoryEntry } from '@battledeck/shared/contract';
import { absoluteDate, relativeTime } from '@battledeck/shared/format';
import { Button, useHydrated } from '@battledeck/shared/ui';
import { useEffect, useRef } from 'react';
import { useStationHistory } from '../api/get-station-history';
import { describeChange } from '../utils/describe-change';
import styles from './station-history.module.css';

export const HISTORY_TEXTS = {
  title: 'History',
  loading: 'Loading history…',
  error: 'Sorry, we were unable to load the history. Please try again later.',
  empty: 'No changes recorded yet.',
  more: 'Show more',
  loadingMore: 'Loading…',
  formerMember: 'a former member',
} as const;

function HistoryEntry({ entry }: { entry: StationHistoryEntry }) {
  // The date in UTC until hydrated, then the relative time: the server knows neither the viewer's zone nor
  // the moment of hydration, so the text it renders must not depend on them (ADR 012).
  const hydrated = useHydrated();
  return (
    <li className={styles.entry} tabIndex={-1}>
      <ul className={styles.changes}>
        {entry.changes.map((change, i) => (
          <li key={i}>{describeChange(change)}</li>
        ))}
      </ul>
      <p className={styles.meta}>
        by {entry.username ?? HISTORY_TEXTS.formerMember} ·{' '}
        <time dateTime={entry.changed_date} title={hydrated ? absoluteDate(entry.changed_date) : undefined}>
          {hydrated ? relativeTime(entry.changed_date) : absoluteDate(entry.changed_date, 'utc')}
        </time>
      </p>
    </li>
  );
}

/**
 * The station's "History" (decision 019): what each save changed, who saved and when, newest first, with
 * "Show more" for older entries. The server renders the visitor's first page with the station (server.tsx).
 */
export function StationHistory({ stationId }: { stationId: number }) {
  const history = useStationHistory(stationId);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  const listRef = useRef<HTMLOListElement>(null);
  // After "Show more", focus moves to the first older entry: the button goes away with the last page.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || entries.length <= index) return;
    focusFrom.current = null;
    (listRef.current?.children[index] as HTMLElement | undefined)?.focus();
  }, [entries.length]);
  const showMore = () => {
    focusFrom.current = entries.length;
    void history.fetchNextPage();
  };
  let content;
  if (history.isError) content = <p className={styles.message}>{HISTORY_TEXTS.error}</p>;
  else if (history.isPending) content = <p className={styles.message}>{HISTORY_TEXTS.loading}</p>;
  else if (entries.length === 0) content = <p className={styles.message}>{HISTORY_TEXTS.empty}</p>;
  else
    content = (
      <>
        <ol ref={listRef} className={styles.list} aria-label={HISTORY_TEXTS.title}>
          {entries.map((entry) => (
            <HistoryEntry key={entry.change_id} entry={entry} />
          ))}
        </ol>
        {history.hasNextPage && (
          <Button onClick={showMore} disabled={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? HISTORY_TEXTS.loadingMore : HISTORY_TEXTS.more}
          </Button>
        )}
      </>
    );
  return (
    <section className={styles.history} aria-labelledby="history-heading" aria-busy={history.isPending || history.isFetchingNextPage}>
      <h2 id="history-heading" className={styles.title}>
        {HISTORY_TEXTS.title}
      </h2>
      {content}
    </section>
  );
}
