import fp from 'fastify-plugin';
import { ConcurrencyLimit } from '../lib/concurrency-limit';
import type { LargePasses } from '../services/battlestations-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The station search's passes over many matches running at once (LARGE_SEARCH_CONCURRENCY). */
    largeSearchSlots: ConcurrencyLimit;
    /** Passes over LARGE_SEARCH_ROWS stations or more are large, and run through largeSearchSlots. */
    largeSearchPasses: LargePasses;
  }
}

/**
 * A bulkhead for the station search (issue 18, decision 015). A search's count or gathering reads every one of
 * its matches: at 1,000,000 stations two common words match 350,000 and take a core for half a second, and
 * ten such passes at once took every core of the database, so station pages and lists queued behind them
 * (p50 520 ms in the mixed trace). The large passes now take turns; everything else goes straight through.
 */
export default fp(
  async (app) => {
    const slots = new ConcurrencyLimit(app.config.largeSearchConcurrency);
    const minRows = app.config.largeSearchRows;
    app.decorate('largeSearchSlots', slots);
    const isLarge = (rows: number) => rows >= minRows;
    app.decorate('largeSearchPasses', { isLarge, run: (rows, pass) => (isLarge(rows) ? slots.run(pass) : pass()) } satisfies LargePasses);
  },
  { name: 'large-search-passes', dependencies: ['config'] },
);
