import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's email digest subscription (one per user). Double opt-in: it stays 'pending' until the
 * confirmation link is followed. Tokens are stored only as sha256 hashes, like user ids.
 */
export const subscriptions = pgTable('subscriptions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  /** 'daily' or 'weekly'. */
  frequency: text('frequency').notNull(),
  /** The followed topics the digest covers; empty means all of them. */
  topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
  /** 'pending' (awaiting confirmation), 'active' or 'unsubscribed'. */
  status: text('status').notNull().default('pending'),
  /** Hash of the confirmation token; cleared once used, so a second use is refused. */
  confirmTokenHash: text('confirm_token_hash').unique(),
  unsubscribeTokenHash: text('unsubscribe_token_hash').notNull().unique(),
  confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One digest per subscription per period ('daily:2026-11-23', 'weekly:2026-W47'). The primary key
 * is what makes a digest go out once: a sender claims the row before sending, and a second sender
 * (another replica, or a rerun after a crash) finds it claimed or sent.
 */
export const digestDeliveries = pgTable(
  'digest_deliveries',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** 'sending' (claimed), 'sent', 'skipped' (nothing new) or 'failed' (retried while attempts remain). */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(1),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    messageId: text('message_id'),
    /**
     * Hash of the unsubscribe token this digest mail carries. Each mail has its own token, since only
     * hashes are stored and the mail needs the token itself; any of them unsubscribes.
     */
    unsubscribeTokenHash: text('unsubscribe_token_hash').unique(),
    paperCount: integer('paper_count'),
    error: text('error'),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.period] })],
);
