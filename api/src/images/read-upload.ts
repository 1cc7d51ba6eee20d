import type { Readable } from 'node:stream';
import { BATTLESTATION_MESSAGES, LIMITS } from '@battledeck/shared/contract';
import { payloadTooLarge } from '../errors';

/**
 * Collects a streamed multipart file (`part.file`) into memory, at most `maxBytes`. @fastify/multipart
 * stops a file at its `fileSize` limit and only marks it `truncated`; that is checked here.
 */
export async function readUpload(file: Readable & { truncated?: boolean }, maxBytes: number = LIMITS.imageMaxBytes): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > maxBytes) {
      file.resume();
      throw payloadTooLarge(BATTLESTATION_MESSAGES.fileTooLarge);
    }
    chunks.push(buffer);
  }
  if (file.truncated) throw payloadTooLarge(BATTLESTATION_MESSAGES.fileTooLarge);
  return Buffer.concat(chunks);
}
