import { useQuery } from '@tanstack/react-query';
import { theme } from 'antd';
import { useId, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { similarPartsQueryOptions } from '@battledeck/shared/api';
import type { SimilarPart } from '../contract/part-duplicates';
import styles from './similar-part-suggestions.module.css';
import { useDebounced } from './use-debounced';

export const SIMILAR_PARTS_MESSAGES = {
  heading: 'Did you mean …?',
  found: (n: number) => (n === 1 ? '1 existing part looks like this name.' : `${n} existing parts look like this name.`),
} as const;

/** Typing pauses this long before the server is asked. */
export const SIMILAR_PARTS_DEBOUNCE_MS = 300;

export interface SimilarPartSuggestionsProps {
  /** The name being typed. */
  name: string;
  /** A type_path whose parts come first. */
  partType?: string;
  /** Picking a part: a button calls this. Without it each suggestion is a link to the part's page. */
  onPick?: (part: SimilarPart) => void;
  /** Called when a link is followed (e.g. to close the dialog). */
  onFollow?: () => void;
}

function meta(part: SimilarPart): string {
  const used = part.battlestation_count === 1 ? 'on 1 station' : `on ${part.battlestation_count} stations`;
  return `${part.type_name} · ${part.manufacturer} · ${used}`;
}

/**
 * 'Did you mean …?' (issue 20 item 4, decision 021): while a user names a missing part, existing parts that look
 * like it, to pick instead of submitting. A list of links or buttons (Tab reaches them after the name field), and
 * a polite live status saying how many were found, so a screen-reader user hears of them without losing focus.
 */
export function SimilarPartSuggestions({ name, partType, onPick, onFollow }: SimilarPartSuggestionsProps) {
  const settled = useDebounced(name, SIMILAR_PARTS_DEBOUNCE_MS);
  const similar = useQuery(similarPartsQueryOptions(settled, partType));
  const { token } = theme.useToken();
  const headingId = useId();
  // Only what matches the name as it is now: a stale answer for an older name is not shown.
  const parts = similar.isSuccess && settled.trim() === name.trim() ? similar.data : [];
  const vars = {
    '--similar-border': token.colorInfoBorder,
    '--similar-background': token.colorInfoBg,
    '--similar-hover': token.colorFillSecondary,
    '--similar-focus': token.colorPrimary,
    '--similar-link': token.colorLink,
    '--similar-meta': token.colorTextSecondary,
  } as CSSProperties;

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {parts.length > 0 ? `${SIMILAR_PARTS_MESSAGES.found(parts.length)} ${SIMILAR_PARTS_MESSAGES.heading}` : ''}
      </p>
      {parts.length > 0 && (
        <div className={styles.box} style={vars}>
          <p className={styles.heading} id={headingId}>
            {SIMILAR_PARTS_MESSAGES.heading}
          </p>
          <ul className={styles.list} aria-labelledby={headingId}>
            {parts.map((part) => (
              <li key={part.part_id}>
                {onPick ? (
                  <button type="button" className={styles.pick} onClick={() => onPick(part)}>
                    <span className={styles.name}>{part.name}</span>
                    <span className={styles.meta}>{meta(part)}</span>
                  </button>
                ) : (
                  <Link className={styles.pick} to={`/parts/view/${part.part_id}`} onClick={onFollow}>
                    <span className={styles.name}>{part.name}</span>
                    <span className={styles.meta}>{meta(part)}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
