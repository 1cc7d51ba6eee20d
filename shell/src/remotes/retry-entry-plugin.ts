import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_TIMEOUT_MS } from '@battledeck/shared/remote';

/** Retries so far, per remote name; a retried remote's entry script gets a URL of its own. */
const retries = new Map<string, number>();

/** Remotes whose entry loaded and whose container initialised (its shared modules are in the share scope). */
const initialised = new Set<string>();

export function containerInitialised(name: string): boolean {
  return initialised.has(name);
}

export function countRetry(name: string): void {
  retries.set(name, (retries.get(name) ?? 0) + 1);
}

/** `url` with `retry=n` added: a new request even while the browser still waits on the old URL. */
export function retryUrl(url: string, attempt: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
}

/**
 * The browser makes one request per URL at a time: a new <script> for an entry whose request hangs waits on
 * that same request, so "Try again" would hang too. A retried remote's entry is therefore requested under
 * `?retry=n` (the files are immutable, the server ignores the query). Every entry also gives up after the
 * shell's limit instead of the runtime's 20 s, so its element is gone by the time the fallback shows.
 */
export const retryEntryPlugin: ModuleFederationRuntimePlugin = {
  name: 'battledeck-retry-entry',
  createScript({ url, remoteInfo }) {
    const attempt = remoteInfo ? (retries.get(remoteInfo.name) ?? 0) : 0;
    if (attempt === 0) return { timeout: REMOTE_TIMEOUT_MS };
    const script = document.createElement('script');
    script.src = retryUrl(url, attempt);
    return { script, timeout: REMOTE_TIMEOUT_MS };
  },
  initContainer(args) {
    initialised.add(args.remoteInfo.name);
    return args;
  },
};
