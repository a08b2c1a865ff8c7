import { messages, type QueryOptions, type Results, TransactionAbortedError } from '@electric-sql/pglite';

/**
 * The messages between pglite-proxy.ts (main thread) and pglite-worker.ts (the worker owning PGlite).
 * Everything here survives structured clone: functions (parsers) and Blobs are encoded first.
 */

export interface PgliteWorkerData {
  /** The PGlite directory (DATA_DIR/pglite), already locked by the main thread. */
  dataDir: string;
}

/** QueryOptions as they cross: parsers by type id only (run on the main side), a blob as its bytes. */
export type EncodedOptions = Omit<QueryOptions, 'parsers' | 'serializers' | 'onNotice' | 'blob'> & {
  /** Type ids whose values come back as PostgreSQL's text, for the caller's own parsers. */
  rawTypes?: number[];
  blob?: ArrayBuffer;
};

export type Request =
  | { op: 'query'; id: number; txId?: number; sql: string; params?: unknown[]; options?: EncodedOptions }
  | { op: 'exec'; id: number; txId?: number; sql: string; options?: EncodedOptions }
  | { op: 'begin'; id: number; txId: number }
  | { op: 'rollback'; id: number; txId: number }
  | { op: 'end'; id: number; txId: number; commit: boolean }
  | { op: 'close'; id: number };

export type TransferredResults = Omit<Results, 'blob'> & { blob?: ArrayBuffer };

export interface SerializedError {
  /** PGlite's error classes are rebuilt as themselves on the main side (their bundled names are minified). */
  kind: 'TransactionAbortedError' | 'DatabaseError' | 'Error';
  name: string;
  message: string;
  stack?: string | undefined;
  /** Own enumerable fields that can be cloned: code, detail, constraint, severity, query, params, … */
  fields: Record<string, unknown>;
}

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { ready: true }
  | { ready: false; error: SerializedError };

/** An error as data: Error's structured clone keeps only name and message, not PostgreSQL's fields. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { kind: 'Error', name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // queryOptions holds the parsers (functions): the main side puts the caller's own options back.
    if (key === 'queryOptions' || key === 'name' || key === 'message' || key === 'stack') continue;
    if (value === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof value)) {
      fields[key] = value;
    } else {
      try {
        fields[key] = structuredClone(value);
      } catch {
        // Not cloneable (a function, a handle): left out rather than failing the whole answer.
      }
    }
  }
  const kind =
    error instanceof TransactionAbortedError
      ? 'TransactionAbortedError'
      : error instanceof messages.DatabaseError
        ? 'DatabaseError'
        : 'Error';
  return { kind, name: error.name, message: error.message, stack: error.stack, fields };
}
