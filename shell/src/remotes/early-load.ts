import type { RemoteName } from '@battledeck/shared/remote';
import { loadRemoteApp } from './remote-registry';

/** The remote of each area by its first path segment. Not the admin one: it only ever loads for admins. */
const AREA_REMOTES: Partial<Record<string, RemoteName>> = {
  battlestations: 'mf_battlestations',
  parts: 'mf_parts',
  profile: 'mf_profile',
};

/**
 * Starts loading the remote of the page being opened while the shell's own files still download, instead
 * of once the shell has rendered its route: remotes.json, the remote's entry, its App and the shared
 * modules it needs then travel in parallel with the shell. The route's RemoteSection joins this load.
 */
export function preloadRouteRemote(pathname: string): void {
  const name = AREA_REMOTES[pathname.split('/')[1] ?? ''];
  // A failure is the RemoteSection's to show (and retry): it finds no load in progress and starts one.
  if (name) loadRemoteApp(name).catch(() => {});
}
