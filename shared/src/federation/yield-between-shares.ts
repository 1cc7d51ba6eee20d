import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '../scheduling/next-task';

/**
 * A browser build's federation runtime loads every shared module a chunk consumes in one run of promise
 * callbacks: on a page's start that was one 120-200 ms task (ADR 012, "The shell's start in slices").
 * Giving the main thread back before each share lets the browser paint and answer input between them.
 */
export default function yieldBetweenShares(): ModuleFederationRuntimePlugin {
  return {
    name: 'battledeck-yield-between-shares',
    async beforeLoadShare(args) {
      await nextTask();
      return args;
    },
  };
}
