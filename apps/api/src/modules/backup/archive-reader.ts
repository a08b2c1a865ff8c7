import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { MANIFEST_ENTRY, type Manifest, manifestChecksum, ZManifest } from './archive-format';

/** A backup archive that cannot be used: the message says what is wrong with it. */
export class BadArchive extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadArchive';
  }
}

/** Largest manifest read: a manifest lists every PDF (~200 bytes each), so this is ~1M PDFs. */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/** Parses and checks a manifest's bytes: its shape and its own checksum. */
export function parseManifest(bytes: Buffer): Manifest {
  let parsed: Manifest;
  let raw: Manifest;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
    parsed = ZManifest.parse(raw);
  } catch (error) {
    throw new BadArchive(
      `the manifest is not a Paperbench backup manifest (${(error as Error).message.slice(0, 200)})`,
    );
  }
  if (manifestChecksum(raw) !== parsed.manifest_sha256) {
    throw new BadArchive('the manifest was changed after the backup was written (its checksum does not match)');
  }
  return parsed;
}

export async function readEntry(stream: AsyncIterable<Buffer>, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw new BadArchive('an archive entry is larger than allowed');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** One archive entry as the reader hands it over: its name, declared size and bytes. */
export interface ArchiveEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/**
 * The entries of an archive in order, manifest first (checked). A truncated or corrupt gzip/tar stream
 * surfaces as a BadArchive from the iteration.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry | { manifest: Manifest }> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  const tar = extract();
  let unreadable: Error | undefined;
  source.on('error', (error) => {
    unreadable = new Error(`cannot read ${file}: ${error.message}`);
    tar.destroy(unreadable);
  });
  gunzip.on('error', (error) => tar.destroy(new BadArchive(`the archive is damaged or truncated (${error.message})`)));
  source.pipe(gunzip).pipe(tar);
  let first = true;
  try {
    for await (const entry of tar) {
      const name = entry.header.name;
      if (first) {
        first = false;
        if (name !== MANIFEST_ENTRY) throw new BadArchive(`the archive does not start with ${MANIFEST_ENTRY}`);
        yield { manifest: parseManifest(await readEntry(entry as AsyncIterable<Buffer>, MAX_MANIFEST_BYTES)) };
        continue;
      }
      yield { name, size: entry.header.size ?? 0, body: entry as AsyncIterable<Buffer> };
      // Whatever the consumer left unread is drained, so the next entry can come.
      entry.resume();
    }
  } catch (error) {
    if (error instanceof BadArchive) throw error;
    if (unreadable) throw unreadable;
    throw new BadArchive(`the archive is damaged or truncated (${(error as Error).message})`);
  } finally {
    source.destroy();
    gunzip.destroy();
    tar.destroy();
  }
  if (first) throw new BadArchive('the archive is empty');
}

/** Only the manifest, reading no further than its entry (the catalog's fallback when a sidecar is missing). */
export async function readArchiveManifest(file: string): Promise<Manifest> {
  for await (const item of readArchive(file)) {
    if ('manifest' in item) return item.manifest;
  }
  throw new BadArchive('the archive has no manifest');
}
