import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { papers, storedFiles, uploads } from '../../db/schema';
import { packageRoot } from '../../lib/package-paths';
import { ACL_PDF, listFiles, readPdfFixture } from '../../test-support/pdf-fixtures';

/** A free loopback port: listen on 0, read it, close. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** The real server process (src/main.ts), on the embedded database in `dataDir`. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: packageRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_CORPUS: 'false',
      LOG_LEVEL: 'warn',
      // No daily harvest from arXiv (its default is every set): tests never reach the network.
      HARVEST_SETS: '',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/papers/count`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('server did not start within 60 s');
}

const waitForExit = (child: ChildProcess) => (child.exitCode !== null ? Promise.resolve() : once(child, 'exit'));

/** Sends the head of a multipart upload whose Content-Length promises the whole PDF, then stalls. */
function startStalledUpload(port: number, userId: string, pdf: Buffer) {
  const boundary = 'crash-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nInterrupted\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="paper.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/upload/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-User-ID: ${userId}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${head.length + pdf.length + tail.length}\r\n\r\n`,
  );
  socket.write(head);
  socket.write(pdf.subarray(0, Math.floor(pdf.length / 2)));
  return socket;
}

describe('an upload interrupted by killing the server (pglite)', () => {
  it('leaves no orphan row and no partial file after a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'upload-crash-'));
    const storageDir = path.join(dataDir, 'files');
    const port = await freePort();
    const pdf = await readPdfFixture(ACL_PDF);

    const first = await startServer(dataDir, port);
    const base = `http://127.0.0.1:${port}`;
    const issued = await fetch(`${base}/api/user/get_id`, { method: 'POST' });
    const { user_id: userId } = (await issued.json()) as { user_id: string };
    const socket = startStalledUpload(port, userId, pdf);
    // Kill only once half the PDF has reached storage as a temp file: the worst moment.
    const tempDir = path.join(storageDir, 'tmp');
    const hasPartialFile = async () => (await listFiles(tempDir)).some((file) => file.endsWith('.part'));
    for (let i = 0; i < 200 && !(await hasPartialFile()); i++) await sleep(50);
    expect(await hasPartialFile()).toBe(true);
    first.kill('SIGKILL');
    await waitForExit(first);
    socket.destroy();

    const second = await startServer(dataDir, port);
    try {
      const files = await fetch(`${base}/api/chat/files`, { headers: { 'x-user-id': userId } });
      expect(await files.json()).toEqual([]);
      expect(await listFiles(storageDir)).toEqual([]);

      // The same bytes upload cleanly after the restart: nothing stale blocks them.
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'paper.pdf');
      const upload = await fetch(`${base}/api/upload/`, {
        method: 'POST',
        headers: { 'x-user-id': userId },
        body: form,
      });
      expect(upload.status).toBe(201);
    } finally {
      second.kill('SIGTERM');
      await waitForExit(second);
    }

    const database = openDatabase({ dataDir });
    try {
      const count = async (table: typeof uploads | typeof storedFiles) =>
        (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
      expect(await count(uploads)).toBe(1);
      expect(await count(storedFiles)).toBe(1);
      const uploadedPapers = await database.db.select().from(papers).where(eq(papers.platform, 'upload'));
      // Titled 'paper' (the file name) until the text job reads the PDF's own title
      // (docs/uploads.md#metadata-from-the-pdf); the server may have been stopped before or after.
      expect(uploadedPapers).toHaveLength(1);
      expect([
        'paper',
        'SPECTER: Document-level Representation Learning using Citation-informed Transformers',
      ]).toContain(uploadedPapers[0]?.title);
    } finally {
      await database.close();
    }
    expect((await listFiles(storageDir)).filter((file) => !file.startsWith('tmp'))).toHaveLength(1);
  }, 180_000);
});
