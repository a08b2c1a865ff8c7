import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { followTopic, listTopics, unfollowTopic } from './topics.service';

const s = initServer();

/** requirements §7 topics: the caller's followed topics. */
export const createTopicsRouter = ({ db }: AppContext) =>
  s.router(contract.topics, {
    list: async ({ request }) => ({
      status: 200,
      body: { topics: await listTopics(db, requireUser(request)) },
    }),
    add: async ({ body, request }) => ({
      status: 200,
      body: { topics: await followTopic(db, requireUser(request), body.topic) },
    }),
    remove: async ({ params, request }) => ({
      status: 200,
      body: { ok: await unfollowTopic(db, requireUser(request), params.topic) },
    }),
  });
