import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  messages,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
  TransactionAbortedError,
} from '@electric-sql/pglite';
import { query as templatedQuery } from '@electric-sql/pglite/template';
import type {
  EncodedOptions,
  PgliteWorkerData,
  Reply,
  Request,
  SerializedError,
  TransferredResults,
} from './pglite-protocol';

/** What the app uses of a PGlite (Drizzle's session and migrator, db/raw-session.ts, client.ts). */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close' | 'closed' | 'waitReady'>;

/**
 * docs/architecture.md#embedded-database-in-a-worker-thread: the worker is pglite-worker.js beside the
 * bundle's chunks; from source (vitest, tsx) the .ts file, with tsx's loader registered inside the worker
 * first (Node 20 ignores `--import` in a worker's execArgv).
 */
function startWorker(workerData: PgliteWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  // tsx's ESM API sits beside the CommonJS one that require.resolve finds.
  const tsxApi = new URL('./index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')));
  const entry = new URL('./pglite-worker.ts', import.meta.url);
  const bootstrap = `import { register } from ${JSON.stringify(tsxApi.href)}; register(); await import(${JSON.stringify(entry.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), { workerData });
}

/** PostgreSQL's error fields come back on an error of PGlite's own class, as the code checks them (`code`, …). */
function rebuildError(serialized: SerializedError, options: QueryOptions | undefined): Error {
  const { kind, name, message, fields } = serialized;
  const error =
    kind === 'TransactionAbortedError'
      ? new TransactionAbortedError()
      : kind === 'DatabaseError'
        ? new messages.DatabaseError(message, Number(fields.length ?? 0), name as messages.MessageName)
        : new Error(message);
  Object.assign(error, fields, { name });
  // PGlite attaches the query's options to its errors; the caller's own (with its parsers) stand in.
  if ('query' in fields) Object.assign(error, { queryOptions: options });
  return error;
}

/** A Blob crosses as its bytes; functions cannot cross, so the caller's parsers run here (see applyParsers). */
function encodeOptions(options: QueryOptions | undefined): EncodedOptions | undefined {
  if (!options) return undefined;
  const { parsers, serializers, onNotice, blob, ...rest } = options;
  if (serializers || onNotice) {
    throw new Error('PGlite query options `serializers` and `onNotice` are not available through the worker thread');
  }
  return parsers ? { ...rest, rawTypes: Object.keys(parsers).map(Number) } : rest;
}

/** The caller's parsers over the text the worker left for their types, as PGlite would have run them. */
function applyParsers(results: Results, options: QueryOptions | undefined): void {
  const parsers = options?.parsers;
  if (!parsers || !results.fields.length) return;
  const byArray = options?.rowMode === 'array';
  results.fields.forEach(({ name, dataTypeID }, index) => {
    // PGlite calls a parser with the type id too (its typings name the text only).
    const parse = parsers[dataTypeID] as ((text: string, typeId: number) => unknown) | undefined;
    if (!parse) return;
    // Object rows keep the last column of a repeated name: only that one's value is there to parse.
    if (!byArray && results.fields.findLastIndex((field) => field.name === name) !== index) return;
    for (const row of results.rows as Record<string | number, unknown>[]) {
      const key = byArray ? index : name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, dataTypeID);
    }
  });
}

function decodeResults(value: TransferredResults, options: QueryOptions | undefined): Results {
  const { blob, ...rest } = value;
  const results: Results = blob ? { ...rest, blob: new Blob([blob]) } : rest;
  applyParsers(results, options);
  return results;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: SerializedError | Error) => void;
}

/**
 * docs/architecture.md#embedded-database-in-a-worker-thread: an on-disk PGlite run by a worker thread,
 * so its WASM work no longer blocks the server's event loop. Requests go to the worker in call order,
 * and the worker hands them to PGlite in that order, so PGlite's queueing is unchanged: one statement at
 * a time, and statements outside an open transaction wait until it ends.
 */
export class PgliteProxy implements PgliteClient {
  readonly waitReady: Promise<void>;
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextTransaction = 1;
  /** Requests waiting for a Blob's bytes, and those sent after them (the order must hold). */
  #outbox: Promise<void> | undefined;
  /** Why the worker can no longer answer (it died, or PGlite failed to open). */
  #broken: Error | undefined;
  #closing: Promise<void> | undefined;
  #closed = false;

  /**
   * `onFailure` runs once if the worker thread dies before close() (an uncaught error in it): every
   * request then fails, as a crash of PGlite on the main thread would have stopped the process.
   */
  constructor(dataDir: string, { onFailure }: { onFailure?: (error: Error) => void } = {}) {
    this.#worker = startWorker({ dataDir });
    // Like PGlite on the main thread, an idle database does not keep the process alive (see #settle).
    this.#worker.unref();
    let ready: { resolve: () => void; reject: (error: Error) => void } | undefined;
    this.waitReady = new Promise<void>((resolve, reject) => {
      ready = { resolve, reject };
    });
    this.waitReady.catch(() => undefined);
    this.#worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        if (reply.ready) ready?.resolve();
        else ready?.reject(rebuildError(reply.error, undefined));
        return;
      }
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#settle(reply.id);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(reply.error);
    });
    const stop = (error: Error) => {
      if (!this.#broken && !this.#closing) onFailure?.(error);
      this.#broken ??= error;
      ready?.reject(error);
      for (const [id, pending] of this.#pending) {
        this.#settle(id);
        pending.reject(error);
      }
    };
    this.#worker.on('error', (error) =>
      stop(new Error(`the PGlite worker thread failed: ${error.message}`, { cause: error })),
    );
    this.#worker.on('exit', (code) => stop(new Error(`the PGlite worker thread exited (code ${code})`)));
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  async sql<T>(strings: TemplateStringsArray, ...values: unknown[]): Promise<Results<T>> {
    const { query, params } = templatedQuery(strings, ...values);
    return this.#query<T>(undefined, query, params, undefined);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, sql, options);
  }

  /**
   * The worker opens PGlite's own transaction and runs the statements tagged with its id inside it until
   * `callback` settles: resolved, it commits; thrown, it rolls back and the callback's error is rethrown.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = this.#nextTransaction++;
    await this.#call({ op: 'begin', id: 0, txId });
    let closed = false;
    const ensureOpen = () => {
      // PGlite's own message for a statement on a finished transaction.
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: Transaction = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        ensureOpen();
        return this.#query<R>(txId, sql, params, options);
      },
      sql: async <R>(strings: TemplateStringsArray, ...values: unknown[]) => {
        ensureOpen();
        const { query, params } = templatedQuery(strings, ...values);
        return this.#query<R>(txId, query, params, undefined);
      },
      exec: async (sql: string, options?: QueryOptions) => {
        ensureOpen();
        return this.#exec(txId, sql, options);
      },
      rollback: async () => {
        ensureOpen();
        await this.#call({ op: 'rollback', id: 0, txId });
        closed = true;
      },
      listen: async () => {
        throw new Error('LISTEN is not available through the PGlite worker thread');
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#call({ op: 'end', id: 0, txId, commit: false });
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', id: 0, txId, commit: true });
    return result;
  }

  /** Closes PGlite in the worker (its files flushed), then ends the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#broken) await this.#call({ op: 'close', id: 0 });
      } finally {
        this.#closed = true;
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }

  async #query<T>(txId: number | undefined, sql: string, params: unknown[] | undefined, options?: QueryOptions) {
    const value = await this.#call({ op: 'query', id: 0, txId, sql, params, options: encodeOptions(options) }, options);
    return decodeResults(value as TransferredResults, options) as Results<T>;
  }

  async #exec(txId: number | undefined, sql: string, options?: QueryOptions) {
    const value = await this.#call({ op: 'exec', id: 0, txId, sql, options: encodeOptions(options) }, options);
    return (value as TransferredResults[]).map((results) => decodeResults(results, options));
  }

  /**
   * Sends one request and waits for its answer. The Error is built here, after the await, so its stack
   * carries the caller's frames (V8's async stack traces) rather than the message handler's.
   */
  async #call(request: Request, options?: QueryOptions): Promise<unknown> {
    try {
      return await new Promise((resolve, reject) => {
        // While close() runs, a transaction still open may end: PGlite decides what it accepts then.
        if (this.#closed) throw new Error('PGlite is closed');
        if (this.#broken) throw this.#broken;
        const id = this.#nextId++;
        request.id = id;
        this.#pending.set(id, { resolve, reject });
        this.#worker.ref();
        try {
          this.#post(request, options?.blob);
        } catch (error) {
          // A parameter structured clone cannot copy (a function, a class with native state): refused here.
          this.#settle(id);
          throw error;
        }
      });
    } catch (error) {
      throw error instanceof Error ? error : rebuildError(error as SerializedError, options);
    }
  }

  #post(request: Request, blob: Blob | File | undefined) {
    if (!blob && !this.#outbox) return this.#worker.postMessage(request);
    // A Blob's bytes are read asynchronously: this request and every later one wait their turn.
    const sent = (this.#outbox ?? Promise.resolve()).then(async () => {
      try {
        if (!blob) return this.#worker.postMessage(request);
        const bytes = await blob.arrayBuffer();
        if (request.op === 'query' || request.op === 'exec') request.options = { ...request.options, blob: bytes };
        this.#worker.postMessage(request, [bytes]);
      } catch (error) {
        const pending = this.#pending.get(request.id);
        this.#settle(request.id);
        pending?.reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    this.#outbox = sent;
    sent.then(() => {
      if (this.#outbox === sent) this.#outbox = undefined;
    });
  }

  #settle(id: number) {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }
}
