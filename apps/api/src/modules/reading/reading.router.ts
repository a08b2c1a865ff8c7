import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { getReadingPosition, saveReadingPosition } from './reading.service';

const s = initServer();

/**
 * docs/reading.md#resume-reading: where the caller left a paper. Both routes need X-User-ID; saving has its
 * own rate budget (`reading`) and a quota (the 1,000 most recent positions per user).
 */
export const createReadingRouter = ({ db }: AppContext) =>
  s.router(contract.reading, {
    getPosition: async ({ query, request }) => ({
      status: 200,
      body: await getReadingPosition(db, requireUser(request), query),
    }),
    savePosition: async ({ body, request }) => ({
      status: 200,
      body: await saveReadingPosition(db, requireUser(request), body),
    }),
  });
