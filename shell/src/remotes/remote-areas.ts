import type { RemoteName } from '@battledeck/shared/remote';

/** A feature area: a remote mounted under the site's first path segment. */
export interface RemoteArea {
  segment: string;
  remote: RemoteName;
  /** Signed-out visitors are sent to sign in instead. */
  signedInOnly: boolean;
}

/**
 * The areas the route table mounts and the early load starts on a cold open (one table, so the two
 * cannot disagree). The admin remote is not among them: AdminGate loads it, for admins only.
 */
export const REMOTE_AREAS: readonly RemoteArea[] = [
  { segment: 'battlestations', remote: 'mf_battlestations', signedInOnly: false },
  // People pages (SPEC decision 29): a member's stations, shown with the battlestations remote's cards.
  { segment: 'users', remote: 'mf_battlestations', signedInOnly: false },
  { segment: 'parts', remote: 'mf_parts', signedInOnly: false },
  { segment: 'profile', remote: 'mf_profile', signedInOnly: true },
];
