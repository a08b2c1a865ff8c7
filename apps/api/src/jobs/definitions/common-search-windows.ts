import { refreshCommonWindows } from '../../modules/search/common-query-windows.service';
import { searchIndexOf } from '../../modules/search/search-index.repo';
import { hourlySlot, type JobDefinition } from '../job-definition';

/**
 * Hourly (docs/search.md#common-words): when papers arrived since the last build, ranks the corpus's
 * most common words in the background so that their first search reads a kept window. Listed after
 * the harvest, so a day's harvest is followed by a build in the same tick. Does nothing on a corpus
 * under 100,000 papers or without RUM.
 */
export const commonSearchWindowsJob: JobDefinition = {
  id: 'common-search-windows',
  dueSlot: (now) => hourlySlot(now),
  run: async ({ db }, { signal }) => refreshCommonWindows(db, { index: await searchIndexOf(db), signal }),
};
