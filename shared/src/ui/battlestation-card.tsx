import type { BattlestationCard as Card } from '../contract/battlestations';
import { absoluteDate, parseTimestamp } from '../format/dates';
import { countLabel } from '../format/text';
import { CameraIcon, ChipIcon, HeartIcon } from './icons';
import { MediaCard, MediaCardSkeleton } from './media-card';
import { StationImage } from './station-image';
import styles from './battlestation-card.module.css';

export interface BattlestationCardProps {
  station: Card;
  /** Load the photo at once (the first cards above the fold). */
  eager?: boolean;
}

/** A battlestation card (home, browse, a part's page): photo, name, 'by: username', counts and date. */
export function BattlestationCard({ station, eager = false }: BattlestationCardProps) {
  const pictures = countLabel(station.image_count, 'Picture');
  const parts = countLabel(station.part_count, 'Part');
  const favorites = countLabel(station.favorites, 'Favorite');
  const created = parseTimestamp(station.created_date);
  return (
    <MediaCard
      to={`/battlestations/${station.battlestation_id}`}
      shape="landscape"
      title={station.name}
      media={
        <StationImage
          // The thumbnail only (at most 640 px wide, enough for a card): a srcset claiming 640w/2560w for files
          // that are often narrower made phones fetch the full photo for every card.
          name={station.thumbnail}
          isPrivate={station.is_public === 0}
          thumb
          alt=""
          width={640}
          height={480}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
        />
      }
    >
      <p className={styles.by}>by: {station.username}</p>
      <ul className={styles.meta}>
        <li title={pictures} aria-label={pictures}>
          <CameraIcon /> {station.image_count}
        </li>
        <li title={parts} aria-label={parts}>
          <ChipIcon /> {station.part_count}
        </li>
        <li title={favorites} aria-label={favorites}>
          <HeartIcon /> {station.favorites}
        </li>
        <li className={styles.date}>
          <time dateTime={created.toISOString()}>{absoluteDate(created)}</time>
        </li>
      </ul>
    </MediaCard>
  );
}

/** A grey stand-in of the same size while cards load. */
export function BattlestationCardSkeleton() {
  return <MediaCardSkeleton shape="landscape" />;
}
