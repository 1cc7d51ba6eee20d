/** Gives the main thread back: what follows runs in a later task, after the browser painted and took input. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
