import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { notImplemented } from '../not-implemented';
import { fetchMissingArxivPaper } from '../papers/arxiv-on-demand';
import {
  attachPaper,
  clearUserFiles,
  getVisiblePaper,
  listUserFiles,
  removeUserFile,
  updateFileSelection,
} from './user-files.service';

const s = initServer();

/**
 * The contract's `chat` group (spec §7 Chat). Its File List operations (files, attach, remove, clear,
 * selection, get_paper) are this module: the user's papers across folders. Sessions, messages,
 * streaming and embeddings belong to the AI layer and answer 501 until it exists.
 */
export const createChatRouter = (context: AppContext) => {
  const { db } = context;
  return s.router(contract.chat, {
    attachPaper: async ({ body, request }) => {
      // docs/security.md#outbound-requests-to-arxiv: authenticate before anything is fetched from arXiv or written.
      const userId = requireUser(request);
      await fetchMissingArxivPaper(context, userId, body);
      const { added, file } = await attachPaper(db, userId, body);
      return { status: added ? 201 : 200, body: file };
    },
    listFiles: async ({ request }) => ({ status: 200, body: await listUserFiles(db, requireUser(request)) }),
    deleteFile: async ({ params, query, request }) => {
      await removeUserFile(db, requireUser(request), { paper_id: params.id, platform: query.platform });
      return { status: 200, body: { ok: true } };
    },
    clearFiles: async ({ request }) => {
      await clearUserFiles(db, requireUser(request));
      return { status: 200, body: { ok: true } };
    },
    getPaper: async ({ body, request }) => {
      const userId = requireUser(request);
      await fetchMissingArxivPaper(context, userId, body);
      return { status: 200, body: await getVisiblePaper(db, userId, body) };
    },
    updateFileSelection: async ({ body, request }) => ({
      status: 200,
      body: await updateFileSelection(db, requireUser(request), body),
    }),
    processEmbeddings: notImplemented(contract.chat.processEmbeddings),
    listSessions: notImplemented(contract.chat.listSessions),
    createSession: notImplemented(contract.chat.createSession),
    deleteSession: notImplemented(contract.chat.deleteSession),
    messages: notImplemented(contract.chat.messages),
    updateSessionTitle: notImplemented(contract.chat.updateSessionTitle),
    streamChat: notImplemented(contract.chat.streamChat),
  });
};
