import { REMOTE_AREAS } from './remote-areas';
import { loadRemoteApp } from './remote-registry';

/**
 * Starts loading the remote of the page being opened while the shell's own files still download, instead
 * of once the shell has rendered its route: remotes.json, the remote's entry, its App and the shared
 * modules it needs then travel in parallel with the shell. The route's RemoteSection joins this load.
 */
export function preloadRouteRemote(pathname: string): void {
  const segment = pathname.split('/')[1];
  const name = REMOTE_AREAS.find((area) => area.segment === segment)?.remote;
  // A failure is the RemoteSection's to show (and retry): it finds no load in progress and starts one.
  if (name) loadRemoteApp(name).catch(() => {});
}
