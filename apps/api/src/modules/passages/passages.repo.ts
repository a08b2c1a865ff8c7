import type { TPaperRef } from '@paperbench/contract';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { passages } from '../../db/schema';
import type { PassageSpan } from './chunk-passages';

const ofPaper = (ref: TPaperRef) => and(eq(passages.platform, ref.platform), eq(passages.paperId, ref.paper_id));
const ofPapers = (refs: readonly TPaperRef[]) => or(...refs.map(ofPaper));

/** A paper's passages become these (a re-extraction replaces them all). */
export async function replacePassages(
  tx: Tx,
  ref: TPaperRef,
  spans: readonly PassageSpan[],
  source: 'pdf' | 'abstract',
): Promise<void> {
  await tx.delete(passages).where(ofPaper(ref));
  if (spans.length === 0) return;
  await tx.insert(passages).values(
    spans.map((span, ordinal) => ({
      platform: ref.platform,
      paperId: ref.paper_id,
      ordinal,
      page: span.page,
      charStart: span.charStart,
      charEnd: span.charEnd,
      text: span.text,
      source,
    })),
  );
}

/** The next `limit` passages of a paper not yet embedded with `model` (none, or another model's vectors). */
export async function selectPassagesToEmbed(db: Db, ref: TPaperRef, model: string, limit: number) {
  return db
    .select({ id: passages.id, text: passages.text })
    .from(passages)
    .where(and(ofPaper(ref), or(isNull(passages.embedding), ne(passages.embeddingModel, model))))
    .orderBy(asc(passages.ordinal))
    .limit(limit);
}

export async function updatePassageEmbedding(db: Db | Tx, id: number, embedding: number[], model: string) {
  await db.update(passages).set({ embedding, embeddingModel: model }).where(eq(passages.id, id));
}

/** What retrieval reads of a passage: where it is (page, offsets into that page's text) and its embedding. */
const candidateColumns: { [K in keyof PassageRow]: (typeof passages)[K] } = {
  id: passages.id,
  platform: passages.platform,
  paperId: passages.paperId,
  ordinal: passages.ordinal,
  page: passages.page,
  charStart: passages.charStart,
  charEnd: passages.charEnd,
  text: passages.text,
  source: passages.source,
  embedding: passages.embedding,
  embeddingModel: passages.embeddingModel,
};

export type PassageRow = Omit<typeof passages.$inferSelect, 'searchVector'>;

/** The words of a question, for an OR query: letters and digits only, so no tsquery syntax gets through. */
export const queryWords = (question: string): string[] => question.match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Retrieval candidates (docs/ai.md#full-text-and-passages): passages of `refs` matching ANY word of
 * the question (english stemming, stop words dropped), at most `limit`, in reading order. PostgreSQL's
 * ts_rank has no IDF, so ranking is left to BM25 in process over these. The caller has checked that
 * the user may read every paper of `refs` (requireAccess 'paper.read'); this reads no visibility.
 */
export async function selectPassageCandidates(
  db: Db,
  refs: readonly TPaperRef[],
  question: string,
  limit: number,
): Promise<PassageRow[]> {
  const words = queryWords(question);
  if (refs.length === 0 || words.length === 0) return [];
  const query = sql`websearch_to_tsquery('english', ${words.join(' or ')})`;
  return db
    .select(candidateColumns)
    .from(passages)
    .where(and(ofPapers(refs), sql`${passages.searchVector} @@ ${query}`))
    .orderBy(asc(passages.platform), asc(passages.paperId), asc(passages.ordinal))
    .limit(limit);
}

/** Every passage of `refs` (dense retrieval: cosine over a selection's few hundred passages is cheap). Same caller check. */
export async function selectPassagesOf(db: Db, refs: readonly TPaperRef[], limit: number): Promise<PassageRow[]> {
  if (refs.length === 0) return [];
  return db
    .select(candidateColumns)
    .from(passages)
    .where(ofPapers(refs))
    .orderBy(asc(passages.platform), asc(passages.paperId), asc(passages.ordinal))
    .limit(limit);
}
