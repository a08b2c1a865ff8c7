import { z } from 'zod';
import { selectPassagesToEmbed, updatePassageEmbedding } from '../../../modules/passages/passages.repo';
import { defineQueueJob } from '../queue-job-definition';

const ZPayload = z.object({ platform: z.string().min(1), paper_id: z.string().min(1) });

/** Passages sent to the embedding endpoint per request. */
const BATCH = 32;

/**
 * A paper's passages get their embeddings (docs/ai.md#full-text-and-passages), queued once its
 * passages are stored when EMBEDDING_MODEL is set. Batches of 32; each batch is written as it comes,
 * so a retry starts where the last try stopped. Without an embedding model (since unset) it does
 * nothing: retrieval then runs on full text alone.
 */
export const embedPassagesJob = defineQueueJob({
  id: 'embed-passages',
  version: 1,
  payload: ZPayload,
  maxAttempts: 5,
  visibilityTimeoutMs: 120_000,
  backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
  async handler({ db, ai }, ref, { signal }) {
    const { embed, embeddingModelName: model } = ai;
    if (!embed || !model) return;
    for (;;) {
      const batch = await selectPassagesToEmbed(db, ref, model, BATCH);
      if (batch.length === 0 || signal.aborted) return;
      const vectors = await embed(
        batch.map((passage) => passage.text),
        { abortSignal: signal },
      );
      await db.transaction(async (tx) => {
        for (const [index, passage] of batch.entries()) {
          const vector = vectors[index];
          if (vector) await updatePassageEmbedding(tx, passage.id, vector, model);
        }
      });
    }
  },
});
