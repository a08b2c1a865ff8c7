import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type NewContactMessage = Omit<typeof contactMessages.$inferInsert, 'id' | 'createdAt'>;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(db: Db, message: NewContactMessage): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned no row');
  return row.id;
}

export async function recordMailOutcome(db: Db, id: number, outcome: { error: string | null }): Promise<void> {
  await db
    .update(contactMessages)
    .set(outcome.error ? { mailError: outcome.error } : { mailedAt: sql`now()`, mailError: null })
    .where(eq(contactMessages.id, id));
}

/** Stored messages for the operator, newest first; `before` pages by id. */
export async function selectLatestMessages(db: Db, { limit, before }: { limit: number; before?: number | undefined }) {
  return db
    .select()
    .from(contactMessages)
    .where(before === undefined ? undefined : and(lt(contactMessages.id, before)))
    .orderBy(desc(contactMessages.id))
    .limit(limit);
}
