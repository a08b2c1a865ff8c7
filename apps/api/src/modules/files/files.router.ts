import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { fetchMissingArxivPaper } from '../papers/arxiv-on-demand';
import { processEmbeddings } from '../passages/full-text.service';
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
 * The contract's `files` group: the File List half of requirements §7 Chat (files, attach, remove, clear,
 * selection, get_paper, process_embeddings), the user's papers across folders. Sessions, messages and
 * streamed answers are the `chat` group (modules/chat, docs/ai.md#chat).
 */
export const createFilesRouter = (context: AppContext) => {
  const { db } = context;
  return s.router(contract.files, {
    attachPaper: async ({ body, request }) => {
      // docs/security.md#outbound-requests-to-arxiv: authenticate before anything is fetched from arXiv or written.
      const userId = requireUser(request);
      await fetchMissingArxivPaper(context, userId, body);
      const { added, file } = await attachPaper(context, userId, body);
      context.queue.wake();
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
    updateFileSelection: async ({ body, request }) => {
      const update = await updateFileSelection(context, requireUser(request), body);
      context.queue.wake();
      return { status: 200, body: update };
    },
    processEmbeddings: async ({ body, request }) => {
      const status = await processEmbeddings(context, requireUser(request), body);
      context.queue.wake();
      return { status: 202, body: status };
    },
  });
};
