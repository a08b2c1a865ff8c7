import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pdfKeyFor } from './file-storage';
import { LocalFileStorage } from './local-file-storage';

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'paperbench-storage-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const tempFiles = () => readdir(path.join(root, 'tmp')).catch(() => []);

  it('hashes and counts while writing, then places the bytes under their key', async () => {
    const staged = await storage.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]), { maxBytes: 100 });
    expect(staged).toMatchObject({
      hash: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
      size: 11,
    });
    expect(await tempFiles()).toHaveLength(1);
    const key = pdfKeyFor(staged.hash);
    await staged.commit(key);
    await staged.discard();
    expect(await tempFiles()).toEqual([]);
    expect(await storage.stat(key)).toEqual({ size: 11 });
    expect(await readAll(storage.createReadStream(key))).toBe('hello world');
    expect(await readAll(storage.createReadStream(key, { start: 6, end: 10 }))).toBe('world');
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
  });

  it('aborts past the cap with 413 and keeps no temp file', async () => {
    const source = Readable.from([Buffer.alloc(60), Buffer.alloc(60)]);
    await expect(storage.put(source, { maxBytes: 100 })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await tempFiles()).toEqual([]);
  });

  it('keeps no temp file when the source fails mid-stream', async () => {
    async function* broken() {
      yield Buffer.from('%PDF-1.7 first half');
      throw new Error('client went away');
    }
    await expect(storage.put(broken(), { maxBytes: 1000 })).rejects.toThrow('client went away');
    expect(await tempFiles()).toEqual([]);
  });

  it('discards staged bytes, and sweeps what a crash left in tmp/', async () => {
    const dropped = await storage.put(Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await dropped.discard();
    expect(await tempFiles()).toEqual([]);
    await storage.put(Readable.from([Buffer.from('left behind')]), { maxBytes: 100 });
    expect(await storage.sweepTemp()).toBe(1);
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses keys that leave the storage root', () => {
    expect(() => storage.createReadStream('../../etc/passwd')).toThrow(/outside the storage root/);
  });
});
