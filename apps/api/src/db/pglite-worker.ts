import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  type EncodedOptions,
  type PgliteWorkerData,
  type Reply,
  type Request,
  serializeError,
  type TransferredResults,
} from './pglite-protocol';

/**
 * PGlite worker thread entry (started by pglite-proxy.ts; docs/architecture.md#embedded-database-in-a-worker-thread):
 * it owns the on-disk PGlite and answers the main thread's requests in the order they arrive, so
 * PGlite's own queueing (one statement at a time, outside queries waiting for an open transaction)
 * is exactly what it was on the main thread.
 */
const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (pglite-proxy.ts starts it)');
const { dataDir } = workerData as PgliteWorkerData;

// The same extensions as client.ts opens an in-memory PGlite with: pg_trgm (typo-tolerant title search).
const pglite = new PGlite(dataDir, { extensions: { pg_trgm } });
/** The open transactions, by the id the main thread gave them; `end` settles the callback PGlite awaits. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; endRequest?: number }>();
/** Thrown into PGlite's transaction callback to make it roll back; never leaves the worker. */
const ROLLBACK = Symbol('rollback');

const send = (reply: Reply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
const fail = (id: number, error: unknown) => send({ id, ok: false, error: serializeError(error) });

/** Parsers the main thread runs itself (functions cannot cross): here they leave the text as it is. */
function decodeOptions(options: EncodedOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  const { rawTypes, blob, ...rest } = options;
  const decoded: QueryOptions = { ...rest };
  if (rawTypes?.length) decoded.parsers = Object.fromEntries(rawTypes.map((oid) => [oid, (text: string) => text]));
  if (blob) decoded.blob = new Blob([blob]);
  return decoded;
}

/** A written /dev/blob (COPY … TO '/dev/blob') crosses as its bytes, transferred rather than copied. */
async function encodeResults(results: Results): Promise<{ value: TransferredResults; transfer: ArrayBuffer[] }> {
  const { blob, ...rest } = results;
  if (!blob) return { value: rest, transfer: [] };
  const bytes = await blob.arrayBuffer();
  return { value: { ...rest, blob: bytes }, transfer: [bytes] };
}

function answer(id: number, work: Promise<Results | Results[]>) {
  work.then(
    async (results) => {
      const list = Array.isArray(results) ? results : [results];
      const encoded = await Promise.all(list.map(encodeResults));
      const value = Array.isArray(results) ? encoded.map((e) => e.value) : encoded[0]?.value;
      send(
        { id, ok: true, value },
        encoded.flatMap((e) => e.transfer),
      );
    },
    (error: unknown) => fail(id, error),
  );
}

/** The transaction's handle, or the main thread is told at once that it is gone (PGlite's own message). */
function transactionOf(id: number, txId: number): Transaction | undefined {
  const open = transactions.get(txId);
  if (!open) fail(id, new Error('Transaction is closed'));
  return open?.tx;
}

function begin(id: number, txId: number) {
  let started = false;
  pglite
    .transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          started = true;
          transactions.set(txId, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
          send({ id, ok: true, value: undefined });
        }),
    )
    .then(
      () => finish(txId, undefined),
      (error: unknown) => (started ? finish(txId, error === ROLLBACK ? undefined : error) : fail(id, error)),
    );
}

/** Answers the main thread's `end` once PGlite has committed or rolled back. */
function finish(txId: number, error: unknown) {
  const open = transactions.get(txId);
  transactions.delete(txId);
  if (open?.endRequest === undefined) return;
  if (error === undefined) send({ id: open.endRequest, ok: true, value: undefined });
  else fail(open.endRequest, error);
}

function handle(request: Request) {
  const { id } = request;
  switch (request.op) {
    case 'query': {
      const target = request.txId === undefined ? pglite : transactionOf(id, request.txId);
      if (target) answer(id, target.query(request.sql, request.params, decodeOptions(request.options)));
      return;
    }
    case 'exec': {
      const target = request.txId === undefined ? pglite : transactionOf(id, request.txId);
      if (target) answer(id, target.exec(request.sql, decodeOptions(request.options)));
      return;
    }
    case 'begin':
      begin(id, request.txId);
      return;
    case 'rollback': {
      const tx = transactionOf(id, request.txId);
      if (tx)
        tx.rollback().then(
          () => send({ id, ok: true, value: undefined }),
          (error: unknown) => fail(id, error),
        );
      return;
    }
    case 'end': {
      const open = transactions.get(request.txId);
      if (!open) return fail(id, new Error('Transaction is closed'));
      open.endRequest = id;
      open.end(request.commit);
      return;
    }
    case 'close':
      pglite.close().then(
        () => send({ id, ok: true, value: undefined }),
        (error: unknown) => fail(id, error),
      );
      return;
  }
}

// Every request is handed to PGlite synchronously, in arrival order: its mutexes then keep that order.
port.on('message', handle);
// Opening the data directory fails here (a damaged directory, an incompatible version): the main thread
// rejects everything with this error instead of waiting for answers that never come.
pglite.waitReady.then(
  () => send({ ready: true }),
  (error: unknown) => send({ ready: false, error: serializeError(error) }),
);
