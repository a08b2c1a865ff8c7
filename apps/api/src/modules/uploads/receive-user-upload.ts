import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { StagedFile } from '../../storage/file-storage';
import { uploadQuotaExceeded, uploadRoom } from '../quotas/user-quotas';
import { parseUploadForm, type UploadMetadata } from './upload-form';
import { receiveUpload } from './upload-receiver';

export interface UserUpload {
  staged: StagedFile;
  metadata: UploadMetadata;
}

/**
 * A user's PDF upload, received and checked, waiting to be stored (the upload routes of requirements §7 and
 * docs/review.md). The body is cut off where it would pass the user's byte quota, before storing
 * (docs/security.md#rate-limits-and-quotas). `check` sees the text parts and may refuse (e.g. a review
 * session that is not the caller's); on any refusal the staged bytes are dropped: nothing is kept.
 */
export async function receiveUserUpload(
  context: Pick<AppContext, 'db' | 'storage' | 'config'>,
  request: FastifyRequest,
  ownerId: number,
  {
    extraFields = [],
    check,
  }: { extraFields?: readonly string[]; check?: (fields: Record<string, string>) => Promise<void> } = {},
): Promise<UserUpload> {
  const { UPLOAD_MAX_BYTES: fileLimit, USER_UPLOAD_QUOTA_BYTES: quota } = context.config;
  const room = await uploadRoom(context.db, ownerId, quota);
  if (room === 0) throw uploadQuotaExceeded(quota);
  const { staged, filename, fields } = await receiveUpload(
    request,
    context.storage,
    Math.min(fileLimit, room),
    room < fileLimit ? () => uploadQuotaExceeded(quota) : undefined,
    extraFields,
  );
  try {
    const metadata = parseUploadForm(fields, filename);
    await check?.(fields);
    return { staged, metadata };
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

/**
 * Runs an upload route's handler; a refusal may come before the client has sent all of a large body,
 * so it closes the connection, which stops it, instead of leaving unread bytes on a keep-alive socket.
 */
export async function closingOnRefusal<T>(
  reply: { header(name: string, value: string): unknown },
  handle: () => Promise<T>,
): Promise<T> {
  try {
    return await handle();
  } catch (error) {
    reply.header('connection', 'close');
    throw error;
  }
}
