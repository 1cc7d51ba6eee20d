import type { RemoteModule, RemoteName } from '@battledeck/shared/remote';
import { createContext, useContext } from 'react';
import { loadedRemoteApp } from './remote-registry';

/** Remote modules a render has in hand before it starts: the server's, loaded for the page it renders. */
export const PreloadedRemotesContext = createContext<Partial<Record<RemoteName, RemoteModule>>>({});

/**
 * The remote's App module if it is already here (on the server, or in the browser once loaded — the
 * browser loads a server-rendered page's remote before hydrating), so the section renders it at once.
 */
export function useLoadedRemote(name: RemoteName): RemoteModule | undefined {
  return useContext(PreloadedRemotesContext)[name] ?? loadedRemoteApp(name);
}
