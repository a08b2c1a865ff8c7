import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createAppContext } from '../app-context';
import { loadConfig } from '../config';
import { jobRuns, paperTexts } from '../db/schema';
import { jobDefinitions } from '../jobs/definitions';
import { storageTempSweepJob } from '../jobs/definitions/storage-temp-sweep';
import { startScheduler } from '../jobs/scheduler';
import { AppError } from '../lib/app-error';
import { NAACL_PDF, readPdfFixture } from '../test-support/pdf-fixtures';
import { createTestApp, issueUserId, RAISED_TEST_BUDGETS, type TestApp, testDrivers } from '../test-support/test-app';
import { pdfPart, postUpload } from '../test-support/uploads';
import { pdfKeyFor } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { createS3Client, S3FileStorage, TEMP_MAX_AGE_MS } from './s3-file-storage';

const BUCKET = 'paperbench-test';
const MiB = 1024 * 1024;

/** s3rver (in-process, on 127.0.0.1) as S3: its default key pair, path-style URLs. */
let server: S3rver;
let serverDir: string;
let endpoint: string;
const s3Env = (prefix: string) => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_PREFIX: prefix,
});

beforeAll(async () => {
  serverDir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: serverDir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server.close();
  await rm(serverDir, { recursive: true, force: true });
});

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The names of the S3 commands a client sends, in order (AbortMultipartUpload and the like). */
function recordCommands(client: S3Client): string[] {
  const sent: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize' },
  );
  return sent;
}

/** `size` bytes of a repeating pattern, in 1 MiB chunks (big enough to need a multipart upload). */
function* pattern(size: number) {
  for (let sent = 0; sent < size; sent += MiB) {
    const chunk = Buffer.alloc(Math.min(MiB, size - sent));
    for (let i = 0; i < chunk.length; i++) chunk[i] = (sent + i) % 251;
    yield chunk;
  }
}

describe('S3FileStorage', () => {
  let prefix: string;
  let client: S3Client;
  let commands: string[];
  let storage: S3FileStorage;
  let testNumber = 0;
  beforeEach(() => {
    // A prefix per test: each sees only its own objects in the one bucket.
    prefix = `run-${Date.now()}-${testNumber++}`;
    client = createS3Client(loadConfig(s3Env(prefix)));
    commands = recordCommands(client);
    storage = new S3FileStorage({ client, bucket: BUCKET, prefix });
  });

  /** Every object under this test's prefix (`tmp/…` for staged writes). */
  const objects = async () => {
    const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}/` }));
    return (page.Contents ?? []).map((object) => (object.Key ?? '').slice(prefix.length + 1));
  };
  const tempObjects = async () => (await objects()).filter((key) => key.startsWith('tmp/'));

  it('hashes and counts while writing, then places the bytes under their key', async () => {
    const staged = await storage.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]), { maxBytes: 100 });
    expect(staged).toMatchObject({
      hash: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
      size: 11,
    });
    expect(await tempObjects()).toHaveLength(1);
    const key = pdfKeyFor(staged.hash);
    await staged.commit(key);
    await staged.discard();
    expect(await objects()).toEqual([key]);
    expect(await storage.stat(key)).toEqual({ size: 11 });
    expect((await readAll(storage.createReadStream(key))).toString()).toBe('hello world');
    expect((await readAll(storage.createReadStream(key, { start: 6, end: 10 }))).toString()).toBe('world');
    expect((await readAll(storage.createReadStream(key, { start: 4, end: 4 }))).toString()).toBe('o');
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    expect(await objects()).toEqual([]);
  });

  it('streams a file larger than one part as a multipart upload, and serves ranges across parts', async () => {
    const size = 11 * MiB + 123;
    const expected = Buffer.concat([...pattern(size)]);
    const staged = await storage.put(Readable.from(pattern(size)), { maxBytes: 20 * MiB });
    expect(commands).toContain('CreateMultipartUploadCommand');
    expect(commands.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
    expect(staged).toMatchObject({ size, hash: createHash('sha256').update(expected).digest('hex') });
    const key = pdfKeyFor(staged.hash);
    await staged.commit(key);
    expect(await objects()).toEqual([key]);
    expect(await storage.stat(key)).toEqual({ size });
    expect((await readAll(storage.createReadStream(key))).equals(expected)).toBe(true);
    const range = { start: 5 * MiB - 10, end: 5 * MiB + 9 };
    expect(
      (await readAll(storage.createReadStream(key, range))).equals(expected.subarray(range.start, range.end + 1)),
    ).toBe(true);
  });

  it('aborts past the cap with 413 before sending a one-part file, and keeps nothing', async () => {
    const source = Readable.from([Buffer.alloc(60), Buffer.alloc(60)]);
    await expect(storage.put(source, { maxBytes: 100 })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(commands).not.toContain('PutObjectCommand');
    expect(await objects()).toEqual([]);
    // The caller's own refusal (the PDF proxy answers 502) is the one thrown.
    const proxyRefusal = () => new AppError('BAD_GATEWAY', 'too large');
    await expect(
      storage.put(Readable.from([Buffer.alloc(200)]), { maxBytes: 100, tooLarge: proxyRefusal }),
    ).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
  });

  it('aborts the multipart upload of a file that passes the cap after its first part, still with 413', async () => {
    const source = Readable.from(pattern(8 * MiB));
    await expect(storage.put(source, { maxBytes: 7 * MiB })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(commands).toContain('UploadPartCommand');
    // Real S3 and MinIO drop the parts here. s3rver answers AbortMultipartUpload with MethodNotAllowed, which
    // must not replace the 413: the abort was asked for, and the refusal is the one reported.
    expect(commands).toContain('AbortMultipartUploadCommand');
    expect(commands).not.toContain('CompleteMultipartUploadCommand');
    expect(await objects()).toEqual([]);
  });

  it('keeps nothing when the source fails mid-stream', async () => {
    async function* broken() {
      yield Buffer.from('%PDF-1.7 first half');
      throw new Error('client went away');
    }
    await expect(storage.put(broken(), { maxBytes: 1000 })).rejects.toThrow('client went away');
    expect(await objects()).toEqual([]);
  });

  it('discards staged bytes; discard after commit keeps the committed object', async () => {
    const dropped = await storage.put(Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await dropped.discard();
    await dropped.discard();
    expect(await objects()).toEqual([]);
    const kept = await storage.put(Readable.from([Buffer.from('kept')]), { maxBytes: 10 });
    await kept.commit(pdfKeyFor(kept.hash));
    await kept.discard();
    expect(await objects()).toEqual([pdfKeyFor(kept.hash)]);
  });

  it('sweeps only temp objects older than a day: younger ones may be another replica upload in progress', async () => {
    const committed = await storage.put(Readable.from([Buffer.from('committed')]), { maxBytes: 100 });
    await committed.commit(pdfKeyFor(committed.hash));
    await storage.put(Readable.from([Buffer.from('left behind')]), { maxBytes: 100 });
    expect(await tempObjects()).toHaveLength(1);
    expect(await storage.sweepTemp()).toBe(0);
    expect(await tempObjects()).toHaveLength(1);
    const later = new S3FileStorage({ client, bucket: BUCKET, prefix, now: () => Date.now() + TEMP_MAX_AGE_MS + 1000 });
    expect(await later.sweepTemp()).toBe(1);
    expect(await objects()).toEqual([pdfKeyFor(committed.hash)]);
    // s3rver cannot list multipart uploads: the sweep asked, and went on without them.
    expect(commands).toContain('ListMultipartUploadsCommand');
  });

  it('answers null for a missing key and fails the stream of one', async () => {
    expect(await storage.stat(pdfKeyFor('ab'.repeat(32)))).toBeNull();
    await expect(readAll(storage.createReadStream(pdfKeyFor('ab'.repeat(32))))).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
  });

  it('keeps keys under its prefix and refuses keys that leave it or point into the temp area', async () => {
    const staged = await storage.put(Readable.from([Buffer.from('prefixed')]), { maxBytes: 100 });
    await staged.commit(pdfKeyFor(staged.hash));
    const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}/pdf/` }));
    expect(page.Contents?.map((object) => object.Key)).toEqual([`${prefix}/${pdfKeyFor(staged.hash)}`]);
    expect(() => storage.createReadStream('../../etc/passwd')).toThrow(/outside the storage root/);
    await expect(storage.stat('pdf//x.pdf')).rejects.toThrow(/outside the storage root/);
    await expect(staged.commit('tmp/evil.pdf')).rejects.toThrow(/inside the temp area/);
  });
});

describe.each(testDrivers())('two app instances sharing one bucket (%s)', (driver) => {
  let first: TestApp;
  let second: FastifyInstance;
  let secondStorageDir: string;
  const env = () => s3Env(`apps-${driver}-${Date.now()}`);
  beforeAll(async () => {
    const shared = env();
    first = await createTestApp(driver, { seed: false, env: shared });
    secondStorageDir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-files-'));
    // A second process's app: its own context and S3 client, the same database and bucket.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      SEED_CORPUS: 'false',
      STORAGE_DIR: secondStorageDir,
      ARXIV_FETCH_MISSING: 'false',
      FULL_TEXT_FETCH: 'false',
      PDF_URL_SECRET: 'test-only-pdf-url-secret-0123456789abcdef',
      ...RAISED_TEST_BUDGETS,
      ...shared,
    });
    second = await buildApp(createAppContext({ db: first.db, config, jobs: jobDefinitions }));
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await rm(secondStorageDir, { recursive: true, force: true });
  });

  it('sweeps temp objects older than a day every hour while it runs: a stale one goes, a fresh one stays', async () => {
    const storage = first.context.storage as S3FileStorage;
    const prefix = `${first.context.config.S3_PREFIX}/tmp/`;
    const temps = async () =>
      (
        (await createS3Client(first.context.config).send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix })))
          .Contents ?? []
      ).map((object) => object.Key);
    /** Backdates an object as s3rver reports it (its LastModified is the stored file's mtime). */
    const age = async (key: string, ms: number) => {
      const parts = key.split('/');
      const file = path.join(serverDir, BUCKET, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`);
      const then = new Date(Date.now() - ms);
      await utimes(file, then, then);
    };
    await storage.put(Readable.from([Buffer.from('left by a killed replica')]), { maxBytes: 100 });
    const [stale] = await temps();
    await storage.put(Readable.from([Buffer.from('an upload in progress')]), { maxBytes: 100 });
    const fresh = (await temps()).find((key) => key !== stale);
    if (!stale || !fresh) throw new Error('the two temp objects were not stored');
    await age(stale, TEMP_MAX_AGE_MS + 60_000);

    const scheduler = startScheduler(first.context, [storageTempSweepJob], { tickMs: 3_600_000, log: first.app.log });
    try {
      const now = new Date();
      await scheduler.tick(now);
      expect(await temps()).toEqual([fresh]);
      // A day later in the same process (no restart): the next hour's run takes the one that went stale since.
      await age(fresh, TEMP_MAX_AGE_MS + 60_000);
      await scheduler.tick(now);
      expect(await temps()).toEqual([fresh]);
      await scheduler.tick(new Date(now.getTime() + 3_600_000));
      expect(await temps()).toEqual([]);
    } finally {
      await scheduler.stop();
    }
    const runs = await first.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, storageTempSweepJob.id))
      .orderBy(jobRuns.slot);
    expect(runs.map((run) => [run.status, run.result])).toEqual([
      ['done', { removed: 1 }],
      ['done', { removed: 1 }],
    ]);
    // A disk's tmp/ is emptied at start only: the job is never due for it.
    const onDisk = { ...first.context, storage: new LocalFileStorage(secondStorageDir) };
    expect(storageTempSweepJob.schedule?.(new Date(), onDisk)).toBeNull();
  });

  it('uploads through one instance and serves the PDF, whole and in ranges, through the other', async () => {
    expect(first.context.storage).toBeInstanceOf(S3FileStorage);
    const naacl = await readPdfFixture(NAACL_PDF);
    const owner = await issueUserId(first.app);
    const upload = await postUpload(first.app, owner, [pdfPart(naacl, 'N18-3011.pdf')]);
    expect(upload.statusCode).toBe(201);
    const url = `/api/uploads/${upload.json().paper_id}/pdf`;

    const whole = await second.inject({ url, headers: { 'x-user-id': owner } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(naacl)).toBe(true);
    expect(whole.headers.etag).toBe(`"${createHash('sha256').update(naacl).digest('hex')}"`);
    const part = await second.inject({ url, headers: { 'x-user-id': owner, range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${naacl.length}`);
    expect(part.rawPayload.equals(naacl.subarray(100, 200))).toBe(true);

    // The text extraction job reads the bytes back from the bucket too.
    await first.context.queue.drain();
    const [text] = await first.db.select().from(paperTexts).where(eq(paperTexts.paperId, upload.json().paper_id));
    expect(text).toMatchObject({ status: 'ready', pageCount: 8 });
    // Nothing went to either instance's local disk.
    const key = pdfKeyFor(createHash('sha256').update(naacl).digest('hex'));
    expect(await new LocalFileStorage(first.context.config.STORAGE_DIR).stat(key)).toBeNull();
    expect(await new LocalFileStorage(secondStorageDir).stat(key)).toBeNull();
  });
});
