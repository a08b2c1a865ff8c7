import type { AppContext } from '../../app-context';
import { refreshCommonWindows } from '../../modules/search/common-query-windows.service';
import { searchIndexOf } from '../../modules/search/search-index.repo';
import type { JobRun } from '../job-definition';

/** Rebuilds the common words' windows with the search index the server ranks with. */
export const refreshWindows = async ({ db }: Pick<AppContext, 'db'>, _slot: unknown, { signal }: JobRun) =>
  refreshCommonWindows(db, { index: await searchIndexOf(db), signal });
