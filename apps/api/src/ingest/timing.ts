/** Clock and sleep are injectable so tests assert on waits without waiting. */
export interface Timing {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realTiming: Timing = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    }),
};
