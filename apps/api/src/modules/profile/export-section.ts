import { NO_LONGER_SHARED_FILENAME } from '@paperbench/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { papers } from '../../db/schema';
import { visiblePaperFilter } from '../papers/paper-visibility.repo';

/** Whom the export is for: the caller, their email once signed in, and the session asking for it. */
export interface ExportScope {
  userId: number;
  email: string | null;
  /** Null when the export is asked for with a personal access token (no session: no device is this one). */
  sessionId: number | null;
}

/**
 * One section of the export's `data` (contract ZProfileExport): its key, and how its value is read from
 * the caller's rows and presented, within the export's transaction.
 */
export interface ExportSection {
  name: string;
  readPresented(tx: Tx, scope: ExportScope): Promise<unknown>;
}

/** The query reading the caller's rows of a section, and how one row is presented (snake_case, ISO dates). */
interface SectionSpec<Row> {
  read(tx: Tx, scope: ExportScope): Promise<Row[]>;
  present(row: Row, scope: ExportScope): unknown;
}

/** A section holding a list: every row read, presented in the query's order. */
export const listSection = <Row>(name: string, { read, present }: SectionSpec<Row>): ExportSection => ({
  name,
  readPresented: async (tx, scope) => (await read(tx, scope)).map((row) => present(row, scope)),
});

/** A section holding one object: the first row read, presented, or null when there is none. */
export const oneRowSection = <Row>(name: string, { read, present }: SectionSpec<Row>): ExportSection => ({
  name,
  readPresented: async (tx, scope) => {
    const [row] = await read(tx, scope);
    return row === undefined ? null : present(row, scope);
  },
});

export const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The rows of a child table (a folder's files, a session's messages) under their parent's id, read in one
 * query; no query at all when there are no parents.
 */
export async function childrenByParent<Child>(
  parentIds: number[],
  read: (parentIds: number[]) => Promise<Child[]>,
  parentIdOf: (child: Child) => number,
): Promise<(parentId: number) => Child[]> {
  const children = parentIds.length ? await read(parentIds) : [];
  return (parentId) => children.filter((child) => parentIdOf(child) === parentId);
}

/** A row of the user's that names a paper: its title, unless it is an upload whose grant ended (docs/collaboration.md#uploads). */
export const titleIfReadable = (userId: number) =>
  sql<string>`case when ${visiblePaperFilter(userId)} then ${papers.title} else ${NO_LONGER_SHARED_FILENAME} end`;
