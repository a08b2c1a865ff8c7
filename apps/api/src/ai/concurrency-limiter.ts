/** A counting semaphore: at most `max` holders; the rest wait in arrival order (docs/ai.md#timeouts-and-concurrency). */
export interface ConcurrencyLimiter {
  /** Resolves with a release function once a slot is free; rejects if `signal` aborts while waiting. */
  acquire(signal?: AbortSignal): Promise<() => void>;
  readonly active: number;
  readonly waiting: number;
}

export function createConcurrencyLimiter(max: number): ConcurrencyLimiter {
  let active = 0;
  const queue: Array<() => void> = [];

  const releaseOnce = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
      if (next) next();
      else active -= 1;
    };
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (active < max) {
        active += 1;
        return Promise.resolve(releaseOnce());
      }
      return new Promise((resolve, reject) => {
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(releaseOnce());
        };
        const onAbort = () => {
          const index = queue.indexOf(grant);
          if (index >= 0) queue.splice(index, 1);
          reject(signal?.reason);
        };
        queue.push(grant);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
