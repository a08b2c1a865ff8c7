import type { Db } from '../db/client';
import { claimSlot } from './outbound-pacing.repo';
import { realTiming, type Timing } from './timing';

/**
 * docs/security.md#outbound-requests-to-arxiv: polite to arXiv under concurrency. A pacer lets requests go at least `intervalMs`
 * apart. Within a process, callers queue on one chain: each goes `intervalMs` after the one before it
 * actually went (the old `spaced()` let ten concurrent callers read the same "last start" and all go
 * at once). Across processes and replicas, the database pacer also takes its slot from a shared row.
 */
export interface Pacer {
  /** Resolves when the caller may send; throws OutboundBusy when the wait would exceed the bound. */
  waitForSlot(signal?: AbortSignal): Promise<void>;
}

/** Too many requests are already waiting for the service: refuse now rather than queue without end. */
export class OutboundBusy extends Error {
  constructor(
    readonly service: string,
    readonly retryAfterMs: number,
  ) {
    super(`too many requests are waiting for ${service}; try again in ${Math.ceil(retryAfterMs / 1000)} s`);
    this.name = 'OutboundBusy';
  }
}

export interface PacerOptions {
  /** The outside service, e.g. 'arxiv': the `outbound_pacing` row and the name in messages. */
  service: string;
  intervalMs: number;
  /**
   * Bound on callers waiting for a slot (ARXIV_MAX_WAITING): counted in this process, and as time
   * (maxWaiting × interval) ahead in the shared schedule. Unset: wait as long as it takes (harvests).
   */
  maxWaiting?: number | undefined;
  timing?: Timing;
}

/** Node's timers count from the event loop's cached clock and may fire a few ms early: sleep again until due. */
async function sleepUntil(deadline: number, timing: Timing, signal?: AbortSignal) {
  for (let left = deadline - timing.now(); left > 0; left = deadline - timing.now()) await timing.sleep(left, signal);
}

/**
 * The per-process chain: `go(notBefore)` waits for the previous caller to have gone, then until both
 * `notBefore` and the previous going + interval have passed. The time a caller went (or, if it gave
 * up, the time the one before it went) is handed to the next.
 */
function createChain(intervalMs: number, timing: Timing) {
  let tail: Promise<number> = Promise.resolve(Number.NEGATIVE_INFINITY);
  let waiting = 0;
  return {
    /** Callers in the chain now, the one about to go included. */
    get waiting() {
      return waiting;
    },
    async go(notBefore: number, signal?: AbortSignal): Promise<void> {
      const previous = tail;
      let handOn!: (wentAt: number) => void;
      tail = new Promise((resolve) => {
        handOn = resolve;
      });
      waiting += 1;
      const previousWentAt = await previous;
      try {
        await sleepUntil(Math.max(notBefore, previousWentAt + intervalMs), timing, signal);
        handOn(timing.now());
      } catch (error) {
        handOn(previousWentAt);
        throw error;
      } finally {
        waiting -= 1;
      }
    },
  };
}

/** Pacing within this process only: the default of createArxivHttp (tests, and any caller without a database). */
export function createLocalPacer({ service, intervalMs, maxWaiting, timing = realTiming }: PacerOptions): Pacer {
  const chain = createChain(intervalMs, timing);
  return {
    async waitForSlot(signal) {
      // One caller may be going now, maxWaiting more may wait behind it.
      if (maxWaiting !== undefined && chain.waiting > maxWaiting) {
        throw new OutboundBusy(service, chain.waiting * intervalMs);
      }
      await chain.go(Number.NEGATIVE_INFINITY, signal);
    },
  };
}

/**
 * Slots shared by every process and replica on one database, through the `outbound_pacing` row of
 * `service`: one atomic upsert moves `next_at` one interval past the caller's slot and returns how long
 * to wait for it, measured on the database's clock (replicas' clocks may differ). When the schedule is
 * already more than maxWaiting intervals ahead, the upsert's WHERE refuses and nothing is reserved.
 * Within the process the slot is then taken through the chain, so uneven round trips can delay a
 * request but never bring two closer; between replicas the spacing holds to within that jitter.
 */
export function createDatabasePacer(
  db: Db,
  { service, intervalMs, maxWaiting, timing = realTiming }: PacerOptions,
): Pacer {
  const horizonMs = maxWaiting === undefined ? null : maxWaiting * intervalMs;
  const chain = createChain(intervalMs, timing);
  let asking = 0;
  return {
    async waitForSlot(signal) {
      if (maxWaiting !== undefined && asking + chain.waiting > maxWaiting) {
        throw new OutboundBusy(service, Math.max(intervalMs, horizonMs ?? 0));
      }
      asking += 1;
      let slot: Awaited<ReturnType<typeof claimSlot>>;
      try {
        slot = await claimSlot(db, service, intervalMs, horizonMs);
      } finally {
        asking -= 1;
      }
      if (!slot) throw new OutboundBusy(service, horizonMs ?? intervalMs);
      await chain.go(timing.now() + slot.waitMs, signal);
    },
  };
}

const sharedPacers = new WeakMap<Db, Map<string, Pacer>>();

/**
 * The process's one pacer of `service` on this database, made at first use: every caller of one outbound
 * service in a process waits in the same line (Crossref, OpenAlex; docs/security.md#outbound-requests-to-arxiv).
 * The options of the first call stand.
 */
export function databasePacerFor(db: Db, options: PacerOptions): Pacer {
  const byService = sharedPacers.get(db) ?? new Map<string, Pacer>();
  sharedPacers.set(db, byService);
  let pacer = byService.get(options.service);
  if (!pacer) {
    pacer = createDatabasePacer(db, options);
    byService.set(options.service, pacer);
  }
  return pacer;
}
