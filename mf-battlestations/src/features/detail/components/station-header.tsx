import type { BattlestationDetail } from '@battledeck/shared/contract';
import { absoluteDate, externalHref, parseTimestamp, relativeTime, userPath } from '@battledeck/shared/format';
import { EditIcon, InstagramIcon, LockIcon, RedditIcon, Tooltip, useHydrated } from '@battledeck/shared/ui';
import { Link } from 'react-router-dom';
import { useCanEdit } from '../../../lib/get-battlestation';
import { FavoriteButton } from './favorite-button';
import styles from './detail-page.module.css';

function SocialLink({ link, label, icon }: { link: string; label: string; icon: React.ReactNode }) {
  return (
    <a href={externalHref(link)} target="_blank" rel="nofollow ugc noopener noreferrer" className={styles.social}>
      {icon} {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** Name, links, 'By: username', 'Uploaded' date, the favorite button and, for the owner or staff, Edit. */
export function StationHeader({ station }: { station: BattlestationDetail }) {
  // The date in UTC until hydrated, then the time since: the server knows neither the viewer's zone nor the
  // moment the browser hydrates ('5 minutes ago' there could be '6' here: a mismatch; ADR 012).
  const hydrated = useHydrated();
  const zone = hydrated ? 'local' : 'utc';
  const canEdit = useCanEdit(station);
  const created = parseTimestamp(station.created_date);
  return (
    <header className={styles.header}>
      <div className={styles.titleRow}>
        <h1 className={styles.name}>{station.name}</h1>
        {station.is_public === 0 && (
          <span className={styles.private}>
            <LockIcon /> Private
          </span>
        )}
      </div>
      <ul className={styles.meta}>
        <li>
          By: <Link to={userPath(station.username)}>{station.username}</Link>
        </li>
        <li>
          Uploaded{' '}
          <Tooltip text={absoluteDate(created, zone)}>
            {(describedBy) => (
              // Focusable so keyboard users get the full date too.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              <time dateTime={created.toISOString()} tabIndex={0} className={styles.time} aria-describedby={describedBy}>
                {hydrated ? relativeTime(created, new Date(), zone) : absoluteDate(created, zone)}
              </time>
            )}
          </Tooltip>
        </li>
        {station.instagram_url && (
          <li>
            <SocialLink link={station.instagram_url} label="Instagram" icon={<InstagramIcon />} />
          </li>
        )}
        {station.reddit_url && (
          <li>
            <SocialLink link={station.reddit_url} label="Reddit" icon={<RedditIcon />} />
          </li>
        )}
      </ul>
      <div className={styles.actions}>
        <FavoriteButton station={station} />
        {canEdit && (
          <Link to="edit" className={styles.editLink}>
            <EditIcon /> Edit Battlestation
          </Link>
        )}
      </div>
    </header>
  );
}
