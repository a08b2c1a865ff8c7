import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config';
import { type ByteRange, type FileStorage, type PutOptions, type StagedFile, tooLargeError } from './file-storage';

/**
 * A temp object older than this is a leftover. LocalFileStorage deletes all of tmp/ at start-up because its
 * directory belongs to one process; a bucket is shared by every replica, so a replica starting up must not delete
 * another's upload in progress. A day outlasts any live write (the server sets no upload deadline), and matches the
 * one-day lifecycle rule docs/deploy.md#object-storage puts on the same prefix.
 */
export const TEMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** S3's smallest multipart part: the most one put() holds in memory, whatever the file's size. */
const PART_SIZE = 5 * 1024 * 1024;

export interface S3FileStorageOptions {
  client: S3Client;
  bucket: string;
  /** Every key goes under `${prefix}/`; '' means the bucket's root. */
  prefix?: string;
  /** Temp objects older than this are swept (tests shorten it). */
  tempMaxAgeMs?: number;
  /** The clock sweepTemp compares LastModified against (tests move it on). */
  now?: () => number;
}

/** The S3 client of the S3_* settings (docs/deploy.md#object-storage). */
export function createS3Client(config: Config): S3Client {
  const credentials =
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined;
  return new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(credentials ? { credentials } : {}),
    // Since SDK 3.729 every upload carries CRC32 checksums (streamed ones as aws-chunked trailers), which many
    // S3-compatible servers reject or store wrongly. Send them only where S3 requires one; our own sha256 of every
    // byte is what names and checks the content.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The storage of an app whose S3_BUCKET is set. */
export function createS3FileStorage(config: Config & { S3_BUCKET: string }): S3FileStorage {
  return new S3FileStorage({ client: createS3Client(config), bucket: config.S3_BUCKET, prefix: config.S3_PREFIX });
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound');

/**
 * Files in an S3-compatible bucket, shared by every replica (architecture, "Jobs and scale-out").
 *
 * put() streams into a temp object under `tmp/` and commit() copies it under the content key. Uploading straight
 * to the content key is impossible without holding the whole file: the key is the sha256 of bytes not yet read,
 * and S3 has no rename. So the bytes go up once as a multipart upload of 5 MiB parts (the memory bound), and
 * commit() is a server-side CopyObject (no bytes pass through us again) plus a delete of the temp object.
 * CopyObject takes objects up to 5 GB, far above UPLOAD_MAX_BYTES and PDF_FETCH_MAX_BYTES.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly tempMaxAgeMs: number;
  private readonly now: () => number;

  constructor({ client, bucket, prefix = '', tempMaxAgeMs = TEMP_MAX_AGE_MS, now = Date.now }: S3FileStorageOptions) {
    this.client = client;
    this.bucket = bucket;
    this.prefix = prefix ? `${prefix.replace(/^\/+|\/+$/g, '')}/` : '';
    this.tempMaxAgeMs = tempMaxAgeMs;
    this.now = now;
  }

  private get tempPrefix() {
    return `${this.prefix}tmp/`;
  }

  /**
   * The object key of a storage key. Keys come from pdfKeyFor, but refuse anything a path-mapping server (or a
   * later move to disk) would read as leaving the root, and the temp area, which sweepTemp empties.
   */
  private objectKey(key: string): string {
    const segments = key.split('/');
    if (key.startsWith('/') || segments.some((part) => part === '' || part === '.' || part === '..'))
      throw new Error(`Storage key outside the storage root: ${key}`);
    if (segments[0] === 'tmp') throw new Error(`Storage key inside the temp area: ${key}`);
    return `${this.prefix}${key}`;
  }

  async put(source: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<StagedFile> {
    const tempKey = `${this.tempPrefix}${randomBytes(16).toString('hex')}.part`;
    const hash = createHash('sha256');
    let size = 0;
    // What went wrong on our side of the stream; it wins over whatever the upload then reports (a failed abort
    // of the multipart upload must not turn a 413 into a 500).
    let sourceError: unknown;
    async function* measured() {
      try {
        for await (const chunk of source) {
          size += chunk.length;
          // Fails as soon as the cap is passed, before the part holding these bytes is sent.
          if (size > options.maxBytes) throw tooLargeError(options);
          hash.update(chunk);
          yield chunk;
        }
      } catch (error) {
        sourceError = error;
        throw error;
      }
    }
    const body = Readable.from(measured(), { objectMode: false });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: tempKey, Body: body },
      partSize: PART_SIZE,
      // One part in flight: with a part being read that bounds one put() to about two parts of memory.
      queueSize: 1,
      // Upload aborts its multipart upload on failure (its parts are stored and billed until then).
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // Like pipeline() in LocalFileStorage: a failed write releases the source.
      body.destroy();
      // A one-part file fails before anything is sent; removing the temp object anyway covers a failure after its
      // PutObject (best effort: sweepTemp and the bucket's lifecycle rule catch what this misses).
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: tempKey })).catch(() => undefined);
      throw sourceError ?? error;
    }
    let settled = false;
    const dropTemp = () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: tempKey }));
    return {
      hash: hash.digest('hex'),
      size,
      commit: async (key) => {
        await this.client.send(
          new CopyObjectCommand({
            Bucket: this.bucket,
            Key: this.objectKey(key),
            CopySource: `${this.bucket}/${encodeKey(tempKey)}`,
          }),
        );
        settled = true;
        // The content is in place: a failed delete only leaves a temp object for sweepTemp.
        await dropTemp().catch(() => undefined);
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        await dropTemp();
      },
    };
  }

  createReadStream(key: string, range?: ByteRange): Readable {
    const request = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      // HTTP Range, inclusive at both ends like ByteRange.
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    });
    const aborted = new AbortController();
    const client = this.client;
    async function* bytes() {
      const response = await client.send(request, { abortSignal: aborted.signal });
      yield* response.Body as Readable;
    }
    // createReadStream is synchronous (as fs's is): the request starts when the stream is first read.
    const stream = Readable.from(bytes(), { objectMode: false });
    // A reader gone early (a closed tab, a cancelled range) cancels the request instead of leaving it open.
    stream.once('close', () => {
      if (!stream.readableEnded) aborted.abort();
    });
    return stream;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // DeleteObject succeeds on a missing key, as rm({ force: true }) does.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /**
   * Deletes temp objects, and aborts multipart uploads under the temp prefix, older than tempMaxAgeMs: what a
   * crashed or killed replica left. Younger ones may be another replica's upload in progress. Runs at start-up
   * and every hour (jobs/definitions/storage-temp-sweep.ts, docs/deploy.md#object-storage).
   */
  async sweepTemp(): Promise<number> {
    const cutoff = this.now() - this.tempMaxAgeMs;
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.tempPrefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !object.LastModified || object.LastModified.getTime() >= cutoff) continue;
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
        removed += 1;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed + (await this.abortStaleUploads(cutoff));
  }

  private async abortStaleUploads(cutoff: number): Promise<number> {
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page: ListMultipartUploadsCommandOutput;
      try {
        page = await this.listUploads(keyMarker, uploadIdMarker);
      } catch (error) {
        // Some S3-compatible servers (s3rver among them) do not list multipart uploads: there the bucket's
        // lifecycle rule (docs/deploy.md#object-storage) is what removes abandoned parts.
        if (error instanceof S3ServiceException && error.name === 'NotImplemented') return aborted;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated.getTime() >= cutoff) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
        aborted += 1;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return aborted;
  }

  private listUploads(keyMarker: string | undefined, uploadIdMarker: string | undefined) {
    return this.client.send(
      new ListMultipartUploadsCommand({
        Bucket: this.bucket,
        Prefix: this.tempPrefix,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      }),
    );
  }
}

/** CopySource is `bucket/key` URL-encoded; the slashes between key segments stay. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
