import type { TSignedPdfUrl } from '@paperbench/contract';
import { tsr } from './client';
import { ok } from './library-api';

const segment = (value: string) => encodeURIComponent(value);

/** docs/security.md#sessions: a short-lived signed URL of an uploaded PDF, for a plain link (a new window). */
export async function fetchSignedPdfUrl(paperId: string): Promise<TSignedPdfUrl> {
  const response = ok(await tsr.uploads.pdfUrl.query({ params: { paperId: segment(paperId) } }));
  return response.body as TSignedPdfUrl;
}

/** docs/security.md#taking-things-back: the uploader deletes an upload (its paper leaves every folder). */
export async function deleteUpload(paperId: string): Promise<void> {
  ok(await tsr.uploads.remove.mutate({ params: { paperId: segment(paperId) } }));
}
