import type { PartSummary } from '@battledeck/shared/contract';
import { countLabel, photoSrcSet, thumbnailUrl } from '@battledeck/shared/format';
import { MediaCard, MediaCardSkeleton, SafeImage } from '@battledeck/shared/ui';
import { partPaths, useBasePath } from '../../../lib/base-path';
import styles from './part-card.module.css';

/**
 * How wide a card's picture shows, from the catalogue grid (browse-page.module.css): two columns with 12 px
 * gaps up to 600 px; then `auto-fill, minmax(200px, 1fr)` with 20 px gaps, beside the 200 px category list
 * (and a 32 px gap) from 768 px, in the page (max 1280 px, 16 or 24 px side padding): at most 235 px.
 */
export const PART_CARD_SIZES =
  '(min-width: 1280px) 235px, (min-width: 1140px) calc(25vw - 85px), (min-width: 920px) calc(33.3vw - 107px), ' +
  '(min-width: 768px) calc(50vw - 150px), (min-width: 672px) calc(33.3vw - 24px), (min-width: 601px) calc(50vw - 26px), calc(50vw - 22px)';

/**
 * A part in the catalogue grid: picture, name, manufacturer and how many battlestations use it. Only the first
 * card's picture loads at once (and is preloaded by the server's HTML); the rest are lazy, so a phone spends
 * its bandwidth on what it shows.
 */
export function PartCard({ part, first = false }: { part: PartSummary; first?: boolean }) {
  const base = useBasePath();
  return (
    <MediaCard
      to={partPaths.part(base, part.part_id)}
      shape="square"
      title={part.name}
      media={
        <SafeImage
          // The files the image really has (issue 17); an answer without its size keeps the `_thumb` alone.
          src={thumbnailUrl('parts', part.image)}
          srcSet={photoSrcSet('parts', part.image, part.image_size)}
          sizes={part.image_size ? PART_CARD_SIZES : undefined}
          alt=""
          width={part.image_size?.width ?? 640}
          height={part.image_size?.height ?? 640}
          loading={first ? 'eager' : 'lazy'}
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
