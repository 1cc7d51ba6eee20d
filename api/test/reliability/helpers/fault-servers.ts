import http from 'node:http';
import net from 'node:net';

export interface FaultServer {
  address: string;
  close(): Promise<void>;
}

/** Accepts connections and never answers: an identity service that hangs (overloaded, half-dead proxy). */
export async function startHangingServer(port: number): Promise<FaultServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface DelayingProxy extends FaultServer {
  /** `METHOD path -> status` of every request forwarded so far. */
  forwarded: string[];
}

/**
 * Forwards every request to `target` (host:port), those whose path `slow` matches after `delayMs`: a working
 * identity service that is slow at some calls.
 */
export async function startDelayingProxy(port: number, target: string, delayMs: number, slow: RegExp = /./): Promise<DelayingProxy> {
  const [targetHost, targetPort] = target.split(':');
  const forwarded: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        const upstream = http.request(
          { host: targetHost, port: Number(targetPort), method: request.method, path: request.url, headers: request.headers },
          (answer) => {
            forwarded.push(`${request.method} ${request.url?.split('?')[0]} -> ${answer.statusCode}`);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', () => response.destroy());
        upstream.end(Buffer.concat(chunks));
      }, slow.test(request.url?.split('?')[0] ?? '') ? delayMs : 0);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${port}`,
    forwarded,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** True when nothing accepts connections on 127.0.0.1:`port`. */
export function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
