import type { TCitationCheck } from '@paperbench/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chatSessions } from './chat-sessions';
import { paperForeignKey } from './paper-foreign-key';

/**
 * A paper of a review session (requirements §3 Review-writing session): the session's files are its graph's
 * nodes (docs/review.md#graph), so a paper is added once and removing it removes its edges.
 */
export const reviewFiles = pgTable(
  'review_files',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    paperId: text('paper_id').notNull(),
    /** Whether grounded chat (chat_rwg) reads it when no selection is sent. */
    selected: boolean('selected').notNull().default(true),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.platform, table.paperId] }),
    paperForeignKey(table),
    index('review_files_paper_idx').on(table.platform, table.paperId),
  ],
);

/**
 * A directed relation between two papers of a session's graph. 'accepted' edges are the user's (drawn
 * or accepted); 'proposed' ones were suggested by tf-idf similarity at completion and wait for the
 * user; 'dismissed' ones stay so the same pair is not proposed again (docs/review.md#graph). Never
 * added silently: only the user turns a proposal into an edge.
 */
export const reviewEdges = pgTable(
  'review_edges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id').notNull(),
    sourcePlatform: text('source_platform').notNull(),
    sourcePaperId: text('source_paper_id').notNull(),
    targetPlatform: text('target_platform').notNull(),
    targetPaperId: text('target_paper_id').notNull(),
    label: text('label').notNull().default(''),
    state: text('state').notNull().default('accepted'),
    /** The tf-idf cosine of a proposal; null for a drawn edge. */
    similarity: doublePrecision('similarity'),
    /** Terms the two papers share, the proposal's evidence. */
    sharedTerms: jsonb('shared_terms').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.sessionId, table.sourcePlatform, table.sourcePaperId],
      foreignColumns: [reviewFiles.sessionId, reviewFiles.platform, reviewFiles.paperId],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.sessionId, table.targetPlatform, table.targetPaperId],
      foreignColumns: [reviewFiles.sessionId, reviewFiles.platform, reviewFiles.paperId],
    }).onDelete('cascade'),
    uniqueIndex('review_edges_pair_key').on(
      table.sessionId,
      table.sourcePlatform,
      table.sourcePaperId,
      table.targetPlatform,
      table.targetPaperId,
    ),
    check('review_edges_state_known', sql`${table.state} in ('accepted', 'proposed', 'dismissed')`),
    check(
      'review_edges_not_loop',
      sql`(${table.sourcePlatform}, ${table.sourcePaperId}) <> (${table.targetPlatform}, ${table.targetPaperId})`,
    ),
    check('review_edges_label_length', sql`char_length(${table.label}) <= 200`),
  ],
);

/**
 * A related-work section written by stream_rws (docs/review.md#writing), kept whole so it can be
 * exported (Markdown, LaTeX, BibTeX) and re-read: the outline, the sections with their `[n]` citations,
 * the references built from the nodes' metadata, and the checker's verdict. Written once the stream is
 * done: a failed or abandoned stream stores nothing.
 */
export const reviewDrafts = pgTable(
  'review_drafts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** 'model' or 'extractive' (offline, labelled). */
    source: text('source').notNull(),
    instructions: text('instructions'),
    /** The draft's structure as streamed (outline, sections, references); shape in review-draft.ts. */
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    citations: jsonb('citations').$type<TCitationCheck>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('review_drafts_session_idx').on(table.sessionId, table.id),
    check('review_drafts_source_known', sql`${table.source} in ('model', 'extractive')`),
  ],
);
