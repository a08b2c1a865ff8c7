import { paperRefKey, type TPaperRef } from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { queuedJob } from '../../jobs/job-payloads';
import { enqueue } from '../../jobs/queue/enqueue';
import { storeReferencesFromText } from '../references/references.service';
import { chunkPassages } from './chunk-passages';
import { enqueueCleaningBackfill, markCleaned, selectTextToClean } from './full-text.repo';
import { abstractPassage, type EmbeddingChoice } from './full-text-store';
import { replacePassages } from './passages.repo';

/**
 * docs/ai.md#clean-text: the clean-stored-text job. A text whose passages were cut by an older
 * cleaning gets them cut again from its stored pages (the pages are what pdf.js gave and never
 * change, so no PDF is read or fetched again), its reference list parsed again, and its embeddings
 * queued again, all in one transaction under a lock on its row: a reader sees the old passages or
 * the new ones. A text cleaned meanwhile (a re-extraction) is left alone. Returns whether it was cut.
 */
export async function cleanStoredText(db: Db, ref: TPaperRef, { embed }: EmbeddingChoice): Promise<boolean> {
  return db.transaction(async (tx) => {
    const text = await selectTextToClean(tx, ref);
    if (!text) return false;
    if (text.status === 'abstract-only') {
      if (text.abstract?.trim()) await replacePassages(tx, ref, [abstractPassage(text.abstract)], 'abstract');
    } else {
      const pages = text.pages ?? [];
      await replacePassages(tx, ref, chunkPassages(pages), 'pdf');
      await storeReferencesFromText(tx, ref, pages);
    }
    await markCleaned(tx, ref);
    if (embed) await enqueue(tx, 'embed-passages', ref, { dedupeKey: paperRefKey(ref) });
    return true;
  });
}

/** docs/ai.md#clean-text: at start-up, one clean-stored-text job per text cleaned by an older version. */
export async function backfillCleanText({ db, queue }: Pick<AppContext, 'db' | 'queue'>): Promise<number> {
  const queued = await enqueueCleaningBackfill(db, queuedJob('clean-stored-text'));
  if (queued > 0) queue.wake();
  return queued;
}
