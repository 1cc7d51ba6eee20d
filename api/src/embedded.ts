import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildApp } from './app';
import { loadConfig } from './config';

/** The API inside the site's process (`npm start`, ADR 012): the site hands it /api and /images. */
export interface EmbeddedApi {
  /** Answers one request (its URL already the path the site routed). */
  handle(request: IncomingMessage, response: ServerResponse): void;
  close(): Promise<void>;
}

/**
 * Builds the API from `env` as server.ts would and listens on its own port as well (API_HOST:API_PORT, for
 * the server renderer's data requests and for tools), so the site answers /api without a proxy hop.
 */
export async function startEmbeddedApi(env: NodeJS.ProcessEnv): Promise<EmbeddedApi> {
  const config = loadConfig(env);
  const app = await buildApp({ config });
  await app.listen({ host: config.host, port: config.port });
  return { handle: (request, response) => app.routing(request, response), close: () => app.close() };
}
