import { describe, expect, it } from 'vitest';
import { createConcurrencyLimiter } from './concurrency-limiter';

describe('createConcurrencyLimiter', () => {
  it('grants at most max slots and hands a released slot to the first waiter', async () => {
    const limiter = createConcurrencyLimiter(2);
    const first = await limiter.acquire();
    await limiter.acquire();
    const order: string[] = [];
    const third = limiter.acquire().then((release) => {
      order.push('third');
      return release;
    });
    const fourth = limiter.acquire().then(() => order.push('fourth'));
    expect(limiter).toMatchObject({ active: 2, waiting: 2 });
    first();
    first(); // releasing twice frees one slot only
    (await third)();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    expect(limiter.active).toBe(2);
  });

  it('drops a waiter whose signal aborts, and refuses an already aborted one', async () => {
    const limiter = createConcurrencyLimiter(1);
    const release = await limiter.acquire();
    const controller = new AbortController();
    const waiting = expect(limiter.acquire(controller.signal)).rejects.toThrow('client left');
    controller.abort(new Error('client left'));
    await waiting;
    expect(limiter.waiting).toBe(0);
    await expect(limiter.acquire(controller.signal)).rejects.toThrow('client left');
    release();
    expect(limiter.active).toBe(0);
  });
});
