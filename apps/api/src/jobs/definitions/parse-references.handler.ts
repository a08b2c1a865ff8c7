import type { AppContext } from '../../app-context';
import { parseStoredReferences } from '../../modules/references/references.service';
import type { JobPayloads } from '../job-payloads';

/** Parses one stored text's reference list, unless it was parsed meanwhile. */
export async function parseReferences({ db }: Pick<AppContext, 'db'>, ref: JobPayloads['parse-references']) {
  await parseStoredReferences(db, ref);
}
