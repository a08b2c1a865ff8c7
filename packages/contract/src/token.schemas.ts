import { z } from 'zod';
import { ZRowId, ZTimestamp, zText } from './common';

/*
 * docs/security.md#personal-access-tokens: a named credential for a script or an AI assistant, sent as
 * `Authorization: Bearer pbt_…` in place of X-User-ID. Its scopes say which route families it may call.
 */

/** The prefix every secret starts with, so a leaked one is recognisable (and secret scanners can find it). */
export const TOKEN_PREFIX = 'pbt_';
/** `pbt_` + 32 random bytes as base64url (43 characters). */
export const ZTokenSecret = zText().regex(/^pbt_[A-Za-z0-9_-]{43}$/, 'not a personal access token of this server');

/**
 * read: search, papers, folders, feed and every other GET; write: folders, files, uploads, annotations,
 * comments (every other change); ai: chat, summaries and the research tools (every route that may call a model).
 */
export const TOKEN_SCOPES = ['read', 'write', 'ai'] as const;
export const ZTokenScope = z.enum(TOKEN_SCOPES, {
  errorMap: () => ({ message: `a scope is one of ${TOKEN_SCOPES.join(', ')}` }),
});
export type TTokenScope = z.infer<typeof ZTokenScope>;

/** The quota: live (unrevoked, unexpired) tokens one user may hold. */
export const MAX_TOKENS_PER_USER = 20;
export const MAX_TOKEN_NAME_LENGTH = 100;

export const ZCreateTokenRequest = z.object({
  name: zText({ trim: true, min: 1, max: MAX_TOKEN_NAME_LENGTH, label: 'name' }),
  scopes: z
    .array(ZTokenScope)
    .min(1, 'a token needs at least one scope')
    .max(TOKEN_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'each scope at most once'),
  /** When the token stops working; omitted or null: never. Must be in the future. */
  expires_at: ZTimestamp.nullable().optional(),
});
export type TCreateTokenRequest = z.infer<typeof ZCreateTokenRequest>;

/** A token as listed: never its secret (only a hash of it is stored). */
export const ZToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(ZTokenScope),
  /** The secret's first characters (`pbt_` + 8), to tell tokens apart; not enough to use it. */
  prefix: z.string(),
  created_at: ZTimestamp,
  last_used_at: ZTimestamp.nullable(),
  expires_at: ZTimestamp.nullable(),
});
export type TToken = z.infer<typeof ZToken>;

/** The answer to a creation: the token and, this once, its secret. */
export const ZCreatedToken = ZToken.extend({ token: ZTokenSecret });
export type TCreatedToken = z.infer<typeof ZCreatedToken>;

export const ZTokenList = z.object({ tokens: z.array(ZToken) });
export type TTokenList = z.infer<typeof ZTokenList>;

export const ZTokenParams = z.object({ id: ZRowId });
