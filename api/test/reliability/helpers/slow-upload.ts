import http from 'node:http';

export interface SlowUpload {
  /** Bytes of the body written so far. */
  sent(): number;
  total: number;
  /** The answer once the whole body is sent and the server replied (or the socket failed). */
  response: Promise<UploadAnswer>;
}

export interface UploadAnswer {
  status: number;
  body: string;
  /** The Connection header of the answer ('keep-alive' or 'close'). */
  connection: string | undefined;
  endedAt: number;
}

/**
 * A POST whose body trickles out in `chunkSize` pieces every `intervalMs`, like a phone uploading photos:
 * the request stays in flight for about (size / chunkSize) × intervalMs.
 */
export function slowUpload(options: {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  chunkSize: number;
  intervalMs: number;
  /** A keep-alive agent holds the connection after the answer, as browsers and proxies do. */
  agent?: http.Agent;
}): SlowUpload {
  let sent = 0;
  const response = new Promise<UploadAnswer>((resolve, reject) => {
    const request = http.request(options.url, {
      method: 'POST',
      agent: options.agent,
      headers: { ...options.headers, 'content-length': String(options.body.length) },
    });
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), connection: res.headers.connection, endedAt: Date.now() }),
      );
      res.on('error', reject);
    });
    request.on('error', reject);
    const writeNext = () => {
      if (sent >= options.body.length) {
        request.end();
        return;
      }
      const chunk = options.body.subarray(sent, sent + options.chunkSize);
      sent += chunk.length;
      request.write(chunk);
      setTimeout(writeNext, options.intervalMs);
    };
    writeNext();
  });
  return { sent: () => sent, total: options.body.length, response };
}
