import { createContext, useContext, type ReactNode } from 'react';

const BasePathContext = createContext('/battlestations');

/** Where the shell mounted this remote, so pages can link to a station (`${basePath}/${id}`). */
export function BasePathProvider({ basePath, children }: { basePath: string; children: ReactNode }) {
  return <BasePathContext.Provider value={basePath.replace(/\/$/, '')}>{children}</BasePathContext.Provider>;
}

export function useBasePath(): string {
  return useContext(BasePathContext);
}
