import type { TCitationCheck, TCitedPassage, TTextSpan } from '@paperbench/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { chatSessions } from './chat-sessions';

/**
 * One message of a chat session. A question and its answer are written together once the answer is
 * complete (docs/ai.md#chat), so a failed stream leaves neither. An assistant row keeps what the UI needs
 * to show and re-check it: the numbered passages it was given, the checker's verdict per citation
 * number, and the character spans of its sentences the checker could not verify.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    /** 'model' or 'extractive' for an answer; null for a question. */
    source: text('source'),
    passages: jsonb('passages').$type<TCitedPassage[]>(),
    citations: jsonb('citations').$type<TCitationCheck>(),
    unsupportedSpans: jsonb('unsupported_spans').$type<TTextSpan[]>(),
    abstained: boolean('abstained').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_session_idx').on(table.sessionId, table.id),
    check('chat_messages_role_known', sql`${table.role} in ('user', 'assistant')`),
    check(
      'chat_messages_source_fits_role',
      sql`(${table.role} = 'user' and ${table.source} is null) or (${table.role} = 'assistant' and ${table.source} in ('model', 'extractive'))`,
    ),
  ],
);
