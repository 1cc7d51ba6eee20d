/**
 * Back/forward moves a page may hold (unsaved changes, ADR 012 addendum). The router follows every
 * `popstate` with the first listener it added, and the page's own listener, added later, would run only
 * after the page was gone. So the host adds one listener before its router starts; it asks the pages'
 * guards first, and a guard that takes the event keeps it from the router.
 */
export type TraversalGuard = (event: PopStateEvent) => boolean;

const guards = new Set<TraversalGuard>();
let installed = false;

/** The host calls this before it renders its router (the standalone dev mount does too). */
export function installTraversalGuards(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', (event) => {
    for (const guard of guards) {
      if (guard(event)) {
        event.stopImmediatePropagation();
        return;
      }
    }
  });
}

/** Registers a guard that returns true when it takes the event; the returned function removes it. */
export function guardTraversal(guard: TraversalGuard): () => void {
  guards.add(guard);
  return () => {
    guards.delete(guard);
  };
}
