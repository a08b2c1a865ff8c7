import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { papers, paperTexts, remotePdfs, storedFiles, uploads } from '../db/schema';
import { type MultipartPart, multipartBody } from './multipart';
import { listFiles } from './pdf-fixtures';
import type { TestApp } from './test-app';

/** POST /api/upload/ as the web client sends it, with the caller's id when given. */
export function postUpload(
  app: FastifyInstance,
  userId: string | undefined,
  parts: MultipartPart[],
  options: { truncate?: boolean } = {},
) {
  const { payload, headers } = multipartBody(parts, options);
  return app.inject({
    method: 'POST',
    url: '/api/upload/',
    payload,
    headers: { ...headers, ...(userId ? { 'x-user-id': userId } : {}) },
  });
}

/** A PDF file part named as the dialog names it. */
export const pdfPart = (content: Buffer, filename = 'paper.pdf'): MultipartPart => ({
  name: 'file',
  filename,
  content,
});

/**
 * Everything an upload or a proxy fetch can leave behind: rows of every table involved and the
 * files in storage. Tests compare it before and after a refused request: "nothing kept".
 */
export async function libraryState(t: TestApp) {
  const tally = async (table: typeof uploads | typeof storedFiles | typeof paperTexts | typeof remotePdfs) => {
    const [row] = await t.db.select({ n: count() }).from(table);
    return row?.n ?? 0;
  };
  const [uploadedPapers] = await t.db.select({ n: count() }).from(papers).where(eq(papers.platform, 'upload'));
  return {
    uploadedPapers: uploadedPapers?.n ?? 0,
    uploads: await tally(uploads),
    storedFiles: await tally(storedFiles),
    paperTexts: await tally(paperTexts),
    remotePdfs: await tally(remotePdfs),
    files: await listFiles(t.context.config.STORAGE_DIR),
  };
}
