import type { Readable } from 'node:stream';
import type { Logger } from '../lib/logger';
import type { Storage } from '../storage/storage';
import { contentTypeOf } from './image-names';

/**
 * Remembers every file a request writes so that, if the request fails, none stay behind
 * (ARCHITECTURE §3: a failed request leaves no files and no rows). Usage:
 *
 *   await withWrittenFiles(app.storage, app.log, async (files) => {
 *     const photo = await storeImage(files, 'battlestations', buffer);
 *     await db.transaction(...);   // if this throws, the photo's files are deleted
 *   });
 */
export class WrittenFiles {
  private readonly keys: string[] = [];

  constructor(readonly storage: Storage) {}

  /** Writes a file of ours; its type follows from its name (a web copy, `_thumb` or a width copy). */
  async put(key: string, body: Buffer | Readable): Promise<void> {
    // Recorded before writing: a write that fails halfway is cleaned up too.
    this.keys.push(key);
    await this.storage.put(key, body, contentTypeOf(key));
  }

  get written(): readonly string[] {
    return this.keys;
  }

  /** Deletes everything written so far; failures are logged, never thrown over the original error. */
  async removeAll(log?: Logger): Promise<void> {
    const keys = this.keys.splice(0);
    const results = await Promise.allSettled(keys.map((key) => this.storage.delete(key)));
    results.forEach((result, i) => {
      if (result.status === 'rejected') log?.error({ err: result.reason, key: keys[i] }, 'could not delete a written file');
    });
  }
}

export async function withWrittenFiles<T>(
  storage: Storage,
  log: Logger,
  work: (files: WrittenFiles) => Promise<T>,
): Promise<T> {
  const files = new WrittenFiles(storage);
  try {
    return await work(files);
  } catch (error) {
    await files.removeAll(log);
    throw error;
  }
}
