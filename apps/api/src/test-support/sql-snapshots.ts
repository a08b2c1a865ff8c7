/**
 * docs/testing.md#sql-snapshots: the statements a repository function sends, rendered for review.
 *
 * The function runs against a stand-in for node-postgres's pool that records each statement and
 * answers it from the scenario's canned rows, so any path (RUM or GIN, a corpus large enough for
 * estimated totals, a kept common-word order) is reached without a database holding it. The text is
 * what Drizzle's PostgreSQL dialect renders, the same for both drivers; only the driver's transport
 * differs (PGlite opens a transaction itself, node-postgres sends `begin`, recorded here).
 */
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { format } from 'sql-formatter';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { packageRoot } from '../lib/package-paths';

interface RecordedStatement {
  text: string;
  values: readonly unknown[];
  /** The transaction it was sent in (a connection taken from the pool), or undefined: sent by the pool. */
  transaction: number | undefined;
}

/** The rows a canned answer gives, as column → value objects; select builders get them as arrays. */
export type CannedRows = Record<string, unknown>[];
/** Answers one statement (by its text) with rows; statements answered by no rule get none. */
export type Answer = (text: string) => CannedRows | undefined;

interface QueryConfig {
  text: string;
  rowMode?: 'array';
}

/** A connection that records what it is sent and answers it from `answer`. */
class RecordingConnection {
  constructor(
    private readonly statements: RecordedStatement[],
    private readonly answer: Answer,
    private readonly transaction: number | undefined,
  ) {}

  async query(config: QueryConfig | string, values: unknown[] = []) {
    const { text, rowMode } = typeof config === 'string' ? { text: config, rowMode: undefined } : config;
    this.statements.push({ text, values: [...values], transaction: this.transaction });
    const rows = this.answer(text) ?? [];
    return { rows: rowMode === 'array' ? rows.map((row) => Object.values(row)) : rows, rowCount: rows.length };
  }

  release() {}
}

/** Named so Drizzle's node-postgres session takes a connection of its own for each transaction. */
class RecordingPool extends RecordingConnection {
  private transactions = 0;

  constructor(
    private readonly recorded: RecordedStatement[],
    private readonly answers: Answer,
  ) {
    super(recorded, answers, undefined);
  }

  async connect() {
    this.transactions += 1;
    return new RecordingConnection(this.recorded, this.answers, this.transactions);
  }
}

/** Runs `work` on a fresh recording handle (so no cache of an earlier run answers for it); the statements it sent. */
async function recordStatements(answer: Answer, work: (db: Db) => Promise<unknown>) {
  const statements: RecordedStatement[] = [];
  const db = drizzle(new RecordingPool(statements, answer) as never, { schema }) as unknown as Db;
  await work(db);
  return statements;
}

/** Answers the first rule whose pattern the statement's text matches. */
export const answerBy =
  (rules: readonly [RegExp, CannedRows][]): Answer =>
  (text) =>
    rules.find(([pattern]) => pattern.test(text))?.[1];

/** A row of nulls, wider than any select list: a page row whose content the caller does not read. */
const BLANK_ROW = Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`column${i}`, null]));

/** `count` rows whose columns are all null. */
export const blankRows = (count: number): CannedRows => Array.from({ length: count }, () => BLANK_ROW);

const formatted = (text: string) =>
  format(text, { language: 'postgresql', keywordCase: 'preserve', tabWidth: 2, expressionWidth: 80 });

/** Longest a parameter is shown (a batch of keys travels as one JSON parameter of thousands of characters). */
const MAX_SHOWN = 160;

function shownValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN)}… (${text.length} characters)`;
}

const parameterLines = (values: readonly unknown[]) =>
  values.map((value, i) => `--   $${i + 1} = ${shownValue(value)}`);

/**
 * Statements grouped as sent: a transaction's together (its `begin` to its `commit`), the pool's one
 * by one, in the order each group began.
 */
function groups(statements: readonly RecordedStatement[]): RecordedStatement[][] {
  const byTransaction = new Map<number, RecordedStatement[]>();
  const ordered: RecordedStatement[][] = [];
  for (const statement of statements) {
    if (statement.transaction === undefined) {
      ordered.push([statement]);
      continue;
    }
    const group = byTransaction.get(statement.transaction);
    if (group) group.push(statement);
    else {
      const opened = [statement];
      byTransaction.set(statement.transaction, opened);
      ordered.push(opened);
    }
  }
  return ordered;
}

/** One call of a repository function, and what the stand-in database answers it. */
export interface SqlScenario {
  /** The function and the path taken, e.g. `searchPapers: relevance, RUM, first page`. */
  title: string;
  /** The call's inputs (as JSON in the file). */
  input: unknown;
  /** What the canned answers stand for (as JSON in the file), e.g. `{ papers: 250000 }`. */
  database?: Record<string, unknown>;
  answer?: Answer;
  run: (db: Db) => Promise<unknown>;
}

/** One scenario as it stands in a snapshot file: its title and inputs, then each statement and its parameters. */
async function renderScenario({ title, input, database, answer, run }: SqlScenario): Promise<string> {
  const statements = await recordStatements(answer ?? (() => undefined), run);
  const lines = [`-- ${title}`, `-- input: ${JSON.stringify(input)}`];
  if (database) lines.push(`-- database: ${JSON.stringify(database)}`);
  groups(statements).forEach((group, i) => {
    const transaction = group[0]?.transaction === undefined ? '' : ' (one transaction)';
    lines.push('', `-- statement group ${i + 1}${transaction}`);
    for (const { text, values } of group) {
      lines.push(`${formatted(text)};`);
      if (values.length > 0) lines.push('-- parameters:', ...parameterLines(values));
    }
  });
  return lines.join('\n');
}

const queriesDir = path.join(packageRoot, 'src', 'queries');

/**
 * Renders the scenarios into `src/queries/<file>` and compares it with the committed file (written
 * when missing, rewritten by `vitest -u`): a difference fails the test.
 */
export async function expectSqlSnapshot(file: string, source: string, scenarios: readonly SqlScenario[]) {
  const header = [
    `The SQL ${source} sends, one scenario per call (docs/testing.md#sql-snapshots).`,
    'Generated by src/queries/*.sql.test.ts: do not edit. After a deliberate change:',
    '  cd apps/api && npx vitest run src/queries -u',
  ];
  const rendered = [];
  for (const scenario of scenarios) rendered.push(await renderScenario(scenario));
  const text = `${[header.map((line) => `-- ${line}`).join('\n'), ...rendered].join('\n\n')}\n`;
  await expect(text, UPDATE_HINT).toMatchFileSnapshot(path.join(queriesDir, file));
}

const UPDATE_HINT =
  'The SQL sent differs from the committed snapshot (docs/testing.md#sql-snapshots). If the change is meant, ' +
  'run `cd apps/api && npx vitest run src/queries -u` and commit the .sql files with it.';
