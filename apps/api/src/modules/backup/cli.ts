import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { type Db, openDatabase } from '../../db/client';
import { callerPath, runCommand, UsageError } from '../../lib/command-line';
import { archiveNameFor } from './archive-format';
import { verifyArchive } from './archive-verifier';
import { storageOf } from './backup-storage';
import { createBackup } from './backup-writer';
import { restoreBackup } from './restore-database';
import { restoreEmbedded } from './restore-embedded';

const USAGE = `usage:
  pnpm backup create [--out FILE]   write one archive of the database and the PDFs
                                    (default: BACKUP_DIR, else the current directory, paperbench-<time>.tar.gz)
  pnpm backup verify FILE           check an archive's manifest and every checksum; writes nothing
  pnpm backup restore FILE          verify, then restore into an EMPTY database (DATABASE_URL) or a new DATA_DIR
Uses the server's configuration (DATABASE_URL or DATA_DIR, STORAGE_DIR or S3_*). docs/deploy.md#backup-and-restore`;

function parseCommandLine(argv: string[]) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string' } },
  });
  if (command === 'create' && positionals.length !== 0) throw new UsageError('create takes no file (use --out FILE)');
  if ((command === 'restore' || command === 'verify') && positionals.length !== 1)
    throw new UsageError(`${command} takes one archive`);
  if (command !== 'create' && command !== 'restore' && command !== 'verify')
    throw new UsageError(`unknown command ${command ?? '(none)'}`);
  return { command, out: values.out, file: positionals[0] };
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(argv: string[]) {
  const line = parseCommandLine(argv);
  const config = loadConfig();
  const started = performance.now();
  const storage = storageOf(config);
  if (line.command === 'verify') {
    const manifest = await verifyArchive(callerPath(line.file as string));
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `ok: schema ${manifest.schema_version}, ${manifest.tables.length} tables, ${rows} rows, ${manifest.pdfs.length} PDFs (${seconds(started)})`,
    );
    return;
  }
  if (line.command === 'restore') {
    const file = callerPath(line.file as string);
    const summary = config.DATABASE_URL
      ? await withDatabase({ url: config.DATABASE_URL, role: 'pnpm backup restore' }, (db) =>
          restoreBackup({ db, storage, file }),
        )
      : await restoreEmbedded({ dataDir: config.DATA_DIR, storage, file });
    console.log(
      `restored ${summary.rows} rows of ${summary.tables} tables and ${summary.pdfs} PDFs at schema ${summary.schemaVersion}` +
        `${summary.migratedForward ? `, then ${summary.migratedForward} newer migrations (to ${summary.schemaVersionAfter})` : ''}` +
        ` (${seconds(started)}); recorded in backup_restores, shown on the admin page`,
    );
    return;
  }
  const now = new Date();
  const out = line.out ? callerPath(line.out) : path.join(config.BACKUP_DIR ?? callerPath('.'), archiveNameFor(now));
  // docs/security.md#embedded-database-lock: the embedded database is backed up with the server stopped (refused while it runs).
  const result = await withDatabase(
    { url: config.DATABASE_URL, dataDir: config.DATA_DIR, role: 'pnpm backup create' },
    (db) => createBackup({ db, storage, file: out, now }),
  );
  const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `wrote ${result.file}: ${megabytes(result.bytes)}, ${rows} rows, ${result.manifest.pdfs.length} PDFs, schema ${result.manifest.schema_version} (${seconds(started)})`,
  );
}

async function withDatabase<T>(
  options: { url: string | undefined; dataDir?: string; role: string },
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const database = openDatabase(options);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

runCommand(main, USAGE);
