import type { AppContext } from '../../app-context';
import { selectPassagesToEmbed, updatePassageEmbedding } from '../../modules/passages/passages.repo';
import type { JobRun } from '../job-definition';
import type { JobPayloads } from '../job-payloads';

/** Passages sent to the embedding endpoint per request. */
const BATCH = 32;

/** Embeds a paper's passages that have none for the configured model, a batch at a time. */
export async function embedPassages(
  { db, ai }: Pick<AppContext, 'db' | 'ai'>,
  ref: JobPayloads['embed-passages'],
  { signal }: JobRun,
) {
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
}
