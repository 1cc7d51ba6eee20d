import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { listDueLinks, recordCheck, type DueLink } from '../repositories/store-link-checks-repository';
import { linkHost, runPerHost } from '../store-links/host-pacer';
import { probeLink, type ProbeResult } from '../store-links/probe-link';
import type { StoreLinkCheckOptions } from '../store-links/store-link-options';

export interface CheckPassDeps {
  db: Database;
  log: FastifyBaseLogger;
  options: StoreLinkCheckOptions;
  /** Injectable for tests; the real probe by default. */
  probe?: (url: string, options: StoreLinkCheckOptions) => Promise<ProbeResult>;
}

export interface CheckPassSummary {
  checked: number;
  ok: number;
  failed: number;
}

/**
 * One pass of the checker: the links due now (or one part's links), grouped by host and visited politely
 * (runPerHost: one request at a time per host, spaced, a cap across hosts), each result stored as it comes.
 * A 429 is left unrecorded: the store asked us to slow down, which says nothing about the link.
 */
export async function runCheckPass(deps: CheckPassDeps, scope: { partId?: number } = {}): Promise<CheckPassSummary> {
  const { db, log, options } = deps;
  const probe = deps.probe ?? probeLink;
  const links = await listDueLinks(db, {
    limit: scope.partId === undefined ? options.batchSize : 100,
    recheckAfterMs: options.recheckAfterMs,
    retryAfterMs: options.retryAfterMs,
    now: new Date(),
    partId: scope.partId,
  });
  const summary: CheckPassSummary = { checked: 0, ok: 0, failed: 0 };
  await runPerHost(
    links,
    (link: DueLink) => linkHost(link.url),
    async (link) => {
      try {
        const result = await probe(link.url, options);
        if (result.outcome === 'inconclusive') return;
        await recordCheck(db, link, { ok: result.outcome === 'ok', status: result.status, error: result.error, checkedAt: new Date() });
        summary.checked += 1;
        summary[result.outcome] += 1;
      } catch (error) {
        // One link's trouble (the database busy, say) must not end the pass: the link stays due.
        log.warn({ err: error, part_id: link.part_id, store_id: link.store_id }, 'store-link check of one link failed');
      }
    },
    { concurrency: options.concurrency, spacingMs: options.hostSpacingMs },
  );
  if (links.length > 0) log.info({ ...summary, due: links.length }, 'store-link check pass');
  return summary;
}
