import type { TErrorCode } from '@paperbench/contract';
import { AiTimeoutError } from '../ai/model';
import { AppError } from './app-error';

/**
 * A failed model call as the client hears of it (docs/ai.md#summaries: "a failing model answers 502, a
 * timeout 503"). Thrown before a stream starts, the error handler answers its status; after, the event
 * stream sends it as an `error` event with the same code and message (lib/event-stream.ts).
 *
 * - an AppError is a refusal already decided (a quota met mid-stream, a failure mapped deeper): it stays;
 * - a timeout (AiTimeoutError, LLM_TIMEOUT_MS) is SERVICE_UNAVAILABLE with its own message;
 * - anything else the model layer throws (an upstream 4xx or 5xx, its rate limit, an unreachable host, an
 *   aborted call, output still invalid after the repair retry) is `code`, BAD_GATEWAY unless the caller
 *   knows its remaining errors are not the model's, with the route's `message`.
 */
export function modelFailure(error: unknown, message: string, code: TErrorCode = 'BAD_GATEWAY'): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof AiTimeoutError) return new AppError('SERVICE_UNAVAILABLE', error.message);
  return new AppError(code, message);
}
