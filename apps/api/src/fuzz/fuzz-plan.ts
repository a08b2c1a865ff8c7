import { randomInt } from 'node:crypto';
import type { Prng } from './prng';

/** The seed of the full run: the same requests every time (docs/security.md#input-validation). */
const FULL_SEED = 0x8_07;

/** How much of the contract fuzz one run sends (docs/testing.md#the-contract-fuzz). */
export interface FuzzPlan {
  seed: number;
  /** The full run: every seeded case and every sweep case of every route, on both drivers. */
  full: boolean;
  /** Seeded cases per route, the valid request included. */
  casesPerRoute: number;
  /** Sweep cases per route, drawn by the seed; Infinity sends them all. */
  sweepPerRoute: number;
}

/**
 * FUZZ_FULL=1 (`pnpm bench`): the full fixed-seed run. Otherwise a sample of every route's cases, drawn
 * from FUZZ_SEED or a fresh seed the test prints, so a sampled run's failure is sent again by that seed.
 */
export function fuzzPlan(env: NodeJS.ProcessEnv): FuzzPlan {
  if (env.FUZZ_FULL === '1') return { seed: FULL_SEED, full: true, casesPerRoute: 16, sweepPerRoute: Infinity };
  const seed = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : randomInt(2 ** 31);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be a whole number, not ${env.FUZZ_SEED}`);
  return { seed, full: false, casesPerRoute: 3, sweepPerRoute: 2 };
}

/** `count` items drawn by the prng without repeats, in their order; all of them when there are no more. */
export function sampleOf<T>(items: T[], count: number, prng: Prng): T[] {
  if (count >= items.length) return items;
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(prng.below(items.length));
  return items.filter((_, index) => chosen.has(index));
}
