import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 binaries; PG_BIN overrides for another layout. */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ThrowawayPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:{port}/postgres */
  url: string;
  /** `pg_ctl stop -m fast`: connections are cut, the server is gone until start(). */
  stop(): Promise<void>;
  /** `pg_ctl start -w`: resolves once the server accepts connections. */
  start(): Promise<void>;
  /** Stops the server (immediately) and deletes its data directory. */
  destroy(): Promise<void>;
}

/**
 * PostgreSQL refuses to run as root: as root the commands run as the `postgres` user, otherwise as
 * whoever runs the tests.
 */
async function asPostgres(command: string, args: string[]): Promise<void> {
  const binary = path.join(PG_BIN, command);
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', binary, ...args]);
  else await run(binary, args);
}

/**
 * A PostgreSQL cluster of its own on `port` (never the machine's main server on 5432, which other
 * engineers and CI share): initdb without fsync, so it starts in about a second, and deleted afterwards.
 */
export async function startThrowawayPostgres(port: number): Promise<ThrowawayPostgres> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `battledeck-pg-${port}-`));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (process.getuid?.() === 0) await run('chown', ['postgres:', dir]);
  await asPostgres('initdb', ['--no-sync', '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '-D', dataDir]);
  // Its own socket directory and only TCP on 127.0.0.1: nothing it creates can collide with the main server.
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off`;
  const start = () => asPostgres('pg_ctl', ['start', '-w', '-t', '30', '-D', dataDir, '-l', logFile, '-o', serverOptions]);
  const stop = (mode: 'fast' | 'immediate') => asPostgres('pg_ctl', ['stop', '-w', '-m', mode, '-D', dataDir]);
  await start();
  // Should the test process die without destroy(), the server must not outlive it.
  const stopOnExit = () => {
    const binary = path.join(PG_BIN, 'pg_ctl');
    const args = ['stop', '-m', 'immediate', '-D', dataDir];
    if (process.getuid?.() === 0) spawnSync('runuser', ['-u', 'postgres', '--', binary, ...args]);
    else spawnSync(binary, args);
  };
  process.once('exit', stopOnExit);
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: () => stop('fast'),
    async destroy() {
      process.removeListener('exit', stopOnExit);
      await stop('immediate').catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
