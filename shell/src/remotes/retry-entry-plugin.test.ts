import { REMOTE_TIMEOUT_MS } from '@battledeck/shared/remote';
import { containerInitialised, countRetry, retryEntryPlugin, retryUrl } from './retry-entry-plugin';

type CreateScript = (args: { url: string; remoteInfo?: { name: string } }) => { script?: HTMLScriptElement; timeout?: number };
const createScript = retryEntryPlugin.createScript as unknown as CreateScript;
const entry = 'http://localhost/remotes/mf-parts/remoteEntry.abc.js';

describe('retryEntryPlugin', () => {
  it("lets a first attempt load the entry at its own URL, within the shell's limit", () => {
    expect(createScript({ url: entry, remoteInfo: { name: 'mf_profile' } })).toEqual({ timeout: REMOTE_TIMEOUT_MS });
  });

  it('requests a retried remote’s entry under a URL of its own, one per retry', () => {
    countRetry('mf_parts');
    expect(createScript({ url: entry, remoteInfo: { name: 'mf_parts' } }).script?.src).toBe(`${entry}?retry=1`);
    countRetry('mf_parts');
    const second = createScript({ url: entry, remoteInfo: { name: 'mf_parts' } });
    expect(second.script?.src).toBe(`${entry}?retry=2`);
    expect(second.timeout).toBe(REMOTE_TIMEOUT_MS);
    // Other remotes are not affected.
    expect(createScript({ url: entry, remoteInfo: { name: 'mf_admin' } }).script).toBeUndefined();
  });

  it('remembers which containers initialised, so a retry reuses them instead of registering them anew', async () => {
    type InitContainer = (args: { remoteInfo: { name: string } }) => Promise<unknown> | unknown;
    const initContainer = retryEntryPlugin.initContainer as unknown as InitContainer;
    expect(containerInitialised('mf_profile')).toBe(false);
    const args = { remoteInfo: { name: 'mf_profile' } };
    expect(await initContainer(args)).toBe(args);
    expect(containerInitialised('mf_profile')).toBe(true);
    expect(containerInitialised('mf_admin')).toBe(false);
  });

  it('adds to an existing query', () => {
    expect(retryUrl('/remotes/x/remoteEntry.js?v=3', 2)).toBe('/remotes/x/remoteEntry.js?v=3&retry=2');
  });
});
