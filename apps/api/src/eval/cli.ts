/**
 * `pnpm eval` (docs/ai.md#scorecard): the scorecard of the configured model, or of extractive mode,
 * on a question set, through the real HTTP routes; printed, and stored in the server's database so
 * `GET /api/ai/scorecard` and the app show it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TScorecard } from '@paperbench/contract';
import { startBenchApp } from '../../bench/bench-app';
import { countPages, PDF_DIR } from '../../bench/library-pdfs';
import { withTimeout } from '../../bench/with-timeout';
import { loadConfig } from '../config';
import { aiEnv } from '../config/ai';
import { openDatabase } from '../db/client';
import { callerPath, UsageError } from '../lib/command-line';
import { insertScorecard } from '../modules/ai/scorecards.repo';
import { renderEvalReport } from './eval-report';
import { type EvalRun, type EvalTarget, runEval } from './eval-run';
import { checkGoldPages, DEFAULT_SET_FILE, type EvalSet, readEvalSet } from './eval-set';
import { summarizeEval } from './score-eval';

const USAGE = `usage: pnpm eval [--set FILE] [--base-url URL] [--pdf-dir DIR] [--no-save]
  --set FILE      a question set in bench/qa/questions.json's format (default: that file)
  --base-url URL  ask a running server (its model) instead of starting the app here on a scratch database
  --pdf-dir DIR   where the set's PDFs are, <paper>.pdf (default: apps/api/test/fixtures/pdfs)
  --no-save       print the scorecard only
Without --base-url the app runs in this process with the model settings of this environment (LLM_BASE_URL,
LLM_MODEL, …; none: extractive mode). The scorecard is stored in the server's database (DATABASE_URL, or the
embedded database under DATA_DIR: stop the server first, as for pnpm ingest).`;

const log = (message: string) => console.error(`eval: ${message}`);
const DRAIN_TIMEOUT_MS = 600_000;

function parseCommandLine(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      set: { type: 'string' },
      'base-url': { type: 'string' },
      'pdf-dir': { type: 'string' },
      'no-save': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const baseUrl = values['base-url']?.replace(/\/+$/, '');
  if (baseUrl !== undefined && !/^https?:\/\/[^/]+/.test(baseUrl))
    throw new UsageError('--base-url takes http(s)://host[:port]');
  return {
    setFile: values.set ? callerPath(values.set) : DEFAULT_SET_FILE,
    baseUrl,
    pdfDir: values['pdf-dir'] ? callerPath(values['pdf-dir']) : PDF_DIR,
    save: !values['no-save'],
  };
}

/** Every gold page inside its PDF, and every PDF there, before the run starts. */
async function checkSetPdfs(set: EvalSet, pdfDir: string) {
  const counts = new Map<string, number>();
  for (const paper of set.papers) {
    const file = path.join(pdfDir, `${paper}.pdf`);
    const data = await readFile(file).catch(() => {
      throw new Error(`${set.name} names ${paper}, but ${file} cannot be read (--pdf-dir)`);
    });
    counts.set(paper, await countPages(data));
  }
  checkGoldPages(set, counts);
}

/** The app in this process, on an in-memory database, with this environment's model settings. */
async function runInProcess(set: EvalSet, pdfDir: string): Promise<EvalRun> {
  const modelSettings = Object.fromEntries(Object.keys(aiEnv).map((key) => [key, process.env[key]]));
  const app = await startBenchApp(undefined, undefined, modelSettings);
  try {
    const settle = () => withTimeout(app.context.queue.drain(), DRAIN_TIMEOUT_MS, 'reading the PDFs');
    const target: EvalTarget = { baseUrl: app.baseUrl, pdfDir, log, settle };
    return await runEval(target, set);
  } finally {
    await app.close();
  }
}

async function store(scorecard: TScorecard) {
  const config = loadConfig();
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, role: 'pnpm eval' });
  try {
    await database.withStartupLock(() => database.migrate());
    const { mode, model, set_name: setName, set_hash: setHash, metrics } = scorecard;
    await insertScorecard(database.db, { mode, model, setName, setHash, metrics });
  } finally {
    await database.close();
  }
}

async function main(argv: string[]) {
  const line = parseCommandLine(argv);
  // A bad setting stops here, before minutes of questions, as it would stop the server.
  loadConfig();
  const set = await readEvalSet(line.setFile);
  await checkSetPdfs(set, line.pdfDir);
  const run = line.baseUrl
    ? await runEval({ baseUrl: line.baseUrl, pdfDir: line.pdfDir, log }, set)
    : await runInProcess(set, line.pdfDir);
  const scorecard: TScorecard = {
    mode: run.status.mode,
    model: run.status.model,
    set_name: set.name,
    set_hash: set.hash,
    created_at: new Date().toISOString(),
    metrics: summarizeEval(run.answers, run.status.mode),
  };
  console.log(renderEvalReport(scorecard, run.answers));
  if (!line.save) return;
  await store(scorecard);
  log('stored: GET /api/ai/scorecard and the app show it while this model (or extractive mode) is configured');
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
