import type { PartDetail } from '@battledeck/shared/contract';
import { PART_TEXTS } from '../part-texts';
import styles from './part-page.module.css';
import health from './where-to-buy.module.css';

function ExternalLink({ href, children, describedBy }: { href: string; children: React.ReactNode; describedBy?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.buyLink} aria-describedby={describedBy}>
      <span>{children}</span>
      <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
        <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
      </svg>
      <span className="visually-hidden"> {PART_TEXTS.newTab}</span>
    </a>
  );
}

/** Beside a store link the checker found failing twice in a row (issue 20 item 5): words and an icon, not colour alone. */
function MaybeBroken({ id }: { id: string }) {
  return (
    <span id={id} className={health.maybeBroken}>
      <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
        <path d="M12 3 2 21h20L12 3zM12 10v5M12 18v.01" />
      </svg>
      {PART_TEXTS.mayBeBroken}
    </span>
  );
}

/**
 * 'Where to Buy': the manufacturer's page (when known) and one link per store, each in a new tab. A link
 * the checker found broken stays, marked 'Link may be broken' (a store that turns robots away looks broken
 * to the checker and may still work for people; hiding it would lose a working link).
 */
export function WhereToBuy({ part }: { part: PartDetail }) {
  const hasLinks = Boolean(part.manufacturer_url) || part.stores.length > 0;
  return (
    <section aria-labelledby="where-to-buy-title" className={styles.buy}>
      <h2 id="where-to-buy-title" className={styles.sectionTitle}>
        {PART_TEXTS.whereToBuy}
      </h2>
      {hasLinks ? (
        <ul className={styles.buyList}>
          {part.manufacturer_url && (
            <li>
              <ExternalLink href={part.manufacturer_url}>{part.manufacturer}</ExternalLink>
              <span className={styles.buyNote}>Manufacturer</span>
            </li>
          )}
          {part.stores.map((store) => {
            const noteId = `store-link-${store.store_id}-health`;
            return (
              <li key={store.store_id}>
                <ExternalLink href={store.url} describedBy={store.link_broken ? noteId : undefined}>
                  {store.store_name}
                </ExternalLink>
                {store.link_broken && <MaybeBroken id={noteId} />}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.muted}>{PART_TEXTS.noStores}</p>
      )}
    </section>
  );
}
