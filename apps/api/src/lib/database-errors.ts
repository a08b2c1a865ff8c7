/**
 * Database errors caused by the data a client sent, not by the server (docs/security.md#input-validation). The contract's
 * zText and bounded numbers refuse most bad input first; this is the backstop for whatever still reaches
 * SQL, so a value PostgreSQL cannot store is a 400 naming the problem, never a 500.
 *
 * SQLSTATE class 22 is "data exception" (PostgreSQL manual, appendix A); 54000 is "program limit
 * exceeded" (e.g. a text too long for a tsvector). Both drivers put the SQLSTATE in `code`: node-postgres
 * on its DatabaseError, PGlite on its own error; Drizzle wraps either in a DrizzleQueryError whose `cause`
 * is the driver's error, so the chain of causes is searched.
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

const isBadDataCode = (code: string) => /^22[0-9A-Z]{3}$/.test(code) || code === '54000';

/** SQLSTATE 57014: the statement ran past its statement_timeout (or was cancelled). */
export const QUERY_CANCELED = '57014';

/** The SQLSTATE of the first database error in `error`'s chain of causes. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    // Only a five-character SQLSTATE: Node's own errors (ERR_…, ECONNRESET) have codes too.
    if (typeof code === 'string' && code.length === 5) return code;
    current = current.cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error in `error`'s chain of causes, when the client's data caused it. */
export function findBadDataSqlState(error: unknown): string | undefined {
  const code = sqlStateOf(error);
  return code !== undefined && isBadDataCode(code) ? code : undefined;
}

/** The sentence a client gets for a bad-data SQLSTATE (never the query or its parameters). */
export const badDataMessage = (sqlState: string): string => MESSAGES[sqlState] ?? FALLBACK_MESSAGE;
