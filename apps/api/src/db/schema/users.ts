import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A person: anonymous until they sign in (requirements §1), then named by their identity provider. The ids a
 * browser holds are sessions of a user (user_sessions): one user signed in on two devices has two.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The identity provider's stable subject ('google:1234…'); null while anonymous. */
    providerSubject: text('provider_subject'),
    /** Verified email, lower-cased: shared-folder roles are granted to it (docs/security.md#policies). */
    email: text('email'),
    name: text('name'),
    picture: text('picture'),
    /** When the user first signed in (anonymous → named, requirements §4). */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
    /** Set by an administrator (docs/deploy.md#the-admin-page): the user's sessions and tokens are refused (403). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (table) => [
    index('users_created_at_idx').on(table.createdAt),
    uniqueIndex('users_provider_subject_key').on(table.providerSubject),
    uniqueIndex('users_email_key').on(table.email),
    check('users_email_lower', sql`${table.email} = lower(${table.email})`),
    check('users_named_together', sql`(${table.providerSubject} is null) = (${table.email} is null)`),
  ],
);

/**
 * One issued X-User-ID (docs/security.md#sessions). The id is never stored, only its hash. Logout
 * revokes this device's session; the user and their other sessions stay.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the issued X-User-ID, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed on use (at most about once an hour); an id idle longer than SESSION_IDLE_DAYS expires. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by logout or by sign-in (which issues a fresh id): the id is refused from then on. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('user_sessions_user_idx').on(table.userId)],
);
