import { AppError } from '../../lib/app-error';

/** @fastify/multipart's error codes, as plain sentences in our error shape. */
const MULTIPART_ERRORS: Record<string, AppError> = {
  FST_REQ_FILE_TOO_LARGE: new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than the upload limit'),
  FST_FILES_LIMIT: new AppError('INVALID_REQUEST', 'Send exactly one file per upload'),
  FST_FIELDS_LIMIT: new AppError('INVALID_REQUEST', 'Too many form fields'),
  FST_PARTS_LIMIT: new AppError('INVALID_REQUEST', 'Too many multipart parts'),
  FST_PROTO_VIOLATION: new AppError('INVALID_REQUEST', 'A form field has a forbidden name'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Send the upload as multipart/form-data with a file part',
  ),
  FST_MP_PREMATURE_CLOSE: new AppError('INVALID_REQUEST', 'The upload was cut off before the whole body arrived'),
};

/**
 * Any failure while reading the multipart body → AppError. The busboy parser's own errors (a body
 * that ends without its closing boundary, a malformed part header) are the client's fault: 400.
 * File-system errors (disk full, permissions) stay server faults.
 */
export function toUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const err = error as { code?: string; syscall?: string; message?: string };
  const known = err.code ? MULTIPART_ERRORS[err.code] : undefined;
  if (known) return known;
  if (typeof err.syscall === 'string') return error;
  if (typeof err.message === 'string' && /unexpected end|terminated early|malformed|multipart/i.test(err.message)) {
    return new AppError('INVALID_REQUEST', `The multipart body is incomplete or malformed (${err.message})`);
  }
  return error;
}
