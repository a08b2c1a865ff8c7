/**
 * Database errors caused by the data a client sent, not by the server (docs/security.md#input-validation). The contract's
 * zText and bounded numbers refuse most bad input first; this is the backstop for whatever still reaches
 * SQL, so a value PostgreSQL cannot store is a 400 naming the problem, never a 500.
 *
 * SQLSTATE class 22 is "data exception" (PostgreSQL manual, appendix A); 54000 is "program limit
 * exceeded" (e.g. a text too long for a tsvector); a few internal errors are named below. Both drivers
 * put the SQLSTATE in `code`: node-postgres on its DatabaseError, PGlite on its own error; Drizzle wraps
 * either in a DrizzleQueryError whose `cause` is the driver's error, so the chain of causes is searched.
 */
const MESSAGES: Record<string, string> = {
  '22021': 'The request contains text the database cannot store (a NUL character or an invalid byte sequence)',
  '22P05': 'The request contains characters the database cannot store',
  '22008': 'A date or time in the request is out of range',
  '22007': 'A date or time in the request is not valid',
  '22003': 'A number in the request is out of range',
  '22001': 'A text in the request is too long',
  '22P02': 'A value in the request has the wrong format',
  '54000': 'A value in the request is too large for the database',
};
const FALLBACK_MESSAGE = 'A value in the request cannot be stored by the database';

/**
 * SQLSTATE XX000 is an internal error, a server fault as a rule; these few are the client's text, named by
 * their message (raised with elog, whose messages are never translated). websearch_to_tsquery (and
 * to_tsquery) overflow a stack of 32 operators on a long run of negations: db/sql/full-text.ts cuts such
 * runs from search text, and this is the backstop for any other path a user's text takes to a tsquery.
 */
const INTERNAL_ERROR = 'XX000';
const CLIENT_INTERNAL_ERRORS: Record<string, string> = {
  'tsquery stack too small': 'A search in the request has too many operators in a row (a run of "-")',
};

const isBadDataCode = (code: string) => /^22[0-9A-Z]{3}$/.test(code) || code === '54000';

/** SQLSTATE 57014: the statement ran past its statement_timeout (or was cancelled). */
export const QUERY_CANCELED = '57014';

/** The first database error in `error`'s chain of causes: its SQLSTATE and the database's own message. */
function databaseErrorOf(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    // Only a five-character SQLSTATE: Node's own errors (ERR_…, ECONNRESET) have codes too.
    if (typeof code === 'string' && code.length === 5) return { code, message: current.message };
    current = current.cause;
  }
  return undefined;
}

/** The SQLSTATE of the first database error in `error`'s chain of causes. */
export const sqlStateOf = (error: unknown): string | undefined => databaseErrorOf(error)?.code;

export interface BadData {
  sqlState: string;
  /** The sentence the client gets (never the query or its parameters). */
  message: string;
  /** The database's own message, for the log: it names the problem without the statement. */
  reason: string;
}

/** The client's bad data behind a database error in `error`'s chain of causes, when their data caused it. */
export function findBadData(error: unknown): BadData | undefined {
  const found = databaseErrorOf(error);
  if (!found) return undefined;
  const { code, message: reason } = found;
  const dataMessage = isBadDataCode(code) ? (MESSAGES[code] ?? FALLBACK_MESSAGE) : undefined;
  const message = code === INTERNAL_ERROR ? CLIENT_INTERNAL_ERRORS[reason] : dataMessage;
  return message === undefined ? undefined : { sqlState: code, message, reason };
}
