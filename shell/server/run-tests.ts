/**
 * `npm test` and `npm run test:reliability`: their suites, run side by side.
 *
 * `npm test`: lint, type check, the unit/component/API suites and the browser suite. Each suite waits on
 * something most of the time (the Auth emulator, the database, a browser, a page's animation), so run one
 * after another they left this 2-core machine's cores idle for much of 24 minutes. The browser suite's web
 * server builds whatever bundle is missing first (under the build lock), so it starts with the others.
 *
 * `test:reliability`: the fault-injection suite first and alone (it times outages and recoveries, which a
 * loaded machine would stretch), then the API suite on the PostgreSQL server, the long hostile-input run and
 * the browser suite's reliability cases side by side.
 *
 * Every suite runs to its end, its output kept in `.tmp/test-logs/{name}.log` and printed when it fails; the
 * run fails if any suite did. The Auth emulator is started here, once, before the suites: each suite starts
 * one only when none answers and stops the one it started when it ends, so without this the unit suite,
 * finishing first, took the browser suite's emulator away mid-run (every sign-in after that got 503).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureAuthEmulator } from '../../api/src/dev/auth-emulator';

const ROOT = path.resolve(__dirname, '../..');
const LOGS = path.join(ROOT, '.tmp', 'test-logs');

interface Suite {
  name: string;
  script: string;
  /** Runs at a lower CPU priority: lint and type check finish in minutes either way, while the browser
   * suite's build has a deadline (Playwright's web server timeout) and the tests time their steps. */
  background?: boolean;
}

/** Each plan: stages run one after another, the suites of a stage side by side. */
const PLANS: Record<string, Suite[][]> = {
  test: [
    [
      { name: 'lint', script: 'lint', background: true },
      { name: 'typecheck', script: 'typecheck', background: true },
      { name: 'unit', script: 'test:unit' },
      { name: 'e2e', script: 'test:e2e' },
    ],
  ],
  reliability: [
    [{ name: 'faults', script: 'test:faults' }],
    [
      { name: 'api-postgres', script: 'test:api:postgres' },
      { name: 'hostile', script: 'test:hostile' },
      { name: 'e2e-reliability', script: 'test:e2e:reliability' },
    ],
  ],
};

interface Outcome {
  suite: Suite;
  code: number | null;
  seconds: number;
  log: string;
}

function run(suite: Suite): Promise<Outcome> {
  const log = path.join(LOGS, `${suite.name}.log`);
  const out = createWriteStream(log);
  const started = Date.now();
  console.info(`[${suite.name}] started: npm run ${suite.script} (output in ${path.relative(ROOT, log)})`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', suite.script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    // Set before npm starts its script, so every process it starts inherits the priority.
    if (suite.background && child.pid) os.setPriority(child.pid, 10);
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end(() => {
        const seconds = (Date.now() - started) / 1000;
        console.info(`[${suite.name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`);
        resolve({ suite, code, seconds, log });
      });
    });
  });
}

async function main(): Promise<void> {
  const planName = process.argv[2] ?? 'test';
  const plan = PLANS[planName];
  if (!plan) throw new Error(`Unknown test plan '${planName}' (known: ${Object.keys(PLANS).join(', ')}).`);
  mkdirSync(LOGS, { recursive: true });
  const started = Date.now();
  const emulator = await ensureAuthEmulator();
  const outcomes: Outcome[] = [];
  try {
    for (const stage of plan) outcomes.push(...(await Promise.all(stage.map(run))));
  } finally {
    await emulator.stop();
  }
  const failed = outcomes.filter((outcome) => outcome.code !== 0);
  for (const outcome of failed) {
    console.info(`\n===== ${outcome.suite.name}: npm run ${outcome.suite.script} (exit ${outcome.code}) =====`);
    console.info(readFileSync(outcome.log, 'utf8'));
  }
  const total = ((Date.now() - started) / 1000).toFixed(0);
  console.info(`\n${failed.length ? `${failed.map((o) => o.suite.name).join(', ')} failed` : 'every suite passed'} (${total} s; ${outcomes.map((o) => `${o.suite.name} ${o.seconds.toFixed(0)} s`).join(', ')})`);
  process.exitCode = failed.length ? 1 : 0;
}

void main();
