import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { setDownloadHeaders } from '../../lib/download';
import { requireUser } from '../../plugins/identity';
import { fetchMissingArxivPaper } from '../papers/arxiv-on-demand';
import { summarizeFolderHighlights } from '../summaries/folder-highlights-summary.service';
import { getFolderSummary, regenerateFolderSummary } from '../summaries/folder-summary.service';
import { createUploadRoute } from '../uploads/upload.route';
import { exportFolder } from './folder-export';
import {
  addFileToFolder,
  createFolder,
  deleteFolder,
  listFolderFiles,
  listFolders,
  removeFileFromFolder,
  renameFolder,
} from './folders.service';
import { importBibliographyFile } from './import/import-file';
import { importZoteroLibrary } from './import/zotero-import';

const s = initServer();

/**
 * requirements §7 Folders and files. Every route acts for the caller on the caller's folders, except a folder's
 * files, which members of a shared folder (and anyone, for a public one) reach by their role
 * (docs/collaboration.md).
 */
export const createFoldersRouter = ({ db, ...services }: AppContext) =>
  s.router(contract.folders, {
    list: async ({ request }) => ({ status: 200, body: await listFolders(db, requireUser(request)) }),
    create: async ({ body, request }) => ({
      status: 201,
      body: await createFolder(db, requireUser(request), body.name, services.config.USER_FOLDER_QUOTA),
    }),
    rename: async ({ body, request }) => ({
      status: 200,
      body: await renameFolder(db, requireUser(request), body.folder_id, body.name),
    }),
    remove: async ({ params, request }) => {
      await deleteFolder(db, requireUser(request), params.id);
      return { status: 200, body: { ok: true } };
    },
    // docs/collaboration.md: a public shared folder's files are readable without X-User-ID.
    listFiles: async ({ params, request }) => ({
      status: 200,
      body: await listFolderFiles(db, { userId: request.userId }, params.id),
    }),
    addFile: async ({ params, body, request }) => {
      // docs/security.md#outbound-requests-to-arxiv: authenticate before anything is fetched from arXiv or written.
      const userId = requireUser(request);
      await fetchMissingArxivPaper({ db, ...services }, userId, body);
      const { added, file } = await addFileToFolder({ db, config: services.config }, userId, params.id, body);
      services.queue.wake();
      return { status: added ? 201 : 200, body: file };
    },
    removeFile: async ({ params, query, request }) => {
      const ref = { paper_id: params.fileId, platform: query.platform };
      await removeFileFromFolder(db, requireUser(request), params.id, ref);
      return { status: 204, body: undefined };
    },
    // Readable like the files above: a public shared folder exports without X-User-ID.
    export: async ({ params, query, request, reply }) => {
      const file = await exportFolder(db, { userId: request.userId }, params.id, query.format, query.annote);
      setDownloadHeaders(reply, file.filename, file.contentType);
      return { status: 200, body: file.body };
    },
    // docs/import-export.md: entries matched to papers, the rest kept as the caller's metadata-only papers.
    import: async ({ params, request }) => {
      const report = await importBibliographyFile(db, services.config, request, requireUser(request), params.id);
      services.queue.wake();
      return { status: 200, body: report };
    },
    importZotero: async ({ params, body, request }) => {
      const report = await importZoteroLibrary({ db, config: services.config }, requireUser(request), params.id, body);
      services.queue.wake();
      return { status: 200, body: report };
    },
    summary: async ({ params, query, request }) => {
      const summarize = query.source === 'highlights' ? summarizeFolderHighlights : getFolderSummary;
      return { status: 200, body: await summarize({ db, ai: services.ai }, requireUser(request), params.id) };
    },
    regenerateSummary: async ({ params, request }) => ({
      status: 200,
      body: await regenerateFolderSummary({ db, ai: services.ai }, requireUser(request), params.id),
    }),
    // requirements §7 POST /api/upload/ sits in this contract group; the uploads module handles it.
    upload: createUploadRoute({ db, ...services }),
  });
