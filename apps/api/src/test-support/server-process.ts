import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { packageRoot } from '../lib/package-paths';
import { RAISED_TEST_BUDGETS } from './test-app';

/** A free loopback port: listen on 0, read it, close. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** The environment of a real server or CLI process on the embedded database in `dataDir`. */
const embeddedEnv = (dataDir: string, extra: Record<string, string>) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SEED_CORPUS: 'false',
  LOG_LEVEL: 'warn',
  JOBS_ENABLED: 'false',
  // No daily harvest from arXiv (its default is every set): tests never reach the network.
  HARVEST_SETS: '',
  // docs/security.md#rate-limits-and-quotas: budgets stay on, raised above what a test sends from 127.0.0.1.
  ...RAISED_TEST_BUDGETS,
  ...extra,
});

/** The real server process (src/main.ts through tsx) on `dataDir`, resolved once it answers. */
export async function startServerProcess(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: packageRoot,
    env: embeddedEnv(dataDir, { PORT: String(port), HOST: '127.0.0.1', ...env }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/papers/count`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.trim()}`);
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('server did not start within 60 s');
}

export const waitForExit = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit');

/** Runs `pnpm ingest <args>` (src/ingest/cli.ts through tsx) on `dataDir` to its end. */
export async function runIngestCli(
  dataDir: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/ingest/cli.ts', ...args], {
    cwd: packageRoot,
    env: embeddedEnv(dataDir, {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}
