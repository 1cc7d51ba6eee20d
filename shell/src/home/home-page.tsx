import { BRAND, TAGLINE } from '@battledeck/shared/format';
import { BattlestationCard, BattlestationCardSkeleton, CardGrid, usePageTitle } from '@battledeck/shared/ui';
import { Link } from 'react-router-dom';
import { useFeatured } from './get-featured';
import styles from './home-page.module.css';

const SKELETON_COUNT = 8;

/** 'Featured Battlestations', hidden when there are none (SPEC "Home"). */
function FeaturedSection() {
  const featured = useFeatured();
  if (featured.isError || (featured.isSuccess && featured.data.length === 0)) return null;
  return (
    <section id="featured" className="page" aria-labelledby="featured-title" aria-busy={featured.isPending}>
      <h2 id="featured-title" className={styles.featuredTitle}>
        Featured Battlestations
      </h2>
      {/* No card is marked as the largest paint: the banner's tagline is, on a phone and on a wide screen. */}
      <CardGrid>
        {featured.isPending
          ? Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <li key={`skeleton-${i}`}>
                <BattlestationCardSkeleton />
              </li>
            ))
          : featured.data.map((station) => (
              <li key={station.battlestation_id}>
                <BattlestationCard station={station} />
              </li>
            ))}
      </CardGrid>
    </section>
  );
}

export function HomePage() {
  usePageTitle('Home');
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>{BRAND}</p>
          <h1 id="home-title" className={styles.tagline}>
            {TAGLINE}
          </h1>
          <div className={styles.actions}>
            <Link className={styles.primaryAction} to="/battlestations">
              View Battlestations
            </Link>
            <Link className={styles.secondaryAction} to="/battlestations/new">
              Share your setup
            </Link>
          </div>
        </div>
      </section>
      <FeaturedSection />
    </>
  );
}
