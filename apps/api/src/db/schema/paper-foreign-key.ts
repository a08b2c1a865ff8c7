import { type AnyPgColumn, foreignKey } from 'drizzle-orm/pg-core';
import { papers } from './papers';

/** A row about a paper, keyed by (platform, paper_id): it goes when its paper goes. */
export const paperForeignKey = (table: { platform: AnyPgColumn; paperId: AnyPgColumn }) =>
  foreignKey({
    columns: [table.platform, table.paperId],
    foreignColumns: [papers.platform, papers.paperId],
  }).onDelete('cascade');
