import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { createSharedList, getSharedList, importSharedList, revokeSharedList } from './share.service';

const s = initServer();

/** requirements §7 Sharing: paper lists by link. Creating or importing one needs a user; reading one needs only the link. */
export const createShareRouter = ({ db, config, queue }: AppContext) =>
  s.router(contract.share, {
    create: async ({ body, request }) => ({
      status: 201,
      body: { share_id: await createSharedList(db, requireUser(request), body.files, config.USER_SHARE_LIST_QUOTA) },
    }),
    get: async ({ params, request }) => ({
      status: 200,
      body: await getSharedList(db, { userId: request.userId }, params.id),
    }),
    revoke: async ({ params, request }) => {
      await revokeSharedList(db, requireUser(request), params.id);
      return { status: 204, body: undefined };
    },
    import: async ({ params, body, request }) => {
      const imported = await importSharedList({ db, config }, requireUser(request), params.id, body.mode);
      queue.wake();
      return { status: 200, body: imported };
    },
  });
