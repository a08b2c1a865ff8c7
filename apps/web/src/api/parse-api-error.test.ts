import { describe, expect, it } from 'vitest';
import { parseApiError } from './parse-api-error';

describe('parseApiError', () => {
  it("reads the contract's error body", () => {
    const error = {
      status: 501,
      body: { error: 'NOT_IMPLEMENTED', message: 'folders not implemented yet' },
      headers: new Headers(),
    };
    expect(parseApiError(error)).toEqual({
      status: 501,
      code: 'NOT_IMPLEMENTED',
      message: 'folders not implemented yet',
    });
  });

  it('names the status when the body is not the error shape', () => {
    expect(parseApiError({ status: 502, body: '<html>' })).toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });

  it('explains timeouts and network failures', () => {
    expect(parseApiError(new DOMException('t', 'TimeoutError')).code).toBe('TIMEOUT');
    expect(parseApiError(new TypeError('Failed to fetch')).code).toBe('NETWORK');
  });

  it('falls back to the error message', () => {
    expect(parseApiError(new Error('odd'))).toEqual({ status: null, code: 'UNKNOWN', message: 'odd' });
  });
});
