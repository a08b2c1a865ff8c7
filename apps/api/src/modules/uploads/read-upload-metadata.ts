import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { type PutOptions, type StagedFile, tooLargeError } from '../../storage/file-storage';
import { uploadQuotaExceeded, uploadRoom } from '../quotas/user-quotas';
import type { PdfMetadata } from './pdf-metadata';
import { PdfRefusedError } from './pdf-text-limits';
import { resolvePdfMetadata } from './resolve-pdf-metadata';
import { receiveUpload } from './upload-receiver';

/**
 * Holds the received bytes in memory instead of storage: POST /api/upload/metadata stores nothing
 * (docs/uploads.md#metadata-from-the-pdf). Bounded by the same byte limit as an upload's file.
 */
function memoryStaging() {
  let bytes = new Uint8Array(0);
  return {
    bytes: () => bytes,
    async put(source: AsyncIterable<Uint8Array>, options: PutOptions): Promise<StagedFile> {
      const chunks: Buffer[] = [];
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (size > options.maxBytes) throw tooLargeError(options);
        hash.update(chunk);
        chunks.push(Buffer.from(chunk));
      }
      bytes = new Uint8Array(Buffer.concat(chunks));
      const discard = async () => {
        bytes = new Uint8Array(0);
      };
      return { hash: hash.digest('hex'), size, commit: discard, discard };
    },
  };
}

/**
 * POST /api/upload/metadata: the PDF is received with an upload's checks (its size limit, the room
 * left in the caller's byte quota, the %PDF- header; the route shares the upload rate budget), read in
 * the extraction worker under its limits, and dropped. A PDF the worker refuses is a 400 with the
 * reason; a PDF without a text layer answers every field null.
 */
export async function readUploadMetadata(
  context: Pick<AppContext, 'db' | 'config' | 'pdfText'>,
  request: FastifyRequest,
  ownerId: number,
): Promise<PdfMetadata> {
  const { UPLOAD_MAX_BYTES: fileLimit, USER_UPLOAD_QUOTA_BYTES: quota } = context.config;
  const room = await uploadRoom(context.db, ownerId, quota);
  if (room === 0) throw uploadQuotaExceeded(quota);
  const memory = memoryStaging();
  const { staged } = await receiveUpload(
    request,
    memory,
    Math.min(fileLimit, room),
    room < fileLimit ? () => uploadQuotaExceeded(quota) : undefined,
  );
  const data = memory.bytes();
  await staged.discard();
  try {
    const extracted = await context.pdfText.extract(data);
    return (await resolvePdfMetadata(context, ownerId, extracted)).metadata;
  } catch (error) {
    if (error instanceof PdfRefusedError) {
      throw new AppError('INVALID_REQUEST', `The PDF could not be read: ${error.message}`);
    }
    throw error;
  }
}
