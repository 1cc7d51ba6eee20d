import type { ComponentType } from 'react';

/** What the shell gives a remote's App. */
export interface RemoteAppProps {
  /** Where the shell mounted the remote, e.g. '/battlestations'. Routes inside are relative to it. */
  basePath: string;
}

/** The contract every remote's exposed `./App` satisfies. */
export interface RemoteModule {
  default: ComponentType<RemoteAppProps>;
}

/** Federation names of the four remotes, as listed in remotes.json. */
export const REMOTE_NAMES = ['mf_battlestations', 'mf_parts', 'mf_profile', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * How long a remote may take to arrive before its section shows the retry panel (the shell's loader uses
 * it; the browser tests of federation faults measure against it).
 */
export const REMOTE_TIMEOUT_MS = 8000;
