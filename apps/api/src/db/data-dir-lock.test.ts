import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, runIngestCli, startServerProcess, waitForExit } from '../test-support/server-process';
import { FIXTURE_CORPUS } from '../test-support/test-app';
import { openDatabase } from './client';
import { DataDirLocked, LOCK_STALE_MS, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'data-dir-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const paperCount = async (port: number) =>
  (await (await fetch(`http://127.0.0.1:${port}/api/papers/count`)).json()) as number;

/** docs/security.md#embedded-database-lock: one process per embedded database. */
describe('the DATA_DIR lock', () => {
  it('refuses a second opener in the same process and frees the directory on close', async () => {
    const dataDir = tempDataDir();
    const first = openDatabase({ dataDir, role: 'server' });
    expect(() => openDatabase({ dataDir, role: 'pnpm ingest import' })).toThrow(DataDirLocked);
    await first.close();
    expect(existsSync(path.join(dataDir, 'paperbench.lock'))).toBe(false);
    const again = openDatabase({ dataDir });
    await again.migrate();
    await again.close();
  });

  it('refuses a second lock in the same process, naming the role that holds it', () => {
    const dataDir = tempDataDir();
    const held = lockDataDir(dataDir, 'pnpm ingest harvest', () => undefined);
    try {
      expect(() => lockDataDir(dataDir, 'server', () => undefined)).toThrow(
        /this process already has the data directory .* open \(as pnpm ingest harvest\)/,
      );
    } finally {
      held.release();
    }
  });

  it('waits out a lock from another host until its mtime is stale, then takes it over', () => {
    const dataDir = tempDataDir();
    mkdirSync(path.join(dataDir, 'paperbench.lock'));
    const holder = { role: 'server', pid: 1, host: 'replica-elsewhere', since: '2026-11-23T10:00:00.000Z' };
    writeFileSync(path.join(dataDir, 'paperbench.lock.json'), JSON.stringify(holder));
    // Fresh: its holder may be alive on the other host, whatever pid 1 is here.
    expect(() => lockDataDir(dataDir, 'pnpm ingest import', () => undefined)).toThrow(
      /the server is running on this data directory .* \(pid 1 on replica-elsewhere, since .*\)/,
    );
    const old = new Date(Date.now() - LOCK_STALE_MS - 1000);
    utimesSync(path.join(dataDir, 'paperbench.lock'), old, old);
    lockDataDir(dataDir, 'pnpm ingest import', () => undefined).release();
  });

  it('never takes over from a live holder on this host, however old its mtime (a busy event loop)', () => {
    const dataDir = tempDataDir();
    mkdirSync(path.join(dataDir, 'paperbench.lock'));
    // Our parent process: alive, on this host, and not us.
    const holder = {
      role: 'pnpm ingest import',
      pid: process.ppid,
      host: hostname(),
      since: '2026-11-23T10:00:00.000Z',
    };
    writeFileSync(path.join(dataDir, 'paperbench.lock.json'), JSON.stringify(holder));
    utimesSync(path.join(dataDir, 'paperbench.lock'), new Date(0), new Date(0));
    expect(() => lockDataDir(dataDir, 'server', () => undefined)).toThrow(
      new RegExp(`\`pnpm ingest import\` is using this data directory .* \\(pid ${process.ppid}, since`),
    );
  });

  it('stops `pnpm ingest import` while the server runs, and a killed server`s lock is taken over', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const server = await startServerProcess(dataDir, port);
    try {
      const started = performance.now();
      const refused = await runIngestCli(dataDir, ['import', FIXTURE_CORPUS]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        new RegExp(
          `the server is running on this data directory .* \\(pid ${server.pid}, since .*\\): stop it, or import through PostgreSQL`,
        ),
      );
      expect(refused.stdout).not.toMatch(/imported/);
      // "At once": refused before any import work (a generous budget for starting node + tsx).
      expect(performance.now() - started).toBeLessThan(45_000);
      // The server is unharmed and still alone on its database.
      expect(await paperCount(port)).toBe(0);
    } finally {
      server.kill('SIGKILL');
      await waitForExit(server);
    }

    // kill -9 left the lock behind; the next opener (a CLI) sees its holder is gone and takes it over.
    expect(existsSync(path.join(dataDir, 'paperbench.lock'))).toBe(true);
    const imported = await runIngestCli(dataDir, ['import', FIXTURE_CORPUS]);
    expect(imported.stderr).not.toMatch(/running on this data directory/);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/inserted 200/);
    expect(existsSync(path.join(dataDir, 'paperbench.lock'))).toBe(false);

    // The database opens fine after all of it, with the import in it.
    const restarted = await startServerProcess(dataDir, port);
    try {
      expect(await paperCount(port)).toBe(200);
      // A CLI other than import is refused with the server named too.
      const harvest = await runIngestCli(dataDir, ['fetch', '2401.00001']);
      expect(harvest.code).toBe(1);
      expect(harvest.stderr).toMatch(/the server is running on this data directory/);
    } finally {
      restarted.kill('SIGTERM');
      await waitForExit(restarted);
    }
    expect(existsSync(path.join(dataDir, 'paperbench.lock'))).toBe(false);
  }, 240_000);

  it('a CLI holding the directory is named to the server that is refused', async () => {
    const dataDir = tempDataDir();
    const held = lockDataDir(dataDir, 'pnpm ingest import', () => undefined);
    try {
      const port = await freePort();
      await expect(startServerProcess(dataDir, port)).rejects.toThrow(
        /server exited with 1: `pnpm ingest import` is using this data directory .*: wait for it to finish or stop it/,
      );
    } finally {
      held.release();
    }
  }, 120_000);
});
