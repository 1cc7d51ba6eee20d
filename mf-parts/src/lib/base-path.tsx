import { createContext, useContext, type ReactNode } from 'react';

const BasePathContext = createContext('/parts');

/** Where the shell mounted this remote ('/parts'); links to the remote's own pages start with it. */
export function BasePathProvider({ basePath, children }: { basePath: string; children: ReactNode }) {
  return <BasePathContext.Provider value={basePath.replace(/\/$/, '')}>{children}</BasePathContext.Provider>;
}

export function useBasePath(): string {
  return useContext(BasePathContext);
}

/** The remote's paths: the catalogue (optionally of one category) and a part's page. */
export const partPaths = {
  browse: (base: string, typePath?: string) => (typePath ? `${base}/${encodeURIComponent(typePath)}` : base),
  part: (base: string, partId: number) => `${base}/view/${partId}`,
};
