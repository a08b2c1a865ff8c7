import '@fastify/multipart';
import type { TImportReport } from '@paperbench/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { describeBytes } from '../../../lib/describe-bytes';
import { requireAccess } from '../../../policies/access';
import { toUploadError } from '../../uploads/multipart-errors';
import { countEntries, decodeBibliography, detectKind, parseBibliography } from './bibliography-input';
import { type ImportConfig, importEntries, requireEntryRoom } from './import.service';

const tooLarge = (limit: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than the import limit of ${describeBytes(limit)} (IMPORT_MAX_BYTES): split it and import the parts`,
    { limit_bytes: limit },
  );

/** The multipart body's `file` part, whole (a bibliography is small: at most IMPORT_MAX_BYTES). */
async function receiveBibliography(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw toUploadError({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' });
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError(
          'INVALID_REQUEST',
          `Unexpected file part "${part.fieldname}": send the bibliography as "file"`,
        );
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw toUploadError(error);
  }
  if (!bytes) throw new AppError('INVALID_REQUEST', 'The request has no file part: send the bibliography as "file"');
  return bytes;
}

/**
 * POST /api/folders/{id}/import (docs/import-export.md): the file read whole, its format told by its
 * content, its entries counted before they are parsed (a file over IMPORT_MAX_ENTRIES is refused before any
 * work), then matched and imported in one transaction.
 */
export async function importBibliographyFile(
  db: Db,
  config: ImportConfig & { IMPORT_MAX_BYTES: number },
  request: FastifyRequest,
  userId: number,
  folderId: number,
): Promise<TImportReport> {
  await requireAccess(db, { userId }, 'folder.addFile', [folderId]);
  const text = decodeBibliography(await receiveBibliography(request, config.IMPORT_MAX_BYTES));
  const kind = detectKind(text);
  requireEntryRoom(countEntries(text, kind), config.IMPORT_MAX_ENTRIES);
  const entries = parseBibliography(text, kind);
  if (entries.length === 0) throw new AppError('INVALID_REQUEST', 'The file holds no entries');
  return importEntries(db, config, userId, folderId, entries);
}
