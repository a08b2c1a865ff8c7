import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { getDailyFeed } from './daily-feed.service';
import { getMonitor, markTopicSeen } from './monitor.service';

const s = initServer();

/** The Paper Monitor (the caller's topics) and the Daily Feed (public, personal with X-User-ID). */
export const createFeedRouter = ({ db }: AppContext) =>
  s.router(contract.feed, {
    monitor: async ({ request }) => ({ status: 200, body: await getMonitor(db, requireUser(request)) }),
    markSeen: async ({ body, request }) => ({
      status: 200,
      body: { ok: await markTopicSeen(db, requireUser(request), body.topic, body.seen_at) },
    }),
    daily: async ({ query, request }) => ({
      status: 200,
      body: await getDailyFeed(db, request.userId, query.day),
    }),
  });
