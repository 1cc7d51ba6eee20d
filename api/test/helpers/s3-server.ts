import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/storage/s3-storage';

export interface TestS3Server {
  settings: S3Settings;
  /** Where objects are readable over HTTP: `${endpoint}/${bucket}`. */
  publicBaseUrl: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on 127.0.0.1 with one empty bucket, files in a temporary folder; on a
 * free port unless `port` is given (the cluster test uses its own fixed ports).
 */
export async function startS3Server(bucket = 'battledeck-test', port = 0): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bd-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    settings: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    publicBaseUrl: `${endpoint}/${bucket}`,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
