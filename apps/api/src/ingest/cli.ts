import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { callerPath, runCommand, UsageError } from '../lib/command-line';
import { createProgressReporter } from '../lib/progress-reporter';
import { fetchArxivPaper } from './arxiv-api-client';
import { type ArxivHttp, createArxivHttp } from './arxiv-http';
import { isArxivId, parseArxivIdentifier } from './arxiv-id';
import { type ImportSummary, importJsonLines, importProgressView } from './bulk-import';
import { recordCorpusImport } from './corpus-imports.repo';
import { createGrantHttp } from './grants/grant-http';
import { GRANT_INGEST_SOURCES, type GrantIngestSource, ingestGrants, sourceNeedsQuery } from './grants/grant-source';
import { dayBefore, harvest } from './harvester';
import { METADATA_PREFIXES, type MetadataPrefix } from './oai-page';
import { createDatabasePacer } from './outbound-pacer';
import { storePapers } from './paper-upsert.repo';

const USAGE = `usage:
  pnpm ingest import <file.jsonl[.gz]>     import a metadata dump (Kaggle snapshot or shipped-sample fields)
  pnpm ingest harvest [--set cs] [--from YYYY-MM-DD] [--until YYYY-MM-DD] [--prefix arXivRaw|arXiv|oai_dc]
  pnpm ingest fetch <arxiv-id...>          fetch single papers from the arXiv API
  pnpm ingest grants nih|nsf|grantsgov [--query "…"] [--limit N]
                                           fetch grants (NIH RePORTER, NSF awards) or open calls (Grants.gov)
Uses the server's configuration (DATABASE_URL, or the embedded database under DATA_DIR).`;

function printImportSummary(summary: ImportSummary) {
  const rate = Math.round(summary.lines / (summary.milliseconds / 1000));
  console.log(
    `imported ${summary.file}: ${summary.lines} lines in ${(summary.milliseconds / 1000).toFixed(1)} s (${rate} lines/s, ${summary.strategy})`,
  );
  console.log(
    `  inserted ${summary.inserted}, updated ${summary.updated}, unchanged ${summary.unchanged}, duplicates ${summary.duplicates}, skipped ${summary.skipped}`,
  );
  for (const { reason, count, lines } of summary.reasons) {
    console.log(`  skipped ${count} × ${reason} (lines ${lines.join(', ')}${count > lines.length ? ', …' : ''})`);
  }
}

const isDate = (value: string | undefined) =>
  value === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

const COMMANDS = ['import', 'harvest', 'fetch', 'grants'] as const;
type Command = (typeof COMMANDS)[number];

/** The command line, checked: a UsageError names what is wrong before anything is opened. */
function parseCommandLine(argv: string[]) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      set: { type: 'string' },
      from: { type: 'string' },
      until: { type: 'string' },
      prefix: { type: 'string' },
      query: { type: 'string' },
      limit: { type: 'string' },
    },
  });
  if (!isDate(values.from) || !isDate(values.until)) throw new UsageError('--from and --until take YYYY-MM-DD');
  const prefix = (values.prefix ?? 'arXivRaw') as MetadataPrefix;
  if (!METADATA_PREFIXES.includes(prefix))
    throw new UsageError(`--prefix must be one of ${METADATA_PREFIXES.join(', ')}`);
  if (command === 'import' && positionals.length !== 1) throw new UsageError('import takes one file');
  if (command === 'fetch' && positionals.length === 0) throw new UsageError('fetch takes arXiv ids');
  if (!COMMANDS.includes(command as Command)) throw new UsageError(`unknown command ${command ?? '(none)'}`);
  const grant = {
    source: positionals[0] as GrantIngestSource,
    limit: Number(values.limit ?? '500'),
    query: (values.query ?? '').trim(),
  };
  if (command === 'grants') checkGrantArguments(positionals, grant);
  return { command: command as Command, positionals, values, prefix, grant };
}

type CommandLine = ReturnType<typeof parseCommandLine>;

function checkGrantArguments(positionals: string[], { source, limit, query }: CommandLine['grant']) {
  if (positionals.length !== 1 || !GRANT_INGEST_SOURCES.includes(source))
    throw new UsageError(`grants takes one source: ${GRANT_INGEST_SOURCES.join(', ')}`);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100_000)
    throw new UsageError('--limit takes a whole number from 1 to 100000');
  if (!query && sourceNeedsQuery(source)) throw new UsageError(`grants ${source} needs --query`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL cannot travel in a query
  if (/\u0000/.test(query)) throw new UsageError('--query must not contain a NUL character');
}

/** What every command works with: the configuration, the database, and arXiv paced as the servers pace it. */
interface CommandRun {
  config: Config;
  db: Db;
  http: ArxivHttp;
  line: CommandLine;
}

async function runImport({ db, line }: CommandRun) {
  const progress = createProgressReporter({ label: 'Importing', unit: 'papers' });
  const summary = await importJsonLines(db, callerPath(line.positionals[0] as string), {
    onProgress: (update) => progress.update(importProgressView(update)),
  }).finally(progress.stop);
  // docs/ingest.md#freshness: the corpus status's "updated at".
  await recordCorpusImport(db, summary);
  printImportSummary(summary);
}

async function runHarvest({ config, db, http, line: { prefix, values } }: CommandRun) {
  const today = new Date().toISOString().slice(0, 10);
  const summary = await harvest(db, {
    baseUrl: config.ARXIV_OAI_BASE_URL,
    http,
    prefix,
    set: values.set,
    from: values.from,
    until: values.until,
    defaultFrom: dayBefore(today),
    onPage: (s) =>
      console.error(`page ${s.pages}: ${s.records} records so far (${s.inserted} new, ${s.updated} updated)`),
  });
  const { failures, ...counts } = summary;
  console.log(JSON.stringify(counts, null, 2));
  for (const { identifier, reason } of failures) console.log(`  skipped ${identifier}: ${reason}`);
}

async function runGrants({ config, db, line: { grant } }: CommandRun) {
  const summary = await ingestGrants(db, {
    ...grant,
    config,
    http: createGrantHttp(),
    onPage: (s) =>
      console.error(`page ${s.pages}: ${s.fetched} records so far (${s.inserted} new, ${s.updated} updated)`),
  });
  console.log(JSON.stringify(summary, null, 2));
}

async function runFetch({ config, db, http, line }: CommandRun) {
  for (const raw of line.positionals) {
    const { paperId } = parseArxivIdentifier(raw);
    if (!isArxivId(paperId)) throw new UsageError(`${raw} is not an arXiv id`);
    const paper = await fetchArxivPaper(http, config.ARXIV_API_BASE_URL, paperId);
    if (!paper) {
      console.log(`${paperId}: arXiv has no such paper`);
      process.exitCode = 1;
      continue;
    }
    const counts = await storePapers(db, [paper]);
    const state = counts.inserted ? 'inserted' : counts.updated ? 'updated' : 'unchanged';
    console.log(`${paperId}: ${state} (${paper.title})`);
  }
}

const RUNNERS: Record<Command, (run: CommandRun) => Promise<void>> = {
  import: runImport,
  harvest: runHarvest,
  fetch: runFetch,
  grants: runGrants,
};

async function main(argv: string[]) {
  const config = loadConfig();
  const line = parseCommandLine(argv);
  // docs/security.md#embedded-database-lock: refused at once (exit 1, nothing touched) while the server or another CLI holds DATA_DIR.
  const database = openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    role: `pnpm ingest ${line.command}`,
  });
  try {
    await database.withStartupLock(() => database.migrate());
    // docs/security.md#outbound-requests-to-arxiv: on PostgreSQL the running servers' arXiv schedule is shared with this command.
    const intervalMs = config.ARXIV_REQUEST_INTERVAL_MS;
    const pacer = createDatabasePacer(database.db, { service: 'arxiv', intervalMs });
    const http = createArxivHttp({ intervalMs, pacer });
    await RUNNERS[line.command]({ config, db: database.db, http, line });
  } finally {
    await database.close();
  }
}

runCommand(main, USAGE);
