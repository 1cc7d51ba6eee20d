import { BattlestationCard, BattlestationCardSkeleton, CardGrid } from '@battledeck/shared/ui';
import { useSimilarBattlestations } from '../api/get-similar-battlestations';
import styles from './similar-setups.module.css';

export const SIMILAR_TEXTS = {
  title: 'Similar setups',
  intro: 'Public battlestations that share the most parts with this one, rarer parts counting more.',
  error: 'Sorry, we were unable to load similar setups. Please try again later.',
  empty: 'No other public battlestations yet.',
} as const;

/**
 * 'Similar setups' (issue 19): public stations like this one, as light cards with lazy photos. On a phone the
 * cards scroll sideways (the strip's CSS): eight full-width cards would be a page of their own.
 */
export function SimilarSetups({ stationId }: { stationId: number }) {
  const similar = useSimilarBattlestations(stationId);
  let content;
  if (similar.isError) content = <p className={styles.message}>{SIMILAR_TEXTS.error}</p>;
  else if (similar.isSuccess && similar.data.length === 0) content = <p className={styles.message}>{SIMILAR_TEXTS.empty}</p>;
  else
    content = (
      <div className={styles.strip}>
        <CardGrid label={SIMILAR_TEXTS.title}>
          {similar.isPending
            ? Array.from({ length: 4 }, (_, i) => (
                <li key={`skeleton-${i}`}>
                  <BattlestationCardSkeleton />
                </li>
              ))
            : similar.data?.map((station) => (
                <li key={station.battlestation_id}>
                  <BattlestationCard station={station} />
                </li>
              ))}
        </CardGrid>
      </div>
    );
  return (
    <section className={styles.similar} aria-labelledby="similar-heading" aria-busy={similar.isPending}>
      <h2 id="similar-heading" className={styles.title}>
        {SIMILAR_TEXTS.title}
      </h2>
      <p className={styles.intro}>{SIMILAR_TEXTS.intro}</p>
      {content}
    </section>
  );
}
