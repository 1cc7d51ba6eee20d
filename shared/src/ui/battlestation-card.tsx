import { Link } from 'react-router-dom';
import { absoluteDate, parseTimestamp, countLabel, userPath } from '@battledeck/shared/format';
import type { BattlestationCard as Card } from '../contract/battlestations';
import { CameraIcon, ChipIcon, HeartIcon } from './icons';
import { MediaCard, MediaCardSkeleton } from './media-card';
import { StationImage } from './station-image';
import { useHydrated } from './use-hydrated';
import styles from './battlestation-card.module.css';

export interface BattlestationCardProps {
  station: Card;
  /**
   * The page's largest paint (the first card): loaded at once, at high priority, and preloaded by the server's
   * HTML. Every other card is lazy: React's server render would preload an eager image too, and on a phone
   * those below the fold would take the bandwidth the largest paint needs.
   */
  lcp?: boolean;
}

/**
 * How wide a card's photo shows, from CardGrid (`auto-fill, minmax(260px, 1fr)`, 20 px gaps) inside the page
 * (max 1280 px, 16 px side padding, 24 px from 768 px): one column below 572 px, two to 867, three to 1147,
 * four above, at most 293 px. The browser picks the width copy that fits this slot at its pixel density.
 */
export const STATION_CARD_SIZES =
  '(min-width: 1280px) 293px, (min-width: 1148px) calc(25vw - 27px), (min-width: 868px) calc(33.3vw - 30px), ' +
  '(min-width: 768px) calc(50vw - 34px), (min-width: 572px) calc(50vw - 26px), calc(100vw - 32px)';

/** A battlestation card (home, browse, a part's page, a people page): photo, name, 'by: username' (a link to their page), counts and date. */
export function BattlestationCard({ station, lcp = false }: BattlestationCardProps) {
  const hydrated = useHydrated();
  const pictures = countLabel(station.image_count, 'Picture');
  const parts = countLabel(station.part_count, 'Part');
  const favorites = countLabel(station.favorites, 'Favorite');
  const created = parseTimestamp(station.created_date);
  return (
    <MediaCard
      to={`/battlestations/${station.battlestation_id}`}
      shape="landscape"
      title={station.name}
      linkedDetails
      media={
        <StationImage
          // A srcset of the width copies the photo really has (issue 17), chosen by the card's slot; the
          // `_thumb` (≤ 640 px) is the src of older answers and the one file of a private photo.
          name={station.thumbnail}
          isPrivate={station.is_public === 0}
          thumb
          size={station.thumbnail_size}
          sizes={STATION_CARD_SIZES}
          alt=""
          width={station.thumbnail_size ? undefined : 640}
          height={station.thumbnail_size ? undefined : 480}
          loading={lcp ? 'eager' : 'lazy'}
          fetchPriority={lcp ? 'high' : undefined}
        />
      }
    >
      <p className={styles.by}>
        by: <Link to={userPath(station.username)}>{station.username}</Link>
      </p>
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
          {/* In UTC until hydrated: the server does not know the viewer's time zone (ADR 012). */}
          <time dateTime={created.toISOString()}>{absoluteDate(created, hydrated ? 'local' : 'utc')}</time>
        </li>
      </ul>
    </MediaCard>
  );
}

/** A grey stand-in of the same size while cards load. */
export function BattlestationCardSkeleton() {
  return <MediaCardSkeleton shape="landscape" />;
}
