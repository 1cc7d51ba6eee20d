import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';

/** Helpers of the admin and stores API tests: real images, multipart forms, the image folder, a local image server. */

export async function jpegBytes(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } }).jpeg().toBuffer();
}

export async function pngBytes(width = 90, height = 60): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#c0392b' } }).png().toBuffer();
}

/** A multipart body as the part form sends it: arrays and objects as JSON text, the image as a file. */
export function partForm(fields: Record<string, unknown>, image?: { bytes: Buffer; name?: string; type?: string }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  if (image) form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/jpeg' }), image.name ?? 'part.jpg');
  return form;
}

/** The file names under `{imagesDir}/{folder}`, sorted. */
export async function imageFiles(imagesDir: string, folder: 'parts' | 'battlestations' = 'parts'): Promise<string[]> {
  return (await fs.readdir(path.join(imagesDir, folder))).filter((f) => !f.endsWith('.tmp')).sort();
}

export interface LocalServer {
  origin: string;
  port: number;
  /** Paths requested so far. */
  hits: string[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 with a handler per path; unknown paths answer 404. */
export async function startLocalServer(routes: Record<string, http.RequestListener>): Promise<LocalServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    hits.push(url.pathname);
    const handler = routes[url.pathname];
    if (handler) return handler(req, res);
    res.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
