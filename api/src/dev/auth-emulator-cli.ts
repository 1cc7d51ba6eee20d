import path from 'node:path';
import { loadConfig } from '../config';
import { AUTH_EMULATOR, ensureAuthEmulator } from './auth-emulator';

/**
 * `npm run emulator -w api`: runs the Auth emulator in the foreground, keeping its accounts in
 * DATA_DIR/auth across restarts. Ctrl-C stops it (and exports the accounts).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const importDir = path.join(config.dataDir, 'auth');
  const emulator = await ensureAuthEmulator({ importDir, exportOnExit: true, output: 'inherit' });
  if (!emulator.started) {
    console.info(`An Auth emulator is already running on ${AUTH_EMULATOR.url}.`);
    return;
  }
  console.info(`Auth emulator ready on ${AUTH_EMULATOR.url} (project ${AUTH_EMULATOR.projectId}); accounts kept in ${importDir}.`);
  // Signal listeners alone do not keep Node running; this timer does, until one arrives.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  const stopped = await Promise.race([
    new Promise<'signal'>((resolve) => {
      process.once('SIGINT', () => resolve('signal'));
      process.once('SIGTERM', () => resolve('signal'));
    }),
    emulator.exited.then(() => 'exited' as const),
  ]);
  clearInterval(keepAlive);
  if (stopped === 'exited') {
    console.error('The Auth emulator stopped on its own.');
    process.exit(1);
  }
  await emulator.stop();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
