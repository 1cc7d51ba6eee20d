/**
 * Gives the main thread back: what follows runs in a later task, after the browser has painted and taken input.
 * An unshared entry point (webpack.common.js): the federation runtime plugin needs it before any share exists.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
