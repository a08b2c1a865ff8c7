import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, type FileStorage, type PutOptions, type StagedFile, tooLargeError } from './file-storage';

const TEMP_DIR = 'tmp';

/** Hashes and counts what flows through, failing as soon as the cap is passed (not after the fact). */
function measure(options: PutOptions) {
  const hash = createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > options.maxBytes) return done(tooLargeError(options));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { transform, result: () => ({ hash: hash.digest('hex'), size }) };
}

/**
 * Files in one local directory: `tmp/` for writes in progress, then a rename (atomic on one file
 * system) under the content key. A directory belongs to one server process; replicas that share
 * files need the S3 backend (architecture, "Jobs and scale-out").
 */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key, refusing anything that would land outside the root. */
  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Storage key outside the storage root: ${key}`);
    return full;
  }

  async put(source: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<StagedFile> {
    const tempDir = path.join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    const tempPath = path.join(tempDir, `${randomBytes(16).toString('hex')}.part`);
    const { transform, result } = measure(options);
    // flush: the bytes reach the disk before the file is renamed and a row points at it.
    const sink = createWriteStream(tempPath, { flags: 'wx', flush: true });
    try {
      await pipeline(source, transform, sink);
    } catch (error) {
      // A source that fails at once (not a PDF) can fail the pipeline while the file is still being
      // opened; the open then completes and leaves it behind. Removed once the stream has closed.
      if (!sink.closed) await once(sink, 'close').catch(() => undefined);
      await rm(tempPath, { force: true });
      throw error;
    }
    const { hash, size } = result();
    let settled = false;
    return {
      hash,
      size,
      commit: async (key) => {
        const target = this.pathOf(key);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tempPath, target);
        settled = true;
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        await rm(tempPath, { force: true });
      },
    };
  }

  createReadStream(key: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Run at start-up, before the server accepts requests: any temp file then is a write that a crash
   * or kill interrupted. No row ever points into tmp/, so deleting them all is safe.
   */
  async sweepTemp(): Promise<number> {
    const tempDir = path.join(this.root, TEMP_DIR);
    const names = await readdir(tempDir).catch(() => [] as string[]);
    await Promise.all(names.map((name) => rm(path.join(tempDir, name), { force: true, recursive: true })));
    return names.length;
  }
}
