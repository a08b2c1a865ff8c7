import { initContract } from '@ts-rest/core';
import { z } from 'zod';

export const c = initContract();

/** The one error shape every failing endpoint answers with. */
export const ZError = z.object({
  /** Machine-readable code, e.g. NOT_FOUND, INVALID_REQUEST, UNAUTHORIZED. */
  error: z.string(),
  /** A sentence for humans that names the problem. */
  message: z.string(),
  /** Extra structured detail, e.g. the failing fields of a validation error. */
  details: z.unknown().optional(),
});
export type TError = z.infer<typeof ZError>;

export const ERROR_CODES = [
  'INVALID_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  'NOT_IMPLEMENTED',
  'BAD_GATEWAY',
  // docs/security.md#outbound-requests-to-arxiv: too many requests already wait for arXiv (503 with Retry-After).
  'SERVICE_UNAVAILABLE',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/** Responses any route may give; merged into every route by the root router. */
export const commonResponses = {
  400: ZError,
  401: ZError,
  // docs/security.md#personal-access-tokens: a token whose scopes do not cover the route is refused with 403.
  403: ZError,
  404: ZError,
  413: ZError,
  415: ZError,
  // docs/security.md#rate-limits-and-quotas: any route with a rate-limit budget (most of them) may answer 429 with Retry-After.
  429: ZError,
  500: ZError,
  501: ZError,
} as const;

/**
 * docs/security.md#outbound-requests-to-arxiv: routes that may fetch a paper the corpus lacks from arXiv: 502 when arXiv cannot be
 * reached, 503 with Retry-After when too many requests already wait for their arXiv slot.
 */
export const arxivFetchResponses = { 502: ZError, 503: ZError } as const;

/** docs/ai.md#summaries: routes whose answer a model writes: 502 when the model fails, 503 when it times out. */
export const aiModelResponses = { 502: ZError, 503: ZError } as const;

/** Largest page any list endpoint returns; bigger `limit` values are refused, not silently cut. */
export const MAX_PAGE_LIMIT = 100;
/** Deepest offset a list endpoint accepts, so a client cannot ask the database to skip millions of rows. */
export const MAX_OFFSET = 100_000;

/** requirements §3: the default source platform of a paper; uploads use 'upload'. */
export const DEFAULT_PLATFORM = 'arxiv';

/** Matches text without a NUL character: PostgreSQL `text` cannot store U+0000 (docs/security.md#input-validation). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is this pattern's purpose
const WITHOUT_NUL = /^[^\u0000]*$/;
/**
 * Matches text without an unpaired UTF-16 surrogate (JSON allows "\ud800"; it is not Unicode and would be
 * stored as U+FFFD). A lookahead over `[\s\S]*`, not `(?:a|b)*`, so a megabyte string cannot overflow
 * V8's regex stack; no `u` flag, so the OpenAPI `pattern` means the same in any ECMA-262 engine.
 */
const WITHOUT_LONE_SURROGATE =
  /^(?![\s\S]*(?:[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]))/;
export const TEXT_NUL_MESSAGE = 'must not contain a NUL character (\\u0000)';
export const TEXT_SURROGATE_MESSAGE = 'must be valid Unicode (it contains an unpaired UTF-16 surrogate)';

export interface TextOptions {
  /** Trim white space at both ends before the length checks. */
  trim?: boolean;
  /** Least length (after trimming); 1 refuses blank text with "<label> must not be empty". */
  min?: number;
  /** Greatest length in UTF-16 units (after trimming). */
  max?: number;
  /** Names the field in the min/max messages; defaults to "text". */
  label?: string;
}

/**
 * The one text type of every string a client sends (bodies, query and path params): refuses NUL and lone
 * surrogates with a clear 400 instead of a database error (docs/security.md#input-validation). Returns a plain ZodString, so
 * callers chain .regex(), .email(), .toLowerCase() and .transform() as usual. Never use z.string() for
 * request input: text.test.ts walks every route and fails on a string that is not a zText.
 */
export function zText({ trim = false, min, max, label = 'text' }: TextOptions = {}): z.ZodString {
  // The OpenAPI generator keeps the last pattern of a string: the NUL rule, the one readers need to see.
  let schema = z.string().regex(WITHOUT_LONE_SURROGATE, TEXT_SURROGATE_MESSAGE).regex(WITHOUT_NUL, TEXT_NUL_MESSAGE);
  if (trim) schema = schema.trim();
  if (min !== undefined) {
    schema = schema.min(min, min === 1 ? `${label} must not be empty` : `${label} must be at least ${min} characters`);
  }
  if (max !== undefined) schema = schema.max(max, `${label} must be at most ${max} characters`);
  return schema;
}

/** True when a zod string schema was built by zText (the contract test uses it to find stray z.string()). */
export const isZText = (schema: z.ZodString): boolean =>
  schema._def.checks.some((check) => check.kind === 'regex' && check.regex === WITHOUT_NUL) &&
  schema._def.checks.some((check) => check.kind === 'regex' && check.regex === WITHOUT_LONE_SURROGATE);

/** A source platform such as arxiv, acl or upload. */
export const ZPlatform = zText()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,32}$/, 'platform must be 1-32 letters, digits, - or _');

/** A paper id as its platform spells it (arXiv: 2401.01234 or math/0601001). */
export const ZPaperId = zText({ trim: true, min: 1, max: 200, label: 'paper id' });

/** Largest value of a Postgres `integer` column; bigger ids are refused up front instead of failing in SQL. */
export const MAX_INT4 = 2_147_483_647;

/**
 * A positive integer row id (folders, sessions, comments, edges, ideas). Accepts a number, or a string of
 * digits only (path and query params arrive as strings); '12abc', '1e3', '0x10' and ' 7' are refused.
 */
export const ZRowId = z
  .union([z.number(), zText().regex(/^[0-9]{1,10}$/, 'id must be digits only')])
  .pipe(z.coerce.number().int().positive().max(MAX_INT4));

/** Integer id of a folder (requirements §2 and §5: digits only). A shared folder (forum) is addressed by its folder id. */
export const ZFolderId = ZRowId;

/** 9999-12-31T23:59:59.999Z: the last instant with a four-digit year (ISO 8601, PostgreSQL `timestamptz` output). */
export const MAX_EPOCH_MILLIS = 253_402_300_799_999;

/**
 * A client-sent time in milliseconds since the epoch: a whole number from 1970 to the year 9999. Bounded so
 * that 1e21 or 2^53 is a 400, not an Invalid Date that fails in SQL (docs/security.md#input-validation).
 */
export const ZEpochMillis = z
  .number({ invalid_type_error: 'a time must be a number of milliseconds since 1970' })
  .int('a time must be whole milliseconds')
  .min(0, 'a time must not be before 1970')
  .max(MAX_EPOCH_MILLIS, 'a time must not be after the year 9999');

/** A creation or update time: ISO 8601 date-time, e.g. 2025-01-31T12:00:00.000Z. */
export const ZTimestamp = zText()
  .datetime({ offset: true, message: 'a time must be an ISO 8601 date-time, e.g. 2025-01-31T12:00:00Z' })
  // PostgreSQL has no year 0 (docs/security.md#input-validation: refused here, not as a datetime error in SQL).
  .regex(/^(?!0000-)/, 'a time must not be in the year 0');

/**
 * A boolean query parameter. Query strings carry text, so z.coerce.boolean() would read 'false' as true;
 * this accepts true/false (and 1/0) as text or as booleans.
 */
export const ZBooleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** An email address, trimmed and lower-cased (it identifies forum members, requirements §6). */
export const ZEmail = zText().trim().toLowerCase().max(254).email('not an email address');

/** Who wrote a generated text: 'model' (an LLM) or 'extractive' (offline mode, built from the papers' own sentences). */
export const ZAnswerSource = z.enum(['model', 'extractive']);
export type TAnswerSource = z.infer<typeof ZAnswerSource>;

export const ZPlatformQuery = z.object({
  /** Source platform; requirements §9 default arxiv. */
  platform: ZPlatform.default(DEFAULT_PLATFORM),
});

export const ZPagination = z.object({
  /** Page size (requirements §9 default 10). */
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(10),
  /** Rows to skip (requirements §9 default 0). */
  offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0),
});

/** `{ok: true}` acknowledgement for writes that return nothing else. */
export const ZOk = z.object({ ok: z.boolean() });

/** A streamed response (server-sent events); each `data:` line carries one JSON chunk. */
export const ZEventStream = c.otherResponse({
  contentType: 'text/event-stream',
  body: z.string().describe('text/event-stream: `data: {json}` lines, ending with `data: [DONE]`'),
});
