import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The configured driver: a local directory (default) or an S3-compatible bucket (STORAGE=s3). */
export async function createStorage(config: Pick<Config, 'storage' | 's3' | 'imagesDir' | 'imageBaseUrl'>): Promise<Storage & { close?(): void }> {
  if (config.storage === 's3' && config.s3) return new S3Storage(config.s3, config.imageBaseUrl);
  const local = new LocalStorage(config.imagesDir, config.imageBaseUrl);
  await local.init();
  return local;
}
