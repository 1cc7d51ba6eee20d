import type { BattlestationCard } from '@battledeck/shared/contract';
import { countLabel, userPath } from '@battledeck/shared/format';
import { Link } from 'react-router-dom';
import styles from './station-table.module.css';

export interface StationLinkProps {
  station: BattlestationCard;
  showCreator?: boolean;
  showFavorites?: boolean;
}

/** The name linking to the station; on phones the columns beside it are hidden and their values follow under it. */
export function StationLink({ station, showCreator = false, showFavorites = false }: StationLinkProps) {
  const counts = [countLabel(station.image_count, 'image'), countLabel(station.part_count, 'part')];
  if (showFavorites) counts.push(countLabel(station.favorites, 'favorite'));
  return (
    <>
      <Link to={`/battlestations/${station.battlestation_id}`} className={styles.name}>
        {station.name}
      </Link>
      <p className={styles.compactMeta}>
        {/* Every "by: username" links to the member's page (SPEC decision 29), here too. */}
        {showCreator && (
          <>
            by: <Link to={userPath(station.username)}>{station.username}</Link>
            {' · '}
          </>
        )}
        {counts.join(' · ')}
      </p>
    </>
  );
}
