import type { BattlestationDetail } from '@battledeck/shared/contract';
import { FAVORITE_MESSAGES } from '@battledeck/shared/plain-contract';
import { useSession } from '@battledeck/shared/session';
import { HeartIcon, useEarlyClick, type LoginRedirectState } from '@battledeck/shared/ui';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useFavoriteMutation } from '../api/favorite-battlestation';
import { NOTICE_FADE_MS, useTimedNotice } from '../hooks/use-timed-notice';
import styles from './favorite-button.module.css';

type NoticeKind = 'signedOut' | 'failed';

/**
 * The heart and its count (SPEC "Battlestation detail", §4, decision 4): toggles at once (optimistic) and
 * rolls back with 'Sorry, unable to save this right now.'; signed out it shows 'Please log in first',
 * linking to /login, which brings the user back here. Clicks are ignored while a call or a notice is on; one
 * made before the page's scripts had run is answered once they have.
 */
export function FavoriteButton({ station }: { station: BattlestationDetail }) {
  const user = useSession((s) => s.user);
  const sessionLoading = useSession((s) => s.loading);
  const location = useLocation();
  const favorite = useFavoriteMutation(station.battlestation_id);
  const { notice, show, hold, release } = useTimedNotice<NoticeKind>();
  const favorited = station.is_favorited === 1;
  const pending = favorite.isPending;
  // A click made while the session still loads (it starts once the page is idle) counts once it has.
  const [queued, setQueued] = useState(false);
  // The notice waits while either the pointer or the focus is on it.
  const holding = useRef({ pointer: false, focus: false });
  const holdWhile = (source: 'pointer' | 'focus', on: boolean) => {
    holding.current[source] = on;
    if (on) hold();
    else if (!holding.current.pointer && !holding.current.focus) release();
  };

  const toggle = () => {
    if (!user) {
      show('signedOut');
      return;
    }
    favorite.mutate({ action: favorited ? 'remove' : 'add' }, { onError: () => show('failed') });
  };
  const onClick = () => {
    if (notice || pending || queued) return;
    if (sessionLoading) setQueued(true);
    else toggle();
  };
  // A click before the page's scripts had run counts once they have (queued while the session loads).
  useEarlyClick('favorite', onClick);
  // An effect event: it reads this render's session, the one that just finished loading.
  const toggleQueued = useEffectEvent(toggle);
  useEffect(() => {
    if (queued && !sessionLoading) {
      setQueued(false);
      toggleQueued();
    }
  }, [queued, sessionLoading]);

  const from: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={`${styles.button} ${favorited ? styles.on : ''}`}
        aria-pressed={favorited}
        aria-busy={pending || queued || undefined}
        onClick={onClick}
        data-early-click="favorite"
      >
        {/* The name is the button's own text, so it always holds the visible count (WCAG 2.5.3): "Favorite, 4 favorites". */}
        <HeartIcon filled={favorited} className={pending ? styles.beating : undefined} />
        <span className="visually-hidden">Favorite, </span>
        <span className={styles.count}>{station.favorites}</span>
        <span className="visually-hidden"> {station.favorites === 1 ? 'favorite' : 'favorites'}</span>
      </button>
      <div
        className={`${styles.notice} ${notice ? styles.visible : ''} ${notice?.fading ? styles.fading : ''}`}
        style={{ transitionDuration: `${NOTICE_FADE_MS}ms` }}
        role={notice?.kind === 'failed' ? 'alert' : 'status'}
        onMouseEnter={() => holdWhile('pointer', true)}
        onMouseLeave={() => holdWhile('pointer', false)}
        onFocus={() => holdWhile('focus', true)}
        onBlur={() => holdWhile('focus', false)}
      >
        {notice?.kind === 'signedOut' && (
          <Link to="/login" state={from}>
            {FAVORITE_MESSAGES.notSignedIn}
          </Link>
        )}
        {notice?.kind === 'failed' && FAVORITE_MESSAGES.failed}
      </div>
    </div>
  );
}
