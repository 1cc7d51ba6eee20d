import * as runtimeCore from '@module-federation/runtime-core';

/** The global a remote built with `experiments.externalRuntime` reads the federation runtime core from. */
const GLOBAL_NAME = '_FEDERATION_RUNTIME_CORE';

/**
 * The remotes' browser builds leave the federation runtime core out (`experiments.externalRuntime`) and use
 * the shell's: one copy on a page instead of one per bundle (ADR 001 addendum). The package's own provider
 * (`provideExternalRuntime`) brings a second, CommonJS copy into the shell; this one is the copy the shell's
 * runtime already runs. It must be in place before a remote's entry runs: the registry calls it first.
 */
export function provideRuntimeCore(): void {
  const global = globalThis as Record<string, unknown>;
  global[GLOBAL_NAME] ??= runtimeCore;
}
