import type { TPaperRef, TReadingPosition, TSaveReadingPositionRequest } from '@paperbench/contract';
import { MAX_READING_POSITIONS_PER_USER } from '@paperbench/contract';
import type { Db } from '../../db/client';
import { requireAccess } from '../../policies/access';
import { pruneOldPositions, type ReadingPositionRow, selectOwnPosition, upsertPosition } from './reading.repo';

/*
 * docs/reading.md#resume-reading: a reader's place in a paper, their own and nobody else's. Each method
 * asks the paper rule first (a paper the caller cannot read is 404), before any side effect.
 */

const present = (row: ReadingPositionRow): TReadingPosition => ({
  page: row.page,
  // Stored as a 4-byte float: rounded back to the precision a scroll position needs.
  offset: Math.round(row.offset * 10_000) / 10_000,
  updated_at: row.updatedAt.toISOString(),
});

/** GET /api/reading-position: null when the user has not read this paper here yet. */
export async function getReadingPosition(db: Db, userId: number, ref: TPaperRef): Promise<TReadingPosition | null> {
  await requireAccess(db, { userId }, 'paper.read', [ref]);
  const row = await selectOwnPosition(db, userId, ref);
  return row && present(row);
}

/** PUT /api/reading-position: replaces the position, then keeps only the user's most recent ones (the quota). */
export async function saveReadingPosition(
  db: Db,
  userId: number,
  request: TSaveReadingPositionRequest,
): Promise<TReadingPosition> {
  const ref = { platform: request.platform, paper_id: request.paper_id };
  await requireAccess(db, { userId }, 'paper.read', [ref]);
  const row = await db.transaction(async (tx) => {
    const saved = await upsertPosition(tx, userId, ref, { page: request.page, offset: request.offset });
    await pruneOldPositions(tx, userId, MAX_READING_POSITIONS_PER_USER);
    return saved;
  });
  return present(row);
}
