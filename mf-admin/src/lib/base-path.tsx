import { createContext, useContext, type ReactNode } from 'react';

const BasePathContext = createContext('/admin');

/** Where the shell mounted the admin remote ('/admin'); links between its pages start with it. */
export function BasePathProvider({ basePath, children }: { basePath: string; children: ReactNode }) {
  return <BasePathContext.Provider value={basePath.replace(/\/$/, '')}>{children}</BasePathContext.Provider>;
}

export function useBasePath(): string {
  return useContext(BasePathContext);
}
