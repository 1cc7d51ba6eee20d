import fp from 'fastify-plugin';
import { runCheckPass, type CheckPassSummary } from '../services/store-link-check-service';
import { createRunLock } from '../store-links/run-lock';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs one checker pass now (or one part's links) under the same lock as the schedule; undefined when it did not run. */
    runStoreLinkCheck: (scope?: { partId?: number }) => Promise<CheckPassSummary | undefined>;
  }
}

/**
 * The store-link checker's schedule (issue 20 item 5): a pass every STORE_LINK_CHECK_INTERVAL_MS (off when 0,
 * the default in tests), the first one an interval after start. With REDIS_URL only the instance holding the
 * lock runs a pass; without it this process does. The lock is renewed while a pass
 * runs (run-lock): its life is only how long a holder that died keeps the others waiting.
 */
export default fp(
  async (app) => {
    const options = app.config.storeLinkCheck;
    // The shared connection (plugins/redis); unreachable, a pass is skipped (createRunLock).
    const redis = app.redis;
    const lockTtlMs = Math.max(60_000, options.timeoutMs * 3);
    const lock = createRunLock(redis, `${app.config.rateLimitNamespace}store-link-check:lock`, lockTtlMs, (error) =>
      app.log.warn({ err: error }, 'store-link check lock unavailable; this pass is skipped'),
    );

    const run = (scope: { partId?: number } = {}) =>
      lock.run(async () => {
        const summary = await runCheckPass({ db: app.db, log: app.log, options }, scope);
        // Where to buy shows the new marks at once, on every instance (the same invalidation as an API write).
        if (summary.checked > 0) await app.clearResponseCache?.();
        return summary;
      });
    app.decorate('runStoreLinkCheck', run);

    let timer: NodeJS.Timeout | undefined;
    if (options.intervalMs > 0) {
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          void run().catch((error: unknown) => app.log.error({ err: error }, 'store-link check pass failed'));
        }, options.intervalMs);
        timer.unref();
      });
    }
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      // A pass in flight is not awaited (shutdown stays quick); its next write fails and is logged.
    });
  },
  { name: 'store-link-schedule', dependencies: ['config', 'database', 'redis'] },
);
