import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { setDownloadHeaders } from '../../lib/download';
import { requireUser } from '../../plugins/identity';
import {
  createReply,
  deleteReply,
  folderUnread,
  listReplies,
  readThread,
  updateThread,
} from './annotation-threads.service';
import {
  countAnnotations,
  createAnnotation,
  exportAnnotations,
  listAnnotations,
  removeAnnotation,
  updateAnnotation,
} from './annotations.service';

const s = initServer();

/**
 * docs/annotations.md: a reader's marks on a paper's pages. Reading works without X-User-ID for marks
 * shared with a public folder; writing needs a user, has its own rate budget (`annotation`) and a
 * quota per user (USER_ANNOTATION_QUOTA).
 */
export const createAnnotationsRouter = ({ db, config }: AppContext) =>
  s.router(contract.annotations, {
    list: async ({ query, request }) => ({
      status: 200,
      body: await listAnnotations(db, { userId: request.userId }, query),
    }),
    counts: async ({ query, request }) => ({
      status: 200,
      body: await countAnnotations(db, { userId: request.userId }, query.papers),
    }),
    export: async ({ query, request, reply }) => {
      const ref = { platform: query.platform, paper_id: query.paper_id };
      const file = await exportAnnotations(db, { userId: request.userId }, ref, query.format);
      setDownloadHeaders(reply, file.filename, file.contentType);
      return { status: 200, body: file.body };
    },
    create: async ({ body, request }) => ({
      status: 201,
      body: await createAnnotation(db, requireUser(request), body, config.USER_ANNOTATION_QUOTA),
    }),
    update: async ({ params, body, request }) => ({
      status: 200,
      body: await updateAnnotation(db, requireUser(request), params.id, body),
    }),
    remove: async ({ params, request }) => {
      await removeAnnotation(db, requireUser(request), params.id);
      return { status: 204, body: undefined };
    },
    listReplies: async ({ params, request }) => ({
      status: 200,
      body: await listReplies(db, { userId: request.userId }, params.id),
    }),
    createReply: async ({ params, body, request }) => ({
      status: 201,
      body: await createReply(db, requireUser(request), params.id, body.content, config.USER_COMMENT_QUOTA_PER_DAY),
    }),
    deleteReply: async ({ params, request }) => {
      await deleteReply(db, requireUser(request), params.id);
      return { status: 204, body: undefined };
    },
    readThread: async ({ params, request }) => {
      await readThread(db, requireUser(request), params.id);
      return { status: 204, body: undefined };
    },
    unread: async ({ query, request }) => ({
      status: 200,
      body: await folderUnread(db, { userId: request.userId }, query.folder_id),
    }),
    updateThread: async ({ params, body, request }) => ({
      status: 200,
      body: await updateThread(db, requireUser(request), params.id, body.resolved),
    }),
  });
