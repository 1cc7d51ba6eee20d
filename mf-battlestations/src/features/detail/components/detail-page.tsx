import { usePageTitle, useMetaDescription } from '@battledeck/shared/ui';
import { Link, useParams } from 'react-router-dom';
import { useBattlestation } from '../../../lib/get-battlestation';
import { Markdown } from '../../../lib/markdown/markdown';
import { DeskProperties } from './desk-properties';
import { Gallery } from './gallery';
import { PartList } from './part-list';
import { SimilarSetups } from './similar-setups';
import { StationHeader } from './station-header';
import { StationHistory } from './station-history';
import styles from './detail-page.module.css';

export const DETAIL_MESSAGES = {
  loadError: "We're sorry. This battlestation doesn't exist or couldn't be loaded.",
  noDescription: 'This battlestation has no description provided.',
} as const;

function DetailSkeleton() {
  return (
    <div className="page" role="status" aria-live="polite">
      <span className="visually-hidden">Loading battlestation</span>
      <div className={styles.skeletonTitle} />
      <div className={styles.skeletonLine} />
      <div className={styles.skeletonStrip}>
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.skeletonPhoto} />
        ))}
      </div>
    </div>
  );
}

/** /battlestations/{stationId} (SPEC "Battlestation detail"). */
export default function DetailPage() {
  const { stationId } = useParams();
  const id = Number(stationId);
  const query = useBattlestation(id);
  const station = query.data;
  const invalid = !Number.isInteger(id) || id <= 0;
  usePageTitle(station?.name ?? (query.isError || invalid ? 'Error' : undefined));
  useMetaDescription(station ? `${station.name} by ${station.username}: photos and part list on Battledeck.` : undefined);

  if (invalid || query.isError) {
    return (
      <div className="page">
        <div className={styles.error} role="alert">
          <h1>{DETAIL_MESSAGES.loadError}</h1>
          <Link to="/#featured">See the featured battlestations</Link>
        </div>
      </div>
    );
  }
  if (!station) return <DetailSkeleton />;

  return (
    <article className="page">
      <StationHeader station={station} />
      <section className={styles.photos} aria-label="Photos">
        <Gallery name={station.name} images={station.images} imageSizes={station.image_sizes} isPrivate={station.is_public === 0} hotspots={station.image_hotspots} parts={station.parts} />
      </section>
      <DeskProperties station={station} />
      <div className={styles.columns}>
        <PartList stationId={station.battlestation_id} stationName={station.name} parts={station.parts} />
        <section className={styles.section} aria-labelledby="description-heading">
          <h2 id="description-heading">Description</h2>
          {station.description ? (
            <Markdown className={styles.description} text={station.description} />
          ) : (
            <p className={styles.muted}>{DETAIL_MESSAGES.noDescription}</p>
          )}
        </section>
      </div>
      <SimilarSetups stationId={station.battlestation_id} />
      <StationHistory stationId={station.battlestation_id} />
    </article>
  );
}
