import { z } from 'zod';
import { aiModelResponses, arxivFetchResponses, c, ZError, ZFolderId, ZOk, ZPlatformQuery } from './common';
import {
  type TUploadBody,
  ZCreateFolderRequest,
  ZFolder,
  ZFolderExportQuery,
  ZFolderFile,
  ZFolderFileParams,
  ZRenameFolderRequest,
  ZUploadResponse,
} from './folder.schemas';
import { type TImportBody, ZImportReport, ZZoteroImportRequest } from './import.schemas';
import { ZPaperRef } from './paper.schemas';
import { ZFolderSummary, ZFolderSummaryQuery } from './summary.schemas';

const ZFolderParams = z.object({ id: ZFolderId });

export const foldersContract = c.router({
  list: {
    method: 'GET',
    path: '/api/folders',
    responses: { 200: z.array(ZFolder) },
    summary: "The caller's folders with their files, oldest first",
  },
  create: {
    method: 'POST',
    path: '/api/folders/',
    body: ZCreateFolderRequest,
    // docs/security.md#rate-limits-and-quotas: 409 when the caller already has USER_FOLDER_QUOTA folders.
    responses: { 201: ZFolder, 409: ZError },
    summary: "Create a folder (named 'Untitled' when no name is given)",
  },
  rename: {
    method: 'PATCH',
    path: '/api/folders/rename',
    body: ZRenameFolderRequest,
    responses: { 200: ZFolder },
    summary: 'Rename a folder',
  },
  remove: {
    method: 'DELETE',
    path: '/api/folders/:id',
    pathParams: ZFolderParams,
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: 'Delete a folder and all its files (the papers themselves stay)',
  },
  listFiles: {
    method: 'GET',
    path: '/api/folders/:id/files',
    pathParams: ZFolderParams,
    responses: { 200: z.array(ZFolderFile) },
    summary: 'The files of one folder',
  },
  addFile: {
    method: 'POST',
    path: '/api/folders/:id/files',
    pathParams: ZFolderParams,
    body: ZPaperRef,
    responses: { 200: ZFolderFile, 201: ZFolderFile, ...arxivFetchResponses },
    summary: 'Attach a paper to a folder',
    description: '201 when the paper was added, 200 when it was already in the folder (adding twice is harmless).',
  },
  removeFile: {
    method: 'DELETE',
    path: '/api/folders/:id/files/:fileId',
    pathParams: ZFolderFileParams,
    query: ZPlatformQuery,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Remove a file from a folder (204 means success, requirements §7)',
    description: 'fileId is the paper id, URL-encoded (arXiv ids such as math/0601001 contain a slash).',
  },
  export: {
    method: 'GET',
    path: '/api/folders/:id/export',
    pathParams: ZFolderParams,
    query: ZFolderExportQuery,
    // Not c.otherResponse: its one fixed content type would overwrite RIS's; the handler sets the type per format.
    responses: {
      200: z
        .string()
        .describe(
          'The file: application/x-bibtex, application/x-research-info-systems, ' +
            'application/vnd.citationstyles.csl+json or text/markdown, as an attachment',
        ),
    },
    summary: "A folder's papers as a BibTeX, RIS or CSL-JSON file (empty for an empty folder)",
    description:
      'Any folder the caller may read: their own, a shared one they are a member of, a public shared one. ' +
      'Content-Disposition names the file after the folder (name.bib, name.ris, name.json).',
  },
  import: {
    method: 'POST',
    path: '/api/folders/:id/import',
    pathParams: ZFolderParams,
    contentType: 'multipart/form-data',
    body: c.type<TImportBody>(),
    responses: { 200: ZImportReport, 409: ZError },
    summary: 'Import a BibTeX, RIS or CSL-JSON file into a folder (docs/import-export.md)',
    description:
      'Multipart part file. Each entry is matched to a paper by arXiv id, then DOI, then title + first author + ' +
      "year; an entry with no match becomes the caller's metadata-only paper (no PDF yet). All or nothing: " +
      'a malformed file (400 naming the line), too large a file or too many entries (413) writes nothing.',
  },
  importZotero: {
    method: 'POST',
    path: '/api/folders/:id/import/zotero',
    pathParams: ZFolderParams,
    body: ZZoteroImportRequest,
    responses: { 200: ZImportReport, 409: ZError, 502: ZError },
    summary: 'Import a Zotero library or collection into a folder through the Zotero Web API',
    description:
      'The API key is used for this import only and never stored. A second import of the same library into ' +
      'the same folder asks Zotero only for the items changed since the first (their Last-Modified-Version).',
  },
  summary: {
    method: 'GET',
    path: '/api/folders/:id/summary',
    pathParams: ZFolderParams,
    query: ZFolderSummaryQuery,
    responses: { 200: ZFolderSummary, ...aiModelResponses },
    summary: "A summary of the folder's papers (cached; generated on first request)",
    description:
      "A cited overview of the folder's papers. Once the folder's papers change, the cached summary is returned with " +
      'stale: true (a GET never rewrites it); POST …/summary/regenerate writes a new one. ' +
      "source=highlights summarises the caller's own highlights on the folder's papers instead, never cached.",
  },
  regenerateSummary: {
    method: 'POST',
    path: '/api/folders/:id/summary/regenerate',
    pathParams: ZFolderParams,
    body: c.noBody(),
    responses: { 200: ZFolderSummary, ...aiModelResponses },
    summary: "Rebuild the folder's summary",
  },
  upload: {
    method: 'POST',
    path: '/api/upload/',
    contentType: 'multipart/form-data',
    body: c.type<TUploadBody>(),
    /** 201: a new paper. 200: the caller had already uploaded these bytes; that paper, nothing new kept. */
    responses: { 200: ZUploadResponse, 201: ZUploadResponse },
    summary: 'Upload a PDF as a new paper (platform upload)',
    description:
      'Multipart parts: file (required, a PDF: checked by its %PDF- header, size-capped), and the text fields ' +
      'of ZUploadForm (title, authors, published, abstract), which the server validates with that schema. ' +
      '201 with the new paper; 200 with the earlier paper when the caller already uploaded the same bytes ' +
      '(sha256; the form fields of the repeat are not applied, nothing new is stored).',
  },
});
