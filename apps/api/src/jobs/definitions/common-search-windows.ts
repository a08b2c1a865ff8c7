import { defineJob, hourlySlot, slotPayload } from '../job-definition';

/**
 * Hourly (docs/search.md#common-words): when papers arrived since the last build, ranks the corpus's
 * most common words in the background so that their first search reads a kept window. Listed after
 * the harvest, so a day's harvest is followed by a build in the same tick. Does nothing on a corpus
 * under 100,000 papers or without RUM.
 */
export const commonSearchWindowsJob = defineJob({
  id: 'common-search-windows',
  version: 1,
  payload: slotPayload,
  schedule: (now) => hourlySlot(now),
  handler: async () => (await import('./common-search-windows.handler')).refreshWindows,
});
