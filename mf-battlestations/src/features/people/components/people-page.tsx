import type { MemberResponse } from '@battledeck/shared/contract';
import { absoluteDate, countLabel, parseTimestamp } from '@battledeck/shared/format';
import { MEMBER_STATIONS_PAGE_SIZE } from '@battledeck/shared/plain-contract';
import {
  BattlestationCard,
  BattlestationCardSkeleton,
  CardGrid,
  HeartIcon,
  pageHref,
  Pagination,
  totalPages,
  useHydrated,
  useMetaDescription,
  usePageTitle,
} from '@battledeck/shared/ui';
import { useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { memberNameOf, memberPageOf, pathBelowMount, useMember } from '../api/get-member';
import { memberDescription, PEOPLE_MESSAGES } from './people-texts';
import styles from './people-page.module.css';

/** An unknown member (404 from the server's render too), or an address under /users that names nobody. */
export function MemberNotFound() {
  usePageTitle(PEOPLE_MESSAGES.notFoundTitle);
  return (
    <div className="page">
      <div className={styles.notFound} role="alert">
        <h1>{PEOPLE_MESSAGES.notFoundTitle}</h1>
        <p>{PEOPLE_MESSAGES.notFound}</p>
        <Link to="/battlestations">{PEOPLE_MESSAGES.browse}</Link>
      </div>
    </div>
  );
}

function MemberFacts({ member }: { member: MemberResponse }) {
  // In UTC until hydrated: the server does not know the viewer's time zone (ADR 012).
  const zone = useHydrated() ? 'local' : 'utc';
  const joined = parseTimestamp(member.joined_date);
  return (
    <ul className={styles.facts}>
      <li>{countLabel(member.station_count, 'Battlestation')}</li>
      <li>
        <HeartIcon /> {countLabel(member.favorites_received, 'Favorite')} received
      </li>
      <li>
        Joined <time dateTime={joined.toISOString()}>{absoluteDate(joined, zone)}</time>
      </li>
    </ul>
  );
}

/** /users/{username} (SPEC decision 29): a member's public stations, newest first, and the favorites they received. */
export default function PeoplePage() {
  const location = useLocation();
  const username = memberNameOf(pathBelowMount(location.pathname));
  const navigate = useNavigate();
  const page = memberPageOf(new URLSearchParams(location.search));
  const query = useMember(username, page);
  const member = query.data;
  const heading = useRef<HTMLHeadingElement>(null);
  const notFound = member === null || !username;
  // The not-found page's title too: a parent's effect runs after its child's, so an undefined title here
  // would undo MemberNotFound's when the answer is there from the first render (the server's data).
  usePageTitle(notFound ? PEOPLE_MESSAGES.notFoundTitle : member ? member.username : query.isError ? 'Error' : undefined);
  useMetaDescription(member ? memberDescription(member) : undefined);

  if (notFound) return <MemberNotFound />;
  const pages = member ? totalPages(member.station_count, MEMBER_STATIONS_PAGE_SIZE) : 1;
  return (
    <div className="page">
      <header className={styles.header}>
        <h1 className={styles.name} ref={heading} tabIndex={-1}>
          {member?.username ?? username}
        </h1>
        {member && <MemberFacts member={member} />}
      </header>
      <section aria-labelledby="member-stations-heading" aria-busy={query.isPending}>
        <h2 id="member-stations-heading" className={styles.sectionTitle}>
          Battlestations
        </h2>
        {query.isError && (
          <p role="alert" className={styles.message}>
            {PEOPLE_MESSAGES.loadError}
          </p>
        )}
        {query.isPending && (
          <CardGrid label="Loading battlestations">
            {[0, 1, 2, 3].map((i) => (
              <li key={i}>
                <BattlestationCardSkeleton />
              </li>
            ))}
          </CardGrid>
        )}
        {member && member.station_count === 0 && <p className={styles.message}>{PEOPLE_MESSAGES.empty(member.username)}</p>}
        {member && member.battlestations.length > 0 && (
          <CardGrid label={`Battlestations by ${member.username}`}>
            {member.battlestations.map((station, index) => (
              <li key={station.battlestation_id}>
                <BattlestationCard station={station} lcp={index === 0} />
              </li>
            ))}
          </CardGrid>
        )}
      </section>
      {member && pages > 1 && (
        <Pagination
          page={page}
          pages={pages}
          onChange={(next) => {
            navigate(pageHref(location.pathname, location.search, next));
            heading.current?.focus();
          }}
          hrefFor={(next) => pageHref(location.pathname, location.search, next)}
          label="Battlestation pages"
        />
      )}
    </div>
  );
}
