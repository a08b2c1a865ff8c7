import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import {
  changeMember,
  createForum,
  getForum,
  getMode,
  getPermission,
  listForums,
  removeForum,
  setMode,
} from './forum.service';

const s = initServer();

/**
 * requirements §7 Sharing and forum (docs/collaboration.md). Reads of one forum work without X-User-ID (a
 * public folder is open to anyone); listing one's forums and every change need a user.
 */
export const createForumRouter = ({ db, config }: AppContext) =>
  s.router(contract.forum, {
    create: async ({ body, request }) => {
      const { created, forum } = await createForum(db, requireUser(request), body.folder_id, body.is_public);
      return { status: created ? 201 : 200, body: forum };
    },
    list: async ({ request }) => ({ status: 200, body: await listForums(db, requireUser(request)) }),
    get: async ({ params, request }) => ({
      status: 200,
      body: await getForum(db, { userId: request.userId }, params.id),
    }),
    remove: async ({ params, request }) => {
      await removeForum(db, requireUser(request), params.id);
      return { status: 200, body: { ok: true } };
    },
    permission: async ({ params, request }) => ({
      status: 200,
      body: await getPermission(db, { userId: request.userId }, params.id),
    }),
    getMode: async ({ params, request }) => ({
      status: 200,
      body: await getMode(db, { userId: request.userId }, params.id),
    }),
    setMode: async ({ params, body, request }) => ({
      status: 200,
      body: await setMode(db, requireUser(request), params.id, body.is_public),
    }),
    addUser: async ({ params, body, request }) => ({
      status: 201,
      body: await changeMember(
        db,
        requireUser(request),
        params.id,
        { kind: 'add', ...body },
        config.FOLDER_MEMBER_QUOTA,
      ),
    }),
    updateUserRole: async ({ params, body, request }) => ({
      status: 200,
      body: await changeMember(
        db,
        requireUser(request),
        params.id,
        { kind: 'update', ...body },
        config.FOLDER_MEMBER_QUOTA,
      ),
    }),
    removeUser: async ({ params, body, request }) => ({
      status: 200,
      body: await changeMember(
        db,
        requireUser(request),
        params.id,
        { kind: 'remove', email: body.email },
        config.FOLDER_MEMBER_QUOTA,
      ),
    }),
  });
