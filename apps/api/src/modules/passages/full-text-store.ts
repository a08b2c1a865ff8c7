import { paperRefKey, type TPaperRef } from '@paperbench/contract';
import { and, eq, sql } from 'drizzle-orm';
import { texToProse } from '../../ai/text/clean/tex-to-prose';
import type { Db, Tx } from '../../db/client';
import { paperTexts } from '../../db/schema';
import { enqueue } from '../../jobs/queue/enqueue';
import { storeReferencesFromText } from '../references/references.service';
import { markTextReady } from '../uploads/paper-texts.repo';
import type { PdfText } from '../uploads/pdf-text';
import { chunkPassages, type PassageSpan } from './chunk-passages';
import { markCleaned } from './full-text.repo';
import { replacePassages } from './passages.repo';

/** Whether passages get embeddings: only with an embedding model configured (docs/ai.md). */
export interface EmbeddingChoice {
  embed: boolean;
}

/**
 * A pending paper's extracted text becomes 'ready' with its passages, in one transaction, and its
 * embedding job is queued with them, and its reference list and markers replace any stored before
 * (docs/references.md#storage). Nothing happens when the row is no longer pending (a second run of the
 * job). Returns whether it was stored. `alsoWrite` writes more in the same transaction (an upload's
 * metadata read from the same PDF, docs/uploads.md#metadata-from-the-pdf).
 */
export async function storeExtractedText(
  db: Db,
  ref: TPaperRef,
  extracted: PdfText,
  { embed }: EmbeddingChoice,
  alsoWrite?: (tx: Tx) => Promise<unknown>,
) {
  const spans = chunkPassages(extracted.pages);
  return db.transaction(async (tx) => {
    if (!(await markTextReady(tx, ref, extracted))) return false;
    await replacePassages(tx, ref, spans, 'pdf');
    await markCleaned(tx, ref);
    await alsoWrite?.(tx);
    await storeReferencesFromText(tx, ref, extracted.pages);
    if (embed) await enqueue(tx, 'embed-passages', ref, { dedupeKey: paperRefKey(ref) });
    return true;
  });
}

/**
 * The abstract as a paper's one passage: its TeX read as prose (docs/ai.md#clean-text), its offsets
 * the trimmed abstract's in papers.abstract.
 */
export function abstractPassage(abstract: string): PassageSpan {
  const text = abstract.trim();
  const start = abstract.indexOf(text);
  // An abstract that is all TeX the prose reading drops stays as stored rather than becoming empty.
  return { page: 1, charStart: start, charEnd: start + text.length, text: texToProse(text) || text };
}

/**
 * docs/ai.md#full-text-and-passages: a PDF that could not be fetched leaves the abstract as the
 * paper's one passage (source 'abstract', cited as page 1, where a paper's abstract is), status
 * 'abstract-only' with the reason. Without an abstract there is nothing to read: 'failed'.
 */
export async function storeAbstractOnly(
  db: Db,
  ref: TPaperRef,
  abstract: string | null,
  reason: string,
  { embed }: EmbeddingChoice,
) {
  const text = abstract?.trim() ?? '';
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(paperTexts)
      .set({
        status: text ? 'abstract-only' : 'failed',
        error: text ? reason : `${reason}; the paper has no abstract`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(paperTexts.platform, ref.platform),
          eq(paperTexts.paperId, ref.paper_id),
          eq(paperTexts.status, 'pending'),
        ),
      )
      .returning({ paperId: paperTexts.paperId });
    if (rows.length === 0 || !text) return rows.length === 1;
    await replacePassages(tx, ref, [abstractPassage(abstract ?? '')], 'abstract');
    await markCleaned(tx, ref);
    if (embed) await enqueue(tx, 'embed-passages', ref, { dedupeKey: paperRefKey(ref) });
    return true;
  });
}
