import type { Server, ServerResponse } from 'node:http';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process gives up and exits 1. */
const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * Makes every response written from now on end its connection (`Connection: close`). Node closes idle
 * keep-alive connections once, when the server starts closing; a connection whose request finishes later
 * would stay open until the client or the keep-alive timeout (72 s) ends it, and hold up the exit.
 */
function endConnectionsAfterResponse(server: Server): () => void {
  const open = new Set<ServerResponse>();
  let closing = false;
  server.on('request', (_request, response: ServerResponse) => {
    if (closing) response.shouldKeepAlive = false;
    open.add(response);
    response.once('close', () => open.delete(response));
  });
  return () => {
    closing = true;
    for (const response of open) if (!response.headersSent) response.shouldKeepAlive = false;
  };
}

/** Starts the API: `tsx api/src/server.ts`. Everything else lives in app.ts. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });
  const startClosing = endConnectionsAfterResponse(app.server);
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      startClosing();
      // Stop listening, let in-flight requests finish, then close the pool (or flush PGlite), but never hang forever.
      const timer = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS);
      timer.unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error('The API could not start:', error);
  process.exit(1);
});
