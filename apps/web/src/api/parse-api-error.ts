import { ZError } from '@paperbench/contract';

export type TApiErrorInfo = {
  /** HTTP status, or null when no response arrived (network failure, timeout). */
  status: number | null;
  /** The contract's machine-readable code (NOT_FOUND, NOT_IMPLEMENTED, …) or a client-side one. */
  code: string;
  /** A sentence to show a person. */
  message: string;
};

function isResponseLike(error: unknown): error is { status: number; body: unknown } {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number';
}

/**
 * The one place that turns whatever a failed call threw (a ts-rest error response carrying the
 * contract's {error, message} body, a timeout, a network error) into something the UI can show.
 */
export function parseApiError(error: unknown): TApiErrorInfo {
  if (isResponseLike(error)) {
    const body = ZError.safeParse(error.body);
    if (body.success) return { status: error.status, code: body.data.error, message: body.data.message };
    return { status: error.status, code: 'HTTP_ERROR', message: `The server answered with status ${error.status}.` };
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return { status: null, code: 'TIMEOUT', message: 'The server took too long to answer. Please try again.' };
  }
  if (error instanceof DOMException && error.name === 'AbortError') {
    return { status: null, code: 'ABORTED', message: 'The request was cancelled.' };
  }
  if (error instanceof TypeError) {
    return {
      status: null,
      code: 'NETWORK',
      message: 'Could not reach the server. Check your connection and try again.',
    };
  }
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
  return { status: null, code: 'UNKNOWN', message };
}
