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
  /** Writes not finished yet: a photo's copies are written side by side, and one may fail before the rest. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(readonly storage: Storage) {}

  /** Writes a file of ours; its type follows from its name (a web copy, `_thumb` or a width copy). */
  async put(key: string, body: Buffer | Readable): Promise<void> {
    // Recorded before writing: a write that fails halfway is cleaned up too.
    this.keys.push(key);
    const write = this.storage.put(key, body, contentTypeOf(key));
    this.inFlight.add(write);
    try {
      await write;
    } finally {
      this.inFlight.delete(write);
    }
  }

  get written(): readonly string[] {
    return this.keys;
  }

  /**
   * Deletes everything written so far, once the writes still running have ended (deleted before, a slow
   * write would land after its delete and stay); failures are logged, never thrown over the original error.
   */
  async removeAll(log?: Logger): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
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
