import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMAGE_FOLDERS } from '@battledeck/shared/contract';
import { assertKey, PRIVATE_PREFIX, type Storage } from './storage';

/** Files under one directory; each is written to a temporary name then renamed, so readers never see half a file. */
export class LocalStorage implements Storage {
  readonly driver = 'local';

  constructor(
    readonly root: string,
    private readonly baseUrl: string,
  ) {}

  async init(): Promise<void> {
    const folders = [...IMAGE_FOLDERS, `${PRIVATE_PREFIX}/battlestations`];
    await Promise.all(folders.map((folder) => fs.mkdir(path.join(this.root, folder), { recursive: true })));
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await fs.writeFile(temp, body);
      else await pipeline(body, createWriteStream(temp));
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  url(key: string): string {
    return `${this.baseUrl}/${assertKey(key)}`;
  }

  private pathOf(key: string): string {
    return path.join(this.root, assertKey(key));
  }
}
