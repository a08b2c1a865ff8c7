import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { isProcessAlive } from '../lib/process-alive';

/**
 * docs/security.md#embedded-database-lock: one process per embedded database. PGlite is a single-user PostgreSQL: a second
 * process opening the same files (the server plus `pnpm ingest import`) destroyed the database. Every
 * opener takes this exclusive lock on DATA_DIR first (openDatabase does it, so no opener can forget).
 *
 * The lock is proper-lockfile's: an atomic mkdir of `paperbench.lock` whose mtime the holder refreshes
 * every few seconds. Who holds it (role, pid, host, since) is written beside it, so a refused opener can
 * say who to stop. A holder that was killed (kill -9) is taken over at once when it ran on this host
 * (its pid is gone), and otherwise once its mtime is older than LOCK_STALE_MS.
 */

/**
 * A lock held from another host (or with no holder file) whose mtime has not moved for this long is
 * abandoned. A holder on this host is judged by its pid instead, never by its mtime.
 */
export const LOCK_STALE_MS = 30_000;
/** How often the holder refreshes the lock's mtime. */
const LOCK_UPDATE_MS = 5_000;
/** proper-lockfile option meaning "never stale by mtime" (only the pid check may take over). */
const NEVER_STALE = Number.MAX_SAFE_INTEGER;

const LOCK_NAME = 'paperbench.lock';
/** Data directories this process holds: a second open here is refused, never mistaken for a stale lock. */
const heldHere = new Set<string>();
const HOLDER_NAME = 'paperbench.lock.json';

/** Who holds the lock; the role is what a person runs, e.g. 'server' or 'pnpm ingest import'. */
export interface LockHolder {
  role: string;
  pid: number;
  host: string;
  since: string;
}

/** DATA_DIR is in use by another process: this opener must stop, leaving the database untouched. */
export class DataDirLocked extends Error {
  constructor(
    message: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(message);
    this.name = 'DataDirLocked';
  }
}

export interface DataDirLock {
  release(): void;
}

function readHolder(dataDir: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dataDir, HOLDER_NAME), 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.role !== 'string' || typeof parsed.host !== 'string') {
      return undefined;
    }
    return { role: parsed.role, pid: parsed.pid, host: parsed.host, since: String(parsed.since ?? '') };
  } catch {
    return undefined;
  }
}

/** True when `pid` runs on this host; our own pid in the file can only be a previous life (a container restart). */
function isAliveHere(pid: number): boolean {
  return pid !== process.pid && isProcessAlive(pid);
}

/** The sentence a refused opener prints: who holds the directory and what to do about it. */
export function describeLockedDataDir(dataDir: string, holder: LockHolder | undefined): string {
  const where = `data directory ${dataDir}`;
  if (!holder) {
    return `another Paperbench process is using the ${where}: stop it first (a lock left by a killed process is taken over after ${LOCK_STALE_MS / 1000} s)`;
  }
  const who = `pid ${holder.pid}${holder.host === os.hostname() ? '' : ` on ${holder.host}`}, since ${holder.since}`;
  if (holder.role === 'server') {
    return `the server is running on this ${where} (${who}): stop it, or import through PostgreSQL (set DATABASE_URL)`;
  }
  return `\`${holder.role}\` is using this ${where} (${who}): wait for it to finish or stop it, then try again`;
}

const ageLock = (lockPath: string) => utimesSync(lockPath, new Date(0), new Date(0));

/**
 * Takes the exclusive lock on dataDir for this process or throws DataDirLocked at once. `onLost` runs if
 * another process took the lock over from us (our mtime updates stalled past LOCK_STALE_MS): the caller
 * must stop writing.
 */
export function lockDataDir(dataDir: string, role: string, onLost: (error: Error) => void): DataDirLock {
  const lockPath = path.join(dataDir, LOCK_NAME);
  const key = path.resolve(dataDir);
  if (heldHere.has(key)) {
    const holder = readHolder(dataDir);
    throw new DataDirLocked(
      `this process already has the data directory ${dataDir} open (as ${holder?.role ?? 'another opener'})`,
      holder,
    );
  }
  const lockWith = (stale: number) =>
    lockfile.lockSync(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale,
      update: LOCK_UPDATE_MS,
      onCompromised: onLost,
    });
  let release: () => void;
  try {
    // The first try never calls a lock stale by its mtime: a live holder on this host whose event loop
    // is busy (a long index build inside PGlite) cannot refresh it, and must not lose it for that.
    release = lockWith(NEVER_STALE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const holder = readHolder(dataDir);
    const abandoned =
      holder !== undefined && holder.host === os.hostname()
        ? !isAliveHere(holder.pid)
        : Date.now() - statSync(lockPath).mtimeMs > LOCK_STALE_MS;
    if (!abandoned) throw new DataDirLocked(describeLockedDataDir(dataDir, holder), holder);
    // The holder was killed without releasing (kill -9, power loss): make its lock stale so
    // proper-lockfile's own takeover removes it, rather than deleting it by hand.
    ageLock(lockPath);
    try {
      release = lockWith(LOCK_STALE_MS);
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code !== 'ELOCKED') throw retryError;
      const winner = readHolder(dataDir);
      throw new DataDirLocked(describeLockedDataDir(dataDir, winner), winner);
    }
  }
  const holder: LockHolder = { role, pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  writeFileSync(path.join(dataDir, HOLDER_NAME), `${JSON.stringify(holder)}\n`);
  heldHere.add(key);
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      heldHere.delete(key);
      rmSync(path.join(dataDir, HOLDER_NAME), { force: true });
      try {
        release();
      } catch {
        // Already released (e.g. compromised): nothing left to undo.
      }
    },
  };
}
