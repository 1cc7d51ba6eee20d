import { STORE_LINK_MESSAGES, type BrokenLink } from '@battledeck/shared/contract';
import { parseTimestamp } from '@battledeck/shared/format';

/** Texts of the broken store links section (ours; the spec has none), in the style of the admin's messages. */
export const LINK_TEXT = {
  title: 'Broken Store Links',
  intro:
    'Store links the link checker could not open twice in a row. Fix the address or remove the link; a fixed link is checked again on the next pass.',
  loading: 'Loading...',
  failed: STORE_LINK_MESSAGES.loadError,
  empty: STORE_LINK_MESSAGES.empty,
  viewing: (shown: number, total: number) => `Viewing ${shown} of ${total} broken ${total === 1 ? 'link' : 'links'}.`,
  fixTitle: 'Fix Store Link',
  fixed: (store: string, part: string) => `The ${store} link of ${part} was saved. It will be checked again on the next pass.`,
  removeTitle: 'Remove Store Link',
  linkName: (link: BrokenLink) => `the ${link.store_name} link of ${link.part_name}`,
  newTab: '(opens in a new tab)',
} as const;

/** What the last check found: the HTTP status, or why there was none. */
export function lastResult(link: Pick<BrokenLink, 'last_status' | 'last_error'>): string {
  if (link.last_status !== null) return `HTTP ${link.last_status}`;
  return link.last_error ?? 'No answer';
}

/** A check time as people read it, e.g. 'Nov 26, 2026, 3:04 PM'. */
export function checkedAt(iso: string): string {
  return parseTimestamp(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
