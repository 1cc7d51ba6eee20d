import type { PartSummary } from '@battledeck/shared/contract';
import { countLabel, imageUrl, thumbnailUrl } from '@battledeck/shared/format';
import { MediaCard, MediaCardSkeleton, SafeImage } from '@battledeck/shared/ui';
import { partPaths, useBasePath } from '../../../lib/base-path';
import styles from './part-card.module.css';

/** A part in the catalogue grid: picture, name, manufacturer and how many battlestations use it. */
export function PartCard({ part, eager = false }: { part: PartSummary; eager?: boolean }) {
  const base = useBasePath();
  return (
    <MediaCard
      to={partPaths.part(base, part.part_id)}
      shape="square"
      title={part.name}
      media={
        <SafeImage
          src={thumbnailUrl('parts', part.image)}
          srcSet={`${thumbnailUrl('parts', part.image)} 640w, ${imageUrl('parts', part.image)} 1200w`}
          sizes="(max-width: 600px) 50vw, 240px"
          alt=""
          width={640}
          height={640}
          loading={eager ? 'eager' : 'lazy'}
        />
      }
    >
      <span className={styles.manufacturer}>{part.manufacturer}</span>
      <span className={styles.count}>{countLabel(part.battlestation_count, 'Battlestation')}</span>
    </MediaCard>
  );
}

/** A grey stand-in of the same size while the page loads. */
export function PartCardSkeleton() {
  return <MediaCardSkeleton shape="square" />;
}
