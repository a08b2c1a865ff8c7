import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './cleanup';

/** This checkout's apps/api and its built server (what `pnpm serve` runs). */
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultServerEntry = path.join(apiRoot, 'dist', 'main.js');

/** First start on a 2-core machine takes ~20-60 s; anything past this is a failure, not a slow number. */
const START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 15_000;

export interface CorpusLoaded {
  inserted: number;
  skipped: number;
  milliseconds: number;
}

export interface StartedServer {
  baseUrl: string;
  driver: 'pglite' | 'postgres';
  /** From spawn to the first 200 of GET /api/papers/count, in ms. */
  readyMs: number;
  /** From spawn to the 'checking the corpus' log line: process start, config, database open, migrations. */
  bootMs: number | undefined;
  /** The server's own 'corpus loaded' log line. */
  corpus: CorpusLoaded;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its temp data folder. Safe to call twice. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago: listen on port 0, read the port, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function killChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (await waitForExit(child, STOP_TIMEOUT_MS)) return;
  child.kill('SIGKILL');
  await waitForExit(child, 5_000);
}

/** Any GET answered 200 within a short timeout; false on refusal, error or timeout. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** The server's environment: this one's, on its own port and data folder, with the corpus seeded and no budgets. */
function serverEnv(port: number, dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'CORPUS_FILE', 'WEB_DIST', 'BODY_LIMIT']) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_CORPUS: 'true',
    // The bench measures the server, not its request budgets: hundreds of requests from one address
    // would meet the search budget's 429 (docs/security.md#rate-limits-and-quotas) within seconds.
    RATE_LIMIT_ENABLED: 'false',
    // No daily harvest from arXiv (its default is every set): the bench measures this machine, offline.
    HARVEST_SETS: '',
  });
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** What the server's output has told so far: its last lines, its boot time and its corpus load. */
interface ServerLog {
  recent: string[];
  corpus: CorpusLoaded | undefined;
  bootMs: number | undefined;
}

function watchLog(child: ChildProcess, spawnedAt: number): ServerLog {
  // Both pipes are drained for the server's whole life: a full pipe would block its logging, and so the server.
  const log: ServerLog = { recent: [], corpus: undefined, bootMs: undefined };
  const remember = (line: string) => {
    log.recent.push(line);
    if (log.recent.length > 40) log.recent.shift();
  };
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    if (log.corpus && log.bootMs !== undefined) return;
    remember(line);
    if (!line.startsWith('{')) return;
    try {
      const entry = JSON.parse(line) as { msg?: string; time?: number } & Partial<CorpusLoaded>;
      if (entry.msg?.startsWith('checking the corpus') && typeof entry.time === 'number') {
        log.bootMs = entry.time - spawnedAt;
      }
      if (entry.msg === 'corpus loaded') {
        log.corpus = {
          inserted: Number(entry.inserted),
          skipped: Number(entry.skipped),
          milliseconds: Number(entry.milliseconds),
        };
      }
    } catch {
      // Not a log line (the ready banner): kept in `recent` only.
    }
  });
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => remember(`stderr: ${line}`));
  return log;
}

/**
 * Spawns `node dist/main.js` on a fresh DATA_DIR (PGlite) or the given DATABASE_URL and waits until it
 * serves GET /api/papers/count, reading the corpus-load numbers from its pino log on stdout.
 */
export async function startServer(options: { databaseUrl?: string; entry: string }): Promise<StartedServer> {
  const driver = options.databaseUrl ? 'postgres' : 'pglite';
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-bench-'));
  const removeDataDir = onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const env = serverEnv(port, dataDir, options.databaseUrl);

  const spawnedAt = Date.now();
  const started = performance.now();
  // The server's working directory is its own package root (dist/..), as with `pnpm serve`.
  const cwd = path.dirname(path.dirname(options.entry));
  const child = spawn(process.execPath, [options.entry], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stopChild = onCleanup(() => killChild(child));
  const stop = async () => {
    await stopChild();
    await removeDataDir();
  };

  const log = watchLog(child, spawnedAt);

  const fail = async (reason: string): Promise<never> => {
    await stop();
    throw new Error(`${driver} server: ${reason}\n  last output:\n    ${log.recent.join('\n    ')}`);
  };

  const deadline = started + START_TIMEOUT_MS;
  let readyMs: number | undefined;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      return fail(`exited during start-up (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    if (await answers(`${baseUrl}/api/papers/count`)) {
      readyMs = performance.now() - started;
      break;
    }
    await sleep(50);
  }
  if (readyMs === undefined) return fail(`not answering GET /api/papers/count after ${START_TIMEOUT_MS / 1000} s`);
  // The log line is written before the server listens, but the pipe may deliver it a moment later.
  for (let waited = 0; !log.corpus && waited < 5_000; waited += 50) await sleep(50);
  const { corpus, bootMs } = log;
  if (!corpus) return fail("ready, but it never logged 'corpus loaded' (was the database really empty?)");
  return { baseUrl, driver, readyMs, bootMs, corpus, stop };
}
