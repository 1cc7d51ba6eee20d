import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** Uploads cut off mid-stream over a real socket, and what they leave on disk (issue 7 part 4). */

export interface PartialRequest {
  port: number;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** How many bytes of the body to send before the client disappears. */
  sendBytes: number;
  /** How long to stay connected after the last byte (lets the server get into its work). */
  lingerMs: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the head with the full Content-Length, then `sendBytes` of the body in pieces, then destroys the socket. */
export async function abortedUpload(request: PartialRequest): Promise<void> {
  const socket = net.connect(request.port, '127.0.0.1');
  socket.on('error', () => undefined); // the server may answer and close first; either way the client leaves
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const head = [`POST ${request.path} HTTP/1.1`, 'Host: 127.0.0.1', `Content-Length: ${request.body.length}`, ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`)];
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  const piece = 16 * 1024;
  for (let at = 0; at < request.sendBytes && !socket.destroyed; at += piece) {
    socket.write(request.body.subarray(at, Math.min(at + piece, request.sendBytes)));
    await pause(2);
  }
  await pause(request.lingerMs);
  socket.destroy();
}

/** Every file under `dir`, temporary ones included, as paths relative to it. */
export async function allFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Waits until `read()` has equalled `expected` for `quietMs` in a row (the server has settled), or gives up
 * after `timeoutMs` and answers the last value, for the test to show.
 */
export async function settled<T>(read: () => Promise<T>, expected: T, { quietMs = 1500, timeoutMs = 20_000 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let since: number | undefined;
  let value = await read();
  while (Date.now() < deadline) {
    const same = JSON.stringify(value) === JSON.stringify(expected);
    since = same ? (since ?? Date.now()) : undefined;
    if (since !== undefined && Date.now() - since >= quietMs) return value;
    await pause(100);
    value = await read();
  }
  return value;
}
