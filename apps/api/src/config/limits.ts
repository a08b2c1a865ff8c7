import { z } from 'zod';
import { zFlag, zOptional } from './fields';

/** Request budgets, quotas, retention and the statement timeout. */
export const limitsEnv = {
  // docs/security.md#rate-limits-and-quotas (limits): named rate-limit budgets, quotas, retention, statement timeout, mail abuse.
  /** false switches every request budget off (quotas and mail limits stay). */
  RATE_LIMIT_ENABLED: zFlag(true),
  /** Fastify trustProxy: false, true, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
  TRUST_PROXY: z.string().trim().default('false').transform(parseTrustProxy),
  /** Redis for the rate-limit counters of all replicas; unset keeps them in PostgreSQL (rate_limit_counters). */
  REDIS_URL: zOptional(z.string().url()),
  /** Prefix of every Redis key this app writes (several apps may share one Redis). */
  REDIS_KEY_PREFIX: z.string().default('paperbench:rl:'),
  RATE_LIMIT_GET_ID_PER_HOUR: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_UPLOAD_PER_HOUR: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_PDF_PROXY_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_MAIL_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WRITE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_AI_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** docs/collaboration.md: comments written or deleted (papers and shared folders) per IP and per user a minute. */
  RATE_LIMIT_COMMENT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** docs/annotations.md#limits: marks created, changed or deleted per IP and per user a minute. */
  RATE_LIMIT_ANNOTATION_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** docs/reading.md#resume-reading: reading positions saved per IP and per user a minute (one after each scroll). */
  RATE_LIMIT_READING_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** docs/ai.md#budgets: model calls one user may make per day (all AI routes together); counted per user only. */
  RATE_LIMIT_AI_PER_USER_PER_DAY: z.coerce.number().int().min(1).default(500),
  /** Google sign-ins (POST /api/auth/google-login) per IP and per user an hour. */
  RATE_LIMIT_SIGN_IN_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** docs/security.md#personal-access-tokens: requests one personal access token may make a minute (every route). */
  RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Bytes one user's uploads may hold in total (default 1 GB). */
  USER_UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024 * 1024),
  USER_FOLDER_QUOTA: z.coerce.number().int().min(1).default(1000),
  USER_SHARE_LIST_QUOTA: z.coerce.number().int().min(1).default(1000),
  /** docs/security.md#rate-limits-and-quotas: chat sessions one user may hold (review sessions have their own bound). */
  USER_CHAT_SESSION_QUOTA: z.coerce.number().int().min(1).default(1000),
  /** docs/collaboration.md: comments one user may write in 24 hours (papers and shared folders together). */
  USER_COMMENT_QUOTA_PER_DAY: z.coerce.number().int().min(1).default(200),
  /** docs/annotations.md#limits: marks (highlights, underlines, notes, areas) one user may hold. */
  USER_ANNOTATION_QUOTA: z.coerce.number().int().min(1).default(20_000),
  /** docs/collaboration.md: emails one shared folder may give a role to. */
  FOLDER_MEMBER_QUOTA: z.coerce.number().int().min(1).default(200),
  PAGE_VIEW_RETENTION_DAYS: z.coerce.number().int().min(1).default(400),
  SEARCH_QUERY_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  /**
   * Finished job_runs rows older than this are deleted; the newest done run of each job stays, whatever
   * its age: it is the corpus's "updated" (docs/security.md#rate-limits-and-quotas).
   */
  JOB_RUN_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** Longest one SQL statement may run (0: no limit); bulk import and corpus load lift it for themselves. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /** Confirmation mails one address may receive per day (docs/security.md#mail). */
  MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(1),
  /** Mails sent on users' request (confirmations, contact forwards) per hour, all replicas together. */
  MAIL_MAX_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** Bearer token of the operator routes (GET /api/operator/messages); unset: those routes answer 404. */
  OPERATOR_TOKEN: zOptional(z.string().min(16)),
};

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: boolean, a list of addresses/CIDRs, or for a hop
 * count n the function Fastify itself builds from a number (trust the n hops nearest the server).
 */
function parseTrustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
