import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onCleanup } from './cleanup';

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops the database (WITH (FORCE): open connections are cut). Safe to call twice. */
  drop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database `paperbench_bench_<random>` on the server of `adminUrl`, dropped at the end
 * of the run (or on an error or Ctrl-C) unless `keep` is set (`--keep-database`: a later run reuses it).
 */
export async function createScratchDatabase(adminUrl: string, { keep = false } = {}): Promise<ScratchDatabase> {
  const name = `paperbench_bench_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const drop = keep
    ? async () => undefined
    : onCleanup(() =>
        withAdmin(adminUrl, async (client) => {
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }),
      );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop };
}

/** A database an earlier run kept, on the server of `adminUrl`: never dropped by this run. */
export function existingDatabase(adminUrl: string, name: string): ScratchDatabase {
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`--database takes a database name such as paperbench_bench_1a2b3c`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: async () => undefined };
}

/** "PostgreSQL 15.20" from the server's version string. */
export async function serverVersion(adminUrl: string): Promise<string> {
  return withAdmin(adminUrl, async (client) => {
    const result = await client.query<{ server_version: string }>('SHOW server_version');
    return `PostgreSQL ${result.rows[0]?.server_version.split(' ')[0] ?? '?'}`;
  });
}

/**
 * `--cold`: the state after a reboot, for a PostgreSQL on this machine: its shared buffers emptied (a restart of
 * the Debian cluster) and the operating system's page cache dropped, so every first read comes from disk. Needs
 * root; refused with the reason otherwise.
 */
export async function coldStart(adminUrl: string): Promise<void> {
  const url = new URL(adminUrl);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname))
    throw new Error(`--cold restarts a PostgreSQL on this machine; ${url.hostname} is not`);
  const port = url.port || '5432';
  try {
    // pg_lsclusters: "15 main 5432 online postgres …", one line per Debian cluster.
    const cluster = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .find((fields) => fields[2] === port);
    if (!cluster?.[0] || !cluster[1]) throw new Error(`no Debian PostgreSQL cluster listens on port ${port}`);
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster[0], cluster[1], 'restart'], { stdio: 'pipe' });
    execFileSync('sh', ['-c', 'sync && echo 3 > /proc/sys/vm/drop_caches'], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(
      `--cold needs root and a Debian cluster (pg_lsclusters, pg_ctlcluster): ${(error as Error).message}`,
    );
  }
  // Wait until the restarted server accepts connections.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await withAdmin(adminUrl, (client) => client.query('select 1'));
      return;
    } catch (error) {
      if (attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
