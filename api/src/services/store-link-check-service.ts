import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { listDueLinks, recordCheck, recordDeferredCheck, type DueLink } from '../repositories/store-link-checks-repository';
import { linkHost, runPerHost } from '../store-links/host-pacer';
import { PROBE_ERRORS, probeLink, type ProbeResult } from '../store-links/probe-link';
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
 * True when a pass over two or more hosts got no HTTP answer from any of them: then the fault is on our
 * side (no network, no DNS), and recording it would mark every link broken at once.
 */
export function checkerLooksOffline(results: readonly ProbeResult[], hosts: number): boolean {
  const refusedByPolicy = new Set<string>([PROBE_ERRORS.scheme, PROBE_ERRORS.credentials, PROBE_ERRORS.notPublic]);
  const noAnswer = (r: ProbeResult) => r.status === null && r.outcome === 'failed' && !refusedByPolicy.has(r.error ?? '');
  return hosts >= 2 && results.length > 0 && results.every(noAnswer);
}

/**
 * One pass of the checker: the links due now (or one part's links), grouped by host and visited politely
 * (runPerHost: one request at a time per host, spaced, a cap across hosts), then the results stored, unless
 * no host answered at all (checkerLooksOffline). A 429 is no verdict: the link only goes to the back of the queue.
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
  const results: { link: DueLink; result: ProbeResult; checkedAt: Date }[] = [];
  await runPerHost(
    links,
    (link: DueLink) => linkHost(link.url),
    async (link) => {
      try {
        results.push({ link, result: await probe(link.url, options), checkedAt: new Date() });
      } catch (error) {
        log.warn({ err: error, part_id: link.part_id, store_id: link.store_id }, 'store-link check of one link failed');
      }
    },
    { concurrency: options.concurrency, spacingMs: options.hostSpacingMs },
  );
  const summary: CheckPassSummary = { checked: 0, ok: 0, failed: 0 };
  if (checkerLooksOffline(results.map((r) => r.result), new Set(results.map((r) => linkHost(r.link.url))).size)) {
    // No host answered at all: the checker's own network (or DNS) is down, not every store at once.
    log.warn({ due: links.length }, 'store-link check pass: no store answered; nothing recorded (is this machine offline?)');
    return summary;
  }
  for (const { link, result, checkedAt } of results) {
    try {
      // A 429 is the store asking us to slow down, not a verdict on the link.
      if (result.outcome === 'inconclusive') {
        await recordDeferredCheck(db, link, { status: result.status, checkedAt });
        continue;
      }
      await recordCheck(db, link, { ok: result.outcome === 'ok', status: result.status, error: result.error, checkedAt });
      summary.checked += 1;
      summary[result.outcome] += 1;
    } catch (error) {
      // One link's trouble (the database busy, say) must not end the pass: the link stays due.
      log.warn({ err: error, part_id: link.part_id, store_id: link.store_id }, 'store-link check of one link failed');
    }
  }
  if (links.length > 0) log.info({ ...summary, due: links.length }, 'store-link check pass');
  return summary;
}
