import { z } from 'zod';
import { ZChatFile, ZEmbeddingStatus, ZFileSelectionUpdate } from './chat.schemas';
import { arxivFetchResponses, c, ZOk, ZPaperId, ZPlatformQuery } from './common';
import { ZPaper, ZPaperRef } from './paper.schemas';

/** requirements §7 Chat, its File List half: the user's papers across folders, their selection and full text. */
export const filesContract = c.router({
  attachPaper: {
    method: 'POST',
    path: '/api/chat/attach_paper',
    body: ZPaperRef,
    responses: { 200: ZChatFile, 201: ZChatFile, ...arxivFetchResponses },
    summary: "Add a paper to the user's File List (201 new, 200 already there)",
  },
  processEmbeddings: {
    method: 'POST',
    path: '/api/chat/process_embeddings',
    body: ZPaperRef,
    responses: { 202: ZEmbeddingStatus },
    summary: "Queue embedding of a paper's text for retrieval",
  },
  listFiles: {
    method: 'GET',
    path: '/api/chat/files',
    responses: { 200: z.array(ZChatFile) },
    summary: "The user's files, one entry per paper, with selection and embedding state",
  },
  deleteFile: {
    method: 'DELETE',
    path: '/api/chat/files/delete/:id',
    pathParams: z.object({ id: ZPaperId }),
    query: ZPlatformQuery,
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: "Remove a paper from all of the user's folders",
    description: 'id is the paper id, URL-encoded.',
  },
  clearFiles: {
    method: 'POST',
    path: '/api/chat/files/clear',
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: "Clear the user's files (requirements §4: Replace in the shared-list import)",
  },
  getPaper: {
    method: 'POST',
    path: '/api/chat/get_paper',
    body: ZPaperRef,
    responses: { 200: ZPaper, ...arxivFetchResponses },
    summary: 'One paper by id and platform',
  },
  updateFileSelection: {
    method: 'POST',
    path: '/api/chat/update_file_selection',
    body: ZFileSelectionUpdate,
    responses: { 200: ZFileSelectionUpdate },
    summary: 'Select or deselect a paper as chat context (every folder entry of the paper follows)',
  },
});
