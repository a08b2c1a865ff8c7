import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { createSharedList, getSharedList, importSharedList } from './share.service';

const s = initServer();

/** spec §7 Sharing: paper lists by link. Creating or importing one needs a user; reading one needs only the link. */
export const createShareRouter = ({ db }: AppContext) =>
  s.router(contract.share, {
    create: async ({ body, request }) => ({
      status: 201,
      body: { share_id: await createSharedList(db, requireUser(request), body.files) },
    }),
    get: async ({ params }) => ({ status: 200, body: await getSharedList(db, params.id) }),
    import: async ({ params, body, request }) => ({
      status: 200,
      body: await importSharedList(db, requireUser(request), params.id, body.mode),
    }),
  });
