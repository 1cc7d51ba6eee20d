import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_TIMEOUT_MS, type RemoteModule, type RemoteName } from '@battledeck/shared/remote';
import { remoteBaseUrl, removePendingRemoteFiles } from './pending-remote-files';
import { provideRuntimeCore } from './provide-runtime-core';
import { containerInitialised, countRetry, retryEntryPlugin } from './retry-entry-plugin';

/** remotes.json: each remote's current mf-manifest.json URL, fetched at run time so remotes deploy alone. */
type RemotesManifest = Partial<Record<RemoteName, string>>;

let manifest: Promise<RemotesManifest> | null = null;
const modules = new Map<RemoteName, Promise<RemoteModule>>();
/** The modules that have arrived, for a render that must not wait (hydrating a server-rendered page). */
const arrived = new Map<RemoteName, RemoteModule>();
const registered = new Set<RemoteName>();
/** The runtime core handed to the remotes and our runtime plugin registered: done before the first remote. */
let runtimePrepared = false;

function fetchManifest(): Promise<RemotesManifest> {
  // A hung remotes.json must fail (and be forgotten) within the limit, or every retry would wait on it.
  manifest ??= fetch('/remotes.json', { cache: 'no-cache', signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) }).then((response) => {
    if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
    return response.json() as Promise<RemotesManifest>;
  });
  manifest.catch(() => (manifest = null));
  return manifest;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function load(name: RemoteName): Promise<RemoteModule> {
  const entries = await fetchManifest();
  const entry = entries[name];
  if (!entry) throw new Error(`${name} is not listed in remotes.json`);
  if (!runtimePrepared) {
    provideRuntimeCore();
    registerPlugins([retryEntryPlugin]);
    runtimePrepared = true;
  }
  // Once the container is up, a failure was a slow or failed chunk: loading again reuses the container (and
  // joins a chunk still on its way); registering it anew would clash with the shared modules it provided.
  const retry = registered.has(name) && !containerInitialised(name);
  if (retry) {
    // A retry requests the remote's unfinished files anew (its entry under a fresh URL) instead of waiting on hung ones…
    removePendingRemoteFiles(remoteBaseUrl(entry));
    countRetry(name);
  }
  // …and a second registration clears what the runtime cached of the failed attempt.
  registerRemotes([{ name, entry }], { force: retry });
  registered.add(name);
  const module = await loadRemote<RemoteModule>(`${name}/App`);
  if (!module || typeof module.default !== 'function') throw new Error(`${name} did not expose an App component`);
  return module;
}

/** The remote's App module, loaded once; a failure is forgotten so the next call retries. */
export function loadRemoteApp(name: RemoteName, timeoutMs = REMOTE_TIMEOUT_MS): Promise<RemoteModule> {
  let pending = modules.get(name);
  if (!pending) {
    pending = withTimeout(load(name), timeoutMs, name);
    pending.then(
      (module) => arrived.set(name, module),
      () => modules.delete(name),
    );
    modules.set(name, pending);
  }
  return pending;
}

/**
 * Remotes that failed to load while a server-rendered page waited for them before hydrating (bootstrap):
 * their section starts at the fallback instead of waiting out the limit a second time.
 */
const failedAtStart = new Set<RemoteName>();

export function markFailedAtStart(name: RemoteName): void {
  failedAtStart.add(name);
}

/** Whether the page's first load of this remote failed; asked once, by the section that shows it. */
export function takeFailedAtStart(name: RemoteName): boolean {
  return failedAtStart.delete(name);
}

/** The remote's App module if it has already loaded. */
export function loadedRemoteApp(name: RemoteName): RemoteModule | undefined {
  return arrived.get(name);
}
