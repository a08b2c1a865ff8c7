import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { describeBytes } from '../../lib/describe-bytes';
import type { FileStorage, StagedFile } from '../../storage/file-storage';
import { requirePdfMagic, UPLOAD_PDF_ERRORS } from '../pdfs/pdf-magic';
import { toUploadError } from './multipart-errors';

/** The text parts of requirements §7's upload body; any other field is ignored. */
const FORM_FIELDS = new Set(['title', 'authors', 'published', 'abstract']);

export interface ReceivedUpload {
  /** The PDF's bytes, hashed, waiting in temp storage for the transaction (or for discard). */
  staged: StagedFile;
  /** The name the client gave the file (display only; never used as a storage key). */
  filename: string;
  fields: Record<string, string>;
}

/**
 * Reads the multipart body part by part, in whatever order the client sends them, streaming the
 * `file` part through the `%PDF-` check into storage (never holding it whole in memory). On any
 * failure the staged bytes are dropped before the error propagates: nothing is kept.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: Pick<FileStorage, 'put'>,
  maxBytes: number,
  /** The refusal when `maxBytes` is the room left in the user's quota (docs/security.md#rate-limits-and-quotas), not the per-file limit. */
  tooLargeError?: () => AppError,
  /** Text parts read besides requirements §7's, e.g. review upload's session_id (docs/review.md). */
  extraFields: readonly string[] = [],
): Promise<ReceivedUpload> {
  const tooLarge =
    tooLargeError ??
    (() => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the upload limit of ${describeBytes(maxBytes)}`));
  if (!request.isMultipart()) throw toUploadError({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' });
  const fields: Record<string, string> = {};
  let staged: StagedFile | undefined;
  let filename = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!FORM_FIELDS.has(part.fieldname) && !extraFields.includes(part.fieldname)) continue;
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw new AppError('INVALID_REQUEST', `The field ${part.fieldname} is too long`);
        }
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('INVALID_REQUEST', `Unexpected file part "${part.fieldname}": send the PDF as "file"`);
      }
      filename = part.filename;
      staged = await storage.put(requirePdfMagic(part.file, UPLOAD_PDF_ERRORS), { maxBytes, tooLarge });
      // The parser stops a file at the limit and flags it; our own count normally fails first.
      if (part.file.truncated) throw toUploadError({ code: 'FST_REQ_FILE_TOO_LARGE' });
    }
  } catch (error) {
    await staged?.discard();
    throw toUploadError(error);
  }
  if (!staged) throw new AppError('INVALID_REQUEST', 'The upload has no file part: send the PDF as "file"');
  return { staged, filename, fields };
}
