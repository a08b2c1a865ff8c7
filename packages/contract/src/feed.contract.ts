import { c, ZOk } from './common';
import { ZDailyFeedQuery, ZDailyFeedResponse, ZMarkTopicSeenRequest, ZMonitorResponse } from './feed.schemas';

/** The Paper Monitor and the Daily Feed (extensions: the spec shows these pages, not their calls). */
export const feedContract = c.router({
  monitor: {
    method: 'GET',
    path: '/api/monitor',
    responses: { 200: ZMonitorResponse },
    summary: 'Followed topics with their new and latest matching papers',
    description:
      'A paper is new for a topic when it was added to the corpus (harvest or import) after the topic was last seen.',
  },
  markSeen: {
    method: 'POST',
    path: '/api/monitor/seen',
    body: ZMarkTopicSeenRequest,
    responses: { 200: ZOk },
    summary: 'Mark a followed topic as seen: its papers so far stop being new',
    description: 'ok is false when the user does not follow the topic.',
  },
  daily: {
    method: 'GET',
    path: '/api/feed/daily',
    query: ZDailyFeedQuery,
    responses: { 200: ZDailyFeedResponse },
    summary: "One announcement day's papers, ranked and grouped for the caller",
    description:
      'Papers matching a followed topic first (one group per topic), then papers related to the caller’s folders, then the other papers of the day; each with the reason it is shown. Without X-User-ID every paper is in the last group.',
  },
});
