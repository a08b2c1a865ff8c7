import type { AppContext } from '../../app-context';
import { cleanStoredText } from '../../modules/passages/clean-stored-text';
import type { JobPayloads } from '../job-payloads';

/** Cuts one stored text's passages again with the current cleaning, unless it was cleaned meanwhile. */
export async function cleanStoredTextHandler(
  { db, ai }: Pick<AppContext, 'db' | 'ai'>,
  ref: JobPayloads['clean-stored-text'],
) {
  await cleanStoredText(db, ref, { embed: ai.embed !== null });
}
