/**
 * A small seeded PRNG (mulberry32): the contract fuzz must send the same inputs on every run, so a 5xx it
 * finds is reproduced by running it again (docs/security.md#input-validation).
 */
export function createPrng(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** A whole number in [0, n). */
    below: (n: number): number => Math.floor(next() * n),
    /** One element of a non-empty list. */
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
export type Prng = ReturnType<typeof createPrng>;
