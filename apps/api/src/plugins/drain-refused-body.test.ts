import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainRequestBody } from './drain-refused-body';

/** A request body of `chunks` pieces of ten bytes; with `isEndless` it never ends (a stalled client). */
const body = (chunks: number, { isEndless = false } = {}) => {
  let sent = 0;
  return new Readable({
    read() {
      if (sent < chunks) {
        sent++;
        this.push(Buffer.alloc(10));
      } else if (!isEndless) this.push(null);
    },
  }) as unknown as IncomingMessage;
};

describe('drainRequestBody (docs/security.md#input-validation)', () => {
  it('reads a refused body to its end, so the socket holds no unread bytes', async () => {
    const raw = body(3);
    expect(await drainRequestBody(raw, 100)).toBe(true);
    expect(raw.readableEnded).toBe(true);
  });

  it('gives up on a body longer than the bound (that connection is closed instead)', async () => {
    expect(await drainRequestBody(body(10), 15)).toBe(false);
  });

  it('gives up on a client that stops sending, after the time limit', async () => {
    expect(await drainRequestBody(body(1, { isEndless: true }), 100, 50)).toBe(false);
  });

  it('returns at once for a body already read', async () => {
    const raw = body(1);
    raw.resume();
    await new Promise((resolve) => raw.once('end', resolve));
    expect(await drainRequestBody(raw, 100)).toBe(true);
  });
});
