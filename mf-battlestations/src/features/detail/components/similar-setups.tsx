import { BattlestationCard, BattlestationCardSkeleton, CardGrid } from '@battledeck/shared/ui';
import { useSimilarBattlestations } from '../api/get-similar-battlestations';
import styles from './similar-setups.module.css';

export const SIMILAR_TEXTS = {
  title: 'Similar setups',
  intro: 'Public battlestations that share the most parts with this one, rarer parts counting more.',
  error: 'Sorry, we were unable to load similar setups. Please try again later.',
  empty: 'No other public battlestations yet.',
} as const;

/** 'Similar setups' (issue 19): public stations like this one, as light cards with lazy photos. */
export function SimilarSetups({ stationId }: { stationId: number }) {
  const similar = useSimilarBattlestations(stationId);
  return (
    <section className={styles.similar} aria-labelledby="similar-heading" aria-busy={similar.isPending}>
      <h2 id="similar-heading" className={styles.title}>
        {SIMILAR_TEXTS.title}
      </h2>
      <p className={styles.intro}>{SIMILAR_TEXTS.intro}</p>
      {similar.isError ? (
        <p className={styles.message}>
          {SIMILAR_TEXTS.error}
        </p>
      ) : similar.isSuccess && similar.data.length === 0 ? (
        <p className={styles.message}>{SIMILAR_TEXTS.empty}</p>
      ) : (
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
      )}
    </section>
  );
}
