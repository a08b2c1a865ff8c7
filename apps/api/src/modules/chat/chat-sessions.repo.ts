import { and, asc, desc, eq, notExists, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { chatMessages, chatSessions } from '../../db/schema';

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessage = Omit<typeof chatMessages.$inferInsert, 'id' | 'sessionId' | 'createdAt'>;
/** Chat and review-writing sessions share the table and the machinery; neither is reachable as the other. */
export type SessionKind = 'chat' | 'review';

/** A session is only ever reached through its owner: someone else's is not found (docs/security.md#policies). */
const ownedSession = (kind: SessionKind, userId: number, sessionId: number) =>
  and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId), eq(chatSessions.kind, kind));

export async function selectSessions(db: Db, kind: SessionKind, userId: number): Promise<ChatSessionRow[]> {
  return db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.userId, userId), eq(chatSessions.kind, kind)))
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id));
}

export async function findSession(
  db: Db | Tx,
  kind: SessionKind,
  userId: number,
  sessionId: number,
): Promise<ChatSessionRow | null> {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(ownedSession(kind, userId, sessionId));
  return row ?? null;
}

export async function insertSession(
  db: Db | Tx,
  kind: SessionKind,
  userId: number,
  title: string,
): Promise<ChatSessionRow> {
  // requirements §4: a review graph is a draft until completed.
  const graphStatus = kind === 'review' ? 'draft' : null;
  const [row] = await db.insert(chatSessions).values({ userId, title, kind, graphStatus }).returning();
  if (!row) throw new Error('chat session insert returned no row');
  return row;
}

/** Deletes the session and (cascade) its messages; the number of sessions deleted (0: not the user's). */
export async function deleteSession(db: Db, kind: SessionKind, userId: number, sessionId: number): Promise<number> {
  return deleteSessionsWhere(db, ownedSession(kind, userId, sessionId));
}

/**
 * Deletes the session only while it holds no message: a question stored into it meanwhile (from another
 * request naming it) keeps it. The number of sessions deleted.
 */
export async function deleteEmptySession(
  db: Db,
  kind: SessionKind,
  userId: number,
  sessionId: number,
): Promise<number> {
  const withoutMessages = notExists(
    db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.sessionId, chatSessions.id)),
  );
  return deleteSessionsWhere(db, and(ownedSession(kind, userId, sessionId), withoutMessages));
}

/** The number of sessions the condition deleted (their messages go by cascade). */
async function deleteSessionsWhere(db: Db, condition: SQL | undefined): Promise<number> {
  const deleted = await db.delete(chatSessions).where(condition).returning({ id: chatSessions.id });
  return deleted.length;
}

export async function updateSessionTitle(
  db: Db,
  kind: SessionKind,
  userId: number,
  sessionId: number,
  title: string,
): Promise<ChatSessionRow | null> {
  const [row] = await db
    .update(chatSessions)
    .set({ title, updatedAt: sql`now()` })
    .where(ownedSession(kind, userId, sessionId))
    .returning();
  return row ?? null;
}

/** The session's messages, oldest first; [] for a session that is not the user's. */
export async function selectMessages(
  db: Db | Tx,
  kind: SessionKind,
  userId: number,
  sessionId: number,
): Promise<ChatMessageRow[]> {
  const rows = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(ownedSession(kind, userId, sessionId))
    .orderBy(asc(chatMessages.id));
  return rows.map((row) => row.message);
}

/**
 * A question and its answer, stored together once the answer is complete, with the session moved to
 * the top of the list; `title` replaces the session's title (its first question names it).
 */
export async function insertExchange(
  tx: Tx,
  sessionId: number,
  exchange: { question: NewChatMessage; answer: NewChatMessage; title?: string },
): Promise<{ answerId: number }> {
  await tx.insert(chatMessages).values({ ...exchange.question, sessionId });
  const [answer] = await tx
    .insert(chatMessages)
    .values({ ...exchange.answer, sessionId })
    .returning({ id: chatMessages.id });
  if (!answer) throw new Error('chat message insert returned no row');
  await tx
    .update(chatSessions)
    .set({ updatedAt: sql`now()`, ...(exchange.title ? { title: exchange.title } : {}) })
    .where(eq(chatSessions.id, sessionId));
  return { answerId: answer.id };
}
