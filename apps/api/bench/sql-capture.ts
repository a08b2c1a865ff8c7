/**
 * The SQL an HTTP request made the API run, and what the database alone spends on it: the bench
 * records every statement the in-process API sends through node-postgres while one request is in
 * flight (a bench-only wrapper around pg.Client#query; nothing in src/ knows), then runs each read
 * statement again on its own connection as EXPLAIN (ANALYZE, TIMING OFF) with the same parameters and
 * takes the server's "Execution Time". That is the statement the route really sent, whatever the
 * search code builds today, with no server setting to change (pg_stat_statements needs a preload and a
 * restart; auto_explain writes to the server log).
 *
 * Only statements starting with SELECT or WITH (and no data-modifying CTE) are explained: EXPLAIN
 * ANALYZE executes what it explains, and a search's bookkeeping writes (popular queries) must not be
 * repeated. TIMING OFF leaves out the per-node clock reads that would inflate the time.
 */
import pg from 'pg';
import { QUERY_CANCELED, sqlStateOf } from '../src/lib/database-errors';

export interface CapturedStatement {
  text: string;
  values: unknown[];
  /** Which connection sent it: a transaction's BEGIN and COMMIT belong to one connection's statements. */
  session: number;
}

let recording: CapturedStatement[] | undefined;
const ignored = new WeakSet<pg.Client>();
const sessions = new WeakMap<pg.Client, number>();
let lastSession = 0;
let installed = false;

function sessionOf(client: pg.Client): number {
  let session = sessions.get(client);
  if (session === undefined) {
    lastSession += 1;
    session = lastSession;
    sessions.set(client, session);
  }
  return session;
}

/** Wraps pg.Client#query once; it records only while a capture is open and passes every call through. */
function install() {
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording && !ignored.has(this)) {
      const [first, second] = args;
      const session = sessionOf(this);
      if (typeof first === 'string') {
        recording.push({ text: first, values: Array.isArray(second) ? second : [], session });
      } else if (first && typeof first === 'object' && 'text' in first && typeof first.text === 'string') {
        const values = 'values' in first && Array.isArray(first.values) ? first.values : [];
        recording.push({ text: first.text, values: Array.isArray(second) ? second : values, session });
      }
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Records the statements sent while `work` runs (nothing else may use the pool meanwhile). */
export async function captureStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: CapturedStatement[] }> {
  install();
  if (recording) throw new Error('captureStatements does not nest');
  const statements: CapturedStatement[] = [];
  recording = statements;
  try {
    return { result: await work(), statements };
  } finally {
    recording = undefined;
  }
}

const READ = /^\s*(?:select|with)\b/i;
const WRITE = /\b(?:insert|update|delete|merge)\b/i;

/** A statement EXPLAIN ANALYZE may run again without changing anything. */
export const isReadOnly = ({ text }: CapturedStatement) =>
  READ.test(text) && !(/^\s*with\b/i.test(text) && WRITE.test(text));

export interface ExplainedStatement {
  /** The statement's first words, for the report. */
  head: string;
  /** Median "Execution Time" over the runs, ms. */
  executionMs: number;
  planningMs: number;
  /** Indexes the plan reads, and "seq scan <table>" for tables it reads whole. */
  access: string[];
  /**
   * The statement ran past a statement_timeout its transaction set (a best-effort read with a budget,
   * src/db/statement-budget.ts); executionMs is then the time until it was cancelled.
   */
  cancelled?: boolean;
}

interface PlanNode {
  'Node Type'?: string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function accessPaths(node: PlanNode, into: Set<string>) {
  if (node['Index Name']) into.add(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) into.add(`seq scan ${node['Relation Name']}`);
  for (const child of node.Plans ?? []) accessPaths(child, into);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};

/** An own connection to the database the API uses, never recorded by a capture. */
export async function explainConnection(url: string): Promise<pg.Client> {
  // The settings of the server's pool (db/client.ts): with JIT on, a statement planned as costly (the
  // recommendations' candidate query at 2.6M papers) was explained at 272 ms while the request took 106-115.
  const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
  ignored.add(client);
  await client.connect();
  return client;
}

const headOf = (statement: CapturedStatement) => ({ head: statement.text.replace(/\s+/g, ' ').trim().slice(0, 60) });

/** EXPLAIN (ANALYZE, TIMING OFF) `runs` times; the median execution and planning times. */
export async function explainStatement(
  client: pg.Client,
  statement: CapturedStatement,
  runs = 3,
): Promise<ExplainedStatement> {
  const executions: number[] = [];
  const plannings: number[] = [];
  const access = new Set<string>();
  for (let run = 0; run < runs; run += 1) {
    const result = await client.query<{
      'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }[];
    }>(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${statement.text}`, statement.values);
    const [plan] = result.rows[0]?.['QUERY PLAN'] ?? [];
    if (!plan) throw new Error(`EXPLAIN returned no plan for ${statement.text.slice(0, 80)}`);
    executions.push(plan['Execution Time']);
    plannings.push(plan['Planning Time']);
    accessPaths(plan.Plan, access);
  }
  return {
    ...headOf(statement),
    executionMs: median(executions),
    planningMs: median(plannings),
    access: [...access].sort(),
  };
}

const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const END = /^\s*(?:commit|rollback|end)\b/i;

/**
 * Replays one request's statements, connection by connection in the order each sent them: its read
 * statements explained, its transactions opened again around them (a transaction-local setting such as
 * pg_trgm's similarity threshold then applies as it did) and rolled back; writes are left out.
 */
export async function explainRequest(
  client: pg.Client,
  statements: readonly CapturedStatement[],
  runs = 3,
): Promise<ExplainedStatement[]> {
  const explained: ExplainedStatement[] = [];
  for (const session of new Set(statements.map((statement) => statement.session))) {
    let open = false;
    // The rest of a transaction whose statement was cancelled would fail: it is aborted.
    let cancelled = false;
    try {
      for (const statement of statements.filter((s) => s.session === session)) {
        if (BEGIN.test(statement.text)) {
          if (!open) await client.query('BEGIN');
          open = true;
        } else if (END.test(statement.text)) {
          if (open) await client.query('ROLLBACK');
          open = false;
          cancelled = false;
        } else if (isReadOnly(statement) && !cancelled) {
          const started = performance.now();
          try {
            explained.push(await explainStatement(client, statement, runs));
          } catch (error) {
            if (sqlStateOf(error) !== QUERY_CANCELED) throw error;
            // Cancelled at its budget, as the API's own run would have been: what it cost is the wait.
            explained.push({
              ...headOf(statement),
              executionMs: performance.now() - started,
              planningMs: 0,
              access: [],
              cancelled: true,
            });
            cancelled = true;
          }
        }
      }
    } finally {
      if (open) await client.query('ROLLBACK');
    }
  }
  return explained;
}
