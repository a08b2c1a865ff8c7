import rateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';
import { type Budget, type BudgetName, budgetOf, budgetsCounted, budgetsFromConfig } from './budgets';
import type { CounterStore } from './counter-store';

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface over our shared CounterStore. A child (one per budget and
 * subject kind) prefixes its keys, e.g. 'search:ip:203.0.113.9' or 'upload:user:42'.
 */
const storeAdapter = (counters: CounterStore, onError: (error: Error) => void) =>
  class SharedStore {
    constructor(private readonly params: { keyPrefix?: unknown } = {}) {}
    incr(key: string, callback: StoreCallback, timeWindow: number) {
      counters.hit(`${String(this.params.keyPrefix ?? '')}${key}`, timeWindow).then(
        ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
        (error: Error) => {
          onError(error);
          callback(error);
        },
      );
    }
    child(params: object) {
      return new SharedStore(params);
    }
  };

interface LimitResult {
  max: number;
  remaining: number;
  ttlInSeconds: number;
  isExceeded: boolean;
}
type Limiter = (request: FastifyRequest) => Promise<LimitResult>;
/** A budget's counters: per IP, per user, per personal access token (null where the budget does not count that way). */
interface BudgetLimiters {
  byIp: Limiter | null;
  byUser: Limiter | null;
  byToken: Limiter | null;
}

/** One of the plugin's limiters; keyPrefix is our store's option (the plugin passes options to child()). */
function createLimiter(app: FastifyInstance, options: CreateRateLimitOptions & { keyPrefix: string }): Limiter {
  const limit = app.createRateLimit(options);
  return async (request) => {
    const result = await limit(request);
    // No allow-list is configured, so every request is counted.
    if (result.isAllowed) return { max: 0, remaining: 0, ttlInSeconds: 0, isExceeded: false };
    return result;
  };
}

/** draft-7 RateLimit-* headers (as the plugin's enableDraftSpec names them) of the tighter of the counts. */
function setHeaders(reply: FastifyReply, tightest: LimitResult) {
  reply.header('ratelimit-limit', tightest.max);
  reply.header('ratelimit-remaining', tightest.remaining);
  reply.header('ratelimit-reset', tightest.ttlInSeconds);
}

const describeWindow = (windowMs: number) =>
  windowMs >= 86_400_000 ? 'a day' : windowMs >= 3_600_000 ? 'an hour' : 'a minute';
const describeWait = (seconds: number) =>
  seconds < 120 ? `${seconds} s` : seconds < 7200 ? `${Math.ceil(seconds / 60)} min` : `${Math.ceil(seconds / 3600)} h`;

function tooMany(budget: Budget, retryAfterSeconds: number) {
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many ${budget.noun}: at most ${budget.max} ${describeWindow(budget.windowMs)}; please try again in ${describeWait(retryAfterSeconds)}`,
    { retry_after_seconds: retryAfterSeconds, budget: budget.name },
  );
}

/**
 * docs/security.md#rate-limits-and-quotas (ASVS V11): every API route with a budget (budgets.ts) is counted per IP and, once
 * the identity plugin has identified the caller, per user (per token for a personal access token); over either → 429 in the contract's error
 * shape with Retry-After and RateLimit-* headers. Runs as a preHandler registered after the identity
 * plugin's, so request.userId is known. request.ip honours TRUST_PROXY.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { config, counters }: { config: Config; counters: CounterStore }) => {
    if (!config.RATE_LIMIT_ENABLED) return;
    const logStoreError = (error: Error) =>
      app.log.error({ err: error }, 'rate-limit counter store failed: request let through uncounted');
    await app.register(rateLimit, {
      global: false,
      store: storeAdapter(counters, logStoreError),
      enableDraftSpec: true,
      // A counter store that is down (Redis restarting) must not take the API down with it: the request
      // is let through uncounted and the failure logged. Quotas and mail limits do not depend on this.
      skipOnError: true,
    });
    const budgets = budgetsFromConfig(config);
    const limiters = new Map<BudgetName, BudgetLimiters>();
    for (const budget of Object.values(budgets)) {
      const common = { max: budget.max, timeWindow: budget.windowMs };
      const perIp = !budget.perUserOnly && !budget.perTokenOnly;
      limiters.set(budget.name, {
        // The plugin's own key: the client IP, IPv6 grouped by /64 so one host cannot rotate addresses.
        byIp: perIp ? createLimiter(app, { ...common, keyPrefix: `${budget.name}:ip:` }) : null,
        byUser: budget.perTokenOnly
          ? null
          : createLimiter(app, {
              ...common,
              keyPrefix: `${budget.name}:user:`,
              keyGenerator: (request) => String(request.userId),
            }),
        // docs/security.md#personal-access-tokens: a token's calls have counters of their own, so an agent
        // cannot use up its user's browser budgets; a day's model allowance (perUserOnly) stays the user's.
        byToken: budget.perUserOnly
          ? null
          : createLimiter(app, {
              ...common,
              keyPrefix: `${budget.name}:token:`,
              keyGenerator: (request) => String(request.token?.id),
            }),
      });
    }
    /** Who a budget's per-subject counter counts: the token when one was used and the budget has a token counter, else the user. */
    const subjectLimiter = (request: FastifyRequest, limiter: BudgetLimiters): Limiter | null => {
      if (request.token !== null && limiter.byToken) return limiter.byToken;
      return request.userId !== null ? limiter.byUser : null;
    };
    app.addHook('preHandler', async (request, reply) => {
      const name = budgetOf(request.method, request.routeOptions.url);
      // The `token` budget first: every request made with a token, whatever its route (pages and /mcp too).
      const countedBudgets: BudgetName[] = [
        ...(request.token !== null ? (['token'] as const) : []),
        ...(name ? budgetsCounted(name) : []),
      ];
      if (countedBudgets.length === 0) return;
      const results: { budget: Budget; result: LimitResult }[] = [];
      for (const counted of countedBudgets) {
        const limiter = limiters.get(counted) as BudgetLimiters;
        const budget = budgets[counted];
        if (limiter.byIp) results.push({ budget, result: await limiter.byIp(request) });
        const bySubject = subjectLimiter(request, limiter);
        if (bySubject) results.push({ budget, result: await bySubject(request) });
        // docs/ai.md#budgets: a request one budget refuses is not counted against the next (the minute's
        // `ai` before the day's `ai_daily`): a 429 costs nothing of the day's allowance.
        if (results.some(({ result }) => result.isExceeded)) break;
      }
      if (results.length === 0) return;
      const exceeded = results.filter(({ result }) => result.isExceeded);
      const tightest = results.map(({ result }) => result).reduce((a, b) => (b.remaining < a.remaining ? b : a));
      if (exceeded.length === 0) return setHeaders(reply, tightest);
      // The budget that keeps the caller waiting longest is the one the 429 names.
      const longest = exceeded.reduce((a, b) => (b.result.ttlInSeconds > a.result.ttlInSeconds ? b : a));
      const retryAfter = Math.max(1, longest.result.ttlInSeconds);
      setHeaders(reply, { ...tightest, remaining: 0, ttlInSeconds: retryAfter });
      throw tooMany(longest.budget, retryAfter);
    });
  },
);
