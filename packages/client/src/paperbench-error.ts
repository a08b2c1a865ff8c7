import type { TError } from '@paperbench/contract';

/** A request the server refused: its status and the contract's error body ({error, message, details?}). */
export class PaperbenchError extends Error {
  constructor(
    readonly status: number,
    readonly body: TError | null,
  ) {
    super(body?.message ?? `The server answered ${status}`);
    this.name = 'PaperbenchError';
  }
}

/** The contract's error body out of whatever a refused response carried (null when it was not one). */
export function errorBody(body: unknown): TError | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, message } = body as Record<string, unknown>;
  return typeof error === 'string' && typeof message === 'string' ? (body as TError) : null;
}
