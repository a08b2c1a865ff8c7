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
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/** Responses any route may give; merged into every route by the root router. */
export const commonResponses = {
  400: ZError,
  401: ZError,
  404: ZError,
  413: ZError,
  415: ZError,
  500: ZError,
  501: ZError,
} as const;

/** Largest page any list endpoint returns; bigger `limit` values are refused, not silently cut. */
export const MAX_PAGE_LIMIT = 100;
/** Deepest offset a list endpoint accepts, so a client cannot ask the database to skip millions of rows. */
export const MAX_OFFSET = 100_000;

/** spec §3: the default source platform of a paper; uploads use 'upload'. */
export const DEFAULT_PLATFORM = 'arxiv';

/** A source platform such as arxiv, acl or upload. */
export const ZPlatform = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,32}$/, 'platform must be 1-32 letters, digits, - or _');

/** A paper id as its platform spells it (arXiv: 2401.01234 or math/0601001). */
export const ZPaperId = z
  .string()
  .trim()
  .min(1, 'paper id must not be empty')
  .max(200, 'paper id must be at most 200 characters');

/** Largest value of a Postgres `integer` column; bigger ids are refused up front instead of failing in SQL. */
export const MAX_INT4 = 2_147_483_647;

/**
 * A positive integer row id (folders, sessions, comments, edges, ideas). Accepts a number, or a string of
 * digits only (path and query params arrive as strings); '12abc', '1e3', '0x10' and ' 7' are refused.
 */
export const ZRowId = z
  .union([z.number(), z.string().regex(/^[0-9]{1,10}$/, 'id must be digits only')])
  .pipe(z.coerce.number().int().positive().max(MAX_INT4));

/** Integer id of a folder (spec §2 and §5: digits only). A shared folder (forum) is addressed by its folder id. */
export const ZFolderId = ZRowId;

/** A creation or update time: ISO 8601 date-time, e.g. 2025-01-31T12:00:00.000Z. */
export const ZTimestamp = z.string().datetime({ offset: true });

/**
 * A boolean query parameter. Query strings carry text, so z.coerce.boolean() would read 'false' as true;
 * this accepts true/false (and 1/0) as text or as booleans.
 */
export const ZBooleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** An email address, trimmed and lower-cased (it identifies forum members, spec §6). */
export const ZEmail = z.string().trim().toLowerCase().max(254).email('not an email address');

/** Who wrote a generated text: 'model' (an LLM) or 'extractive' (offline mode, built from the papers' own sentences). */
export const ZAnswerSource = z.enum(['model', 'extractive']);
export type TAnswerSource = z.infer<typeof ZAnswerSource>;

export const ZPlatformQuery = z.object({
  /** Source platform; spec §9 default arxiv. */
  platform: ZPlatform.default(DEFAULT_PLATFORM),
});

export const ZPagination = z.object({
  /** Page size (spec §9 default 10). */
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(10),
  /** Rows to skip (spec §9 default 0). */
  offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0),
});

/** `{ok: true}` acknowledgement for writes that return nothing else. */
export const ZOk = z.object({ ok: z.boolean() });

/** A streamed response (server-sent events); each `data:` line carries one JSON chunk. */
export const ZEventStream = c.otherResponse({
  contentType: 'text/event-stream',
  body: z.string().describe('text/event-stream: `data: {json}` lines, ending with `data: [DONE]`'),
});
