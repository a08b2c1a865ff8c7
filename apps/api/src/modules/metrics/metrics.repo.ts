import { gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageViewDays, pageViews } from '../../db/schema';

export interface PageViewRow {
  event: string;
  path: string;
  title: string;
  clientTs: Date;
  userId: number | null;
}

/** The view and its day counter move together, so the metric never disagrees with the log. */
export async function insertPageView(db: Db, view: PageViewRow): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(pageViews).values(view).returning({ receivedAt: pageViews.receivedAt });
    if (!row) throw new Error('page view insert returned no row');
    const day = row.receivedAt.toISOString().slice(0, 10);
    await tx
      .insert(pageViewDays)
      .values({ day, views: 1 })
      .onConflictDoUpdate({ target: pageViewDays.day, set: { views: sql`${pageViewDays.views} + 1` } });
  });
}

export async function sumAllViews(db: Db): Promise<number> {
  const [row] = await db.select({ total: sql<string | null>`sum(${pageViewDays.views})` }).from(pageViewDays);
  return Number(row?.total ?? 0);
}

export async function viewsPerDaySince(db: Db, firstDay: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: pageViewDays.day, views: pageViewDays.views })
    .from(pageViewDays)
    .where(gte(pageViewDays.day, firstDay));
  return new Map(rows.map((row) => [row.day, Number(row.views)]));
}
