import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { assertKey, PRIVATE_PREFIX, type Storage } from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, s3rver); unset for AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

async function toBuffer(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Images in an S3-compatible bucket, served to browsers from IMAGE_BASE_URL (the bucket or a CDN in front).
 * Objects are written whole with their length, and checksums are only sent when the service requires them,
 * so S3-compatible servers store the bytes exactly as given.
 */
export class S3Storage implements Storage {
  readonly driver = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly baseUrl: string,
  ) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const bytes = await toBuffer(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: assertKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
        // Names are random and never reused: a CDN may keep public ones forever; private ones are never
        // served from the bucket (the API streams them with its own headers).
        CacheControl: key.startsWith(`${PRIVATE_PREFIX}/`) ? 'private, no-store' : 'public, max-age=31536000, immutable',
      }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: assertKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: assertKey(key) }));
      return true;
    } catch (error) {
      if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound')) return false;
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: assertKey(key) }));
      return response.Body ? Buffer.from(await response.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey')) return undefined;
      throw error;
    }
  }

  url(key: string): string {
    return `${this.baseUrl}/${assertKey(key)}`;
  }

  close(): void {
    this.client.destroy();
  }
}
