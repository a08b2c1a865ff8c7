import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * docs/security.md#personal-access-tokens: a user's named credentials for scripts and AI assistants. The
 * secret is never stored: only its SHA-256 (a 256-bit random secret needs no slow hash) and a short prefix
 * to find the row by. Revoking deletes the row; deleting the user deletes its tokens.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Subset of read, write, ai (contract TOKEN_SCOPES). */
    scopes: text('scopes').array().notNull(),
    /** The 8 characters after `pbt_`: the lookup key (not unique: two secrets may share it). */
    prefix: text('prefix').notNull(),
    /** sha256 of the whole secret, hex. */
    hash: text('hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('api_tokens_prefix_idx').on(table.prefix),
    index('api_tokens_user_idx').on(table.userId, table.createdAt),
  ],
);
