// What the web benches share: the built API (../api/dist/main.js) serving a built web app on a free
// port with a fresh DATA_DIR and no corpus, and cleanups that run however the bench ends.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const START_TIMEOUT_MS = 120_000;

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const apiRoot = path.resolve(webRoot, '..', 'api');
// BENCH_SERVER_ENTRY / BENCH_WEB_DIST measure builds made elsewhere (as E2E_API_ENTRY / E2E_WEB_DIST do).
export const serverEntry = path.resolve(process.env.BENCH_SERVER_ENTRY ?? path.join(apiRoot, 'dist', 'main.js'));
export const webDist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(webRoot, 'dist'));
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's Chromium as the e2e flows start it (no background traffic on this closed network). */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Cleanups run last-in first-out; a failing one is reported and the rest still run. */
export const cleanups = [];
export async function runCleanups() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Runs `main`, then the cleanups; on failure or Ctrl-C too. Exits non-zero only when something failed. */
export function runBench(name, main) {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      interrupted = true;
      void runCleanups().finally(() => process.exit(130));
    });
  }
  main()
    .then(() => runCleanups())
    .catch(async (error) => {
      if (interrupted) return;
      console.error(`[${name}] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await runCleanups();
      process.exit(1);
    });
}

/** Starts the built server (SEED_CORPUS=false, fresh DATA_DIR); resolves to its base URL once it answers. */
export async function startServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'paperbench-web-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'CORPUS_FILE', 'STORAGE_DIR']) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SEED_CORPUS: 'false',
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, [serverEntry], { cwd: apiRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) {
      child.kill('SIGKILL');
      await Promise.race([exited, sleep(5_000)]);
    }
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up (${child.exitCode}):\n${stderr}`);
    try {
      const response = await fetch(`${baseUrl}/api/papers/count`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return baseUrl;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server not answering after ${START_TIMEOUT_MS / 1000} s:\n${stderr}`);
}
