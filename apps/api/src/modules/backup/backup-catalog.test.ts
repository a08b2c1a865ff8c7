import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { FORMAT, FORMAT_VERSION, type Manifest, manifestChecksum } from './archive-format';
import { listBackups, openBackup } from './backup-catalog';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'backup-catalog-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeBackup(name: string, bytes: number, createdAt: string, sidecarBytes = bytes) {
  await writeFile(path.join(dir, name), Buffer.alloc(bytes, 1));
  const sidecar = {
    name,
    bytes: sidecarBytes,
    created_at: createdAt,
    schema_version: '0001_x',
    manifest_sha256: 'a'.repeat(64),
  };
  await writeFile(path.join(dir, `${name}.json`), JSON.stringify(sidecar));
}

describe('backup catalog', () => {
  it('lists archives newest first, ignores .partial files and marks an archive whose sidecar does not match as incomplete', async () => {
    await writeBackup('paperbench-20260101T030000Z.tar.gz', 10, '2026-01-01T03:00:00.000Z');
    await writeBackup('paperbench-20260102T030000Z.tar.gz', 20, '2026-01-02T03:00:00.000Z');
    await writeBackup('paperbench-20260103T030000Z.tar.gz', 30, '2026-01-03T03:00:00.000Z', 99);
    await writeFile(path.join(dir, 'paperbench-20260104T030000Z.tar.gz.partial'), 'half');

    const listed = await listBackups(dir);

    // The third one's sidecar says 99 bytes, not the file beside it: its manifest is read instead, and
    // that file is no tar, so its schema is unknown and its date is the file's (now: the newest).
    expect(listed.map((b) => [b.name, b.bytes, b.complete, b.schema_version])).toEqual([
      ['paperbench-20260103T030000Z.tar.gz', 30, false, null],
      ['paperbench-20260102T030000Z.tar.gz', 20, true, '0001_x'],
      ['paperbench-20260101T030000Z.tar.gz', 10, true, '0001_x'],
    ]);
  });

  it('reads the schema version from the manifest at the head of an archive without a sidecar (listed as not complete)', async () => {
    const unsigned: Omit<Manifest, 'manifest_sha256'> = {
      format: FORMAT,
      format_version: FORMAT_VERSION,
      created_at: '2026-02-01T03:00:00.000Z',
      driver: 'postgres',
      schema_version: '0001_foundation',
      tables: [],
      sequences: [],
      pdfs: [],
    };
    const manifest = Buffer.from(JSON.stringify({ ...unsigned, manifest_sha256: manifestChecksum(unsigned) }));
    const tar = pack();
    tar.entry({ name: 'manifest.json', size: manifest.length }, manifest);
    tar.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of tar) chunks.push(chunk as Buffer);
    await writeFile(path.join(dir, 'copied-in.tar.gz'), gzipSync(Buffer.concat(chunks)));

    expect(await listBackups(dir)).toEqual([
      expect.objectContaining({
        name: 'copied-in.tar.gz',
        created_at: '2026-02-01T03:00:00.000Z',
        schema_version: '0001_foundation',
        complete: false,
      }),
    ]);
  });

  it('an empty or missing directory lists nothing', async () => {
    expect(await listBackups(path.join(dir, 'absent'))).toEqual([]);
  });

  it('opens a listed backup and refuses paths, partials and unknown names with 404', async () => {
    await writeBackup('paperbench-20260101T030000Z.tar.gz', 10, '2026-01-01T03:00:00.000Z');
    await writeFile(path.join(dir, 'paperbench-20260104T030000Z.tar.gz.partial'), 'half');
    const stream = openBackup(dir, 'paperbench-20260101T030000Z.tar.gz');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).length).toBe(10);

    for (const name of [
      '../paperbench-20260101T030000Z.tar.gz',
      'sub/paperbench-20260101T030000Z.tar.gz',
      'paperbench-20260104T030000Z.tar.gz.partial',
      'paperbench-20260101T030000Z.tar.gz.json',
      'paperbench-20990101T030000Z.tar.gz',
    ]) {
      expect(() => openBackup(dir, name), name).toThrow(AppError);
      try {
        openBackup(dir, name);
      } catch (error) {
        expect((error as AppError).statusCode).toBe(404);
      }
    }
  });
});
