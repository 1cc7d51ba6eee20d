import type { RouteOptions } from 'fastify';

/**
 * Plumbing that is not a call of the contract, left out on purpose: the OpenAPI UI and its files
 * (/api/docs…) and the static image files (/images/…), which the image-serving tests cover.
 */
const PLUMBING = [/^\/api\/docs(\/|$)/, /^\/images(\/|$)/];

export interface RouteInventory {
  /** Pass as buildTestApp's `onRoute`. */
  onRoute(route: RouteOptions): void;
  /** 'METHOD /url' of every registered call, sorted; HEAD (Fastify's automatic twin of each GET) left out. */
  routes(): string[];
}

/** Records the app's route table as Fastify registers it. */
export function routeInventory(): RouteInventory {
  const seen = new Set<string>();
  return {
    onRoute(route) {
      // `POST /api/users/` and `POST /api/users` are one route (ignoreTrailingSlash).
      const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
      if (PLUMBING.some((pattern) => pattern.test(url))) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') seen.add(`${method} ${url}`);
      }
    },
    routes: () => [...seen].sort(),
  };
}
