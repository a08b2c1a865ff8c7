import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { AiInvalidOutputError, AiTimeoutError } from '../ai/model';
import { AppError } from './app-error';
import { modelFailure } from './model-failure';

const upstream = (statusCode: number) =>
  new APICallError({
    message: `upstream ${statusCode}`,
    url: 'http://127.0.0.1/v1',
    requestBodyValues: {},
    statusCode,
  });

describe('modelFailure', () => {
  it('answers a timeout 503 with its own message', () => {
    const failure = modelFailure(new AiTimeoutError(10), 'The summary could not be written.');
    expect(failure).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      statusCode: 503,
      message: expect.stringContaining('10 ms'),
    });
  });

  it.each([
    ['an upstream 5xx', upstream(500)],
    ['an upstream 4xx', upstream(400)],
    ['an upstream rate limit', upstream(429)],
    ['an unreachable host', new TypeError('fetch failed')],
    ['an aborted call', new DOMException('The operation was aborted.', 'AbortError')],
    ['invalid output', new AiInvalidOutputError('invalid', '{')],
  ])('answers %s 502 with the route message', (_, error) => {
    expect(modelFailure(error, 'The summary could not be written.')).toMatchObject({
      code: 'BAD_GATEWAY',
      statusCode: 502,
      message: 'The summary could not be written.',
    });
  });

  it("keeps an AppError already decided, and a caller's own code for the rest", () => {
    const conflict = new AppError('CONFLICT', 'quota');
    expect(modelFailure(conflict, 'x')).toBe(conflict);
    expect(modelFailure(new Error('db'), 'The ideas could not be completed.', 'INTERNAL')).toMatchObject({
      code: 'INTERNAL',
      statusCode: 500,
    });
  });
});
