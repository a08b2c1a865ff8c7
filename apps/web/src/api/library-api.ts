import type {
  TChatFile,
  TFolder,
  TPaper,
  TPaperRef,
  TSharedList,
  TShareImportRequest,
  TShareImportResponse,
  TUploadBody,
  TUploadResponse,
} from '@paperbench/contract';
import { tsr } from './client';

/** A ts-rest answer outside 2xx is thrown as is, so parseApiError() reads it (spec §8: rethrown to the caller). */
export function ok<T extends { status: number }>(response: T): T {
  if (response.status < 200 || response.status >= 300) throw response;
  return response;
}

/** The ts-rest client does not URL-encode path params; arXiv ids such as math/0601001 contain '/'. */
const segment = (value: string | number) => encodeURIComponent(String(value));

// spec §7 Folders and files.
export async function listFolders(): Promise<TFolder[]> {
  const response = ok(await tsr.folders.list.query());
  return response.status === 200 ? response.body : [];
}

export async function createFolder(name?: string): Promise<TFolder> {
  const response = ok(await tsr.folders.create.mutate({ body: name ? { name } : {} }));
  return response.body as TFolder;
}

export async function renameFolder(folderId: number, name: string): Promise<void> {
  ok(await tsr.folders.rename.mutate({ body: { folder_id: folderId, name } }));
}

export async function deleteFolder(folderId: number): Promise<void> {
  ok(await tsr.folders.remove.mutate({ params: { id: segment(folderId) } }));
}

export async function addFileToFolder(folderId: number, ref: TPaperRef): Promise<void> {
  ok(await tsr.folders.addFile.mutate({ params: { id: segment(folderId) }, body: ref }));
}

/** spec §7: 204 means success; spec §8: a failed removal throws 'Delete from folder failed'. */
export async function removeFileFromFolder(folderId: number | null, ref: TPaperRef): Promise<void> {
  if (folderId == null) throw new Error('No folder selected');
  const response = await tsr.folders.removeFile.mutate({
    params: { id: segment(folderId), fileId: segment(ref.paper_id) },
    query: { platform: ref.platform },
  });
  if (response.status !== 204) throw new Error('Delete from folder failed');
}

/**
 * POST /api/upload/ (multipart). The FormData is built here: ts-rest's own builder JSON-encodes every
 * non-File part (a title would arrive as "\"Title\""), while the server reads the parts as plain text.
 */
export async function uploadPaper(body: TUploadBody): Promise<TUploadResponse> {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : 'upload.pdf');
    else if (value !== undefined) form.append(key, String(value));
  }
  const response = ok(await tsr.folders.upload.mutate({ body: form as unknown as TUploadBody }));
  return response.body as TUploadResponse;
}

// spec §7 Chat: the File List operations.
export async function updateFileSelection(ref: TPaperRef, selected: boolean): Promise<void> {
  ok(await tsr.chat.updateFileSelection.mutate({ body: { ...ref, selected } }));
}

export async function listUserFiles(): Promise<TPaperRef[]> {
  const response = ok(await tsr.chat.listFiles.query());
  return response.status === 200 ? response.body.map(({ paper_id, platform }) => ({ paper_id, platform })) : [];
}

/** GET /api/chat/files whole: each file with where its text stands (embedding_status, embedding_error). */
export async function listChatFiles(): Promise<TChatFile[]> {
  const response = ok(await tsr.chat.listFiles.query());
  return response.status === 200 ? response.body : [];
}

export async function attachPaper(ref: TPaperRef): Promise<void> {
  ok(await tsr.chat.attachPaper.mutate({ body: ref }));
}

export async function getPaper(ref: TPaperRef): Promise<TPaper> {
  const response = ok(await tsr.chat.getPaper.mutate({ body: ref }));
  return response.body as TPaper;
}

// spec §7 Sharing.
export async function createShare(files: TPaperRef[]): Promise<string> {
  const response = ok(await tsr.share.create.mutate({ body: { files } }));
  return (response.body as { share_id: string }).share_id;
}

export async function getSharedList(shareId: string): Promise<TSharedList> {
  const response = ok(await tsr.share.get.query({ params: { id: segment(shareId) } }));
  return response.body as TSharedList;
}

/**
 * Imports a shared list into the user's files in one request (one server transaction): 'replace'
 * clears them first, 'merge' keeps them. The link grants the shared uploads, which attach_paper refuses.
 */
export async function importSharedList(
  shareId: string,
  mode: TShareImportRequest['mode'],
): Promise<TShareImportResponse> {
  const response = ok(await tsr.share.import.mutate({ params: { id: segment(shareId) }, body: { mode } }));
  return response.body as TShareImportResponse;
}

/** spec §4: a window event that makes every File List view reload the folders. */
export const PAPER_ATTACHED_EVENT = 'paper-attached';

export function announcePaperAttached(): void {
  window.dispatchEvent(new Event(PAPER_ATTACHED_EVENT));
}
