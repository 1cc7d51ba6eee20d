import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A browser build's federation runtime loads every shared module a chunk consumes in one run of promise
 * callbacks: on a page's start that was one 120-200 ms task (ADR 012, "The shell's start in slices").
 * Giving the main thread back before each share lets the browser paint and answer input between them.
 */
const yieldToMain = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export default function yieldBetweenShares(): ModuleFederationRuntimePlugin {
  return {
    name: 'battledeck-yield-between-shares',
    async beforeLoadShare(args) {
      await yieldToMain();
      return args;
    },
  };
}
