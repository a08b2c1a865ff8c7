import { contract, ZReviewUploadForm } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/identity';
import { createUpload } from '../uploads/commands/create-upload';
import { closingOnRefusal, receiveUserUpload } from '../uploads/receive-user-upload';
import { decodeTextPart } from '../uploads/upload-form';
import { countSessionFiles } from './review-files.repo';
import { addPapersToSession, findSessionFile } from './review-files.service';
import { fileCapReached, REVIEW_LIMITS } from './review-limits';
import { requireReviewSession } from './review-session-access';

const s = initServer();

function parseSessionId(fields: Record<string, string>): number {
  const parsed = ZReviewUploadForm.safeParse({ session_id: decodeTextPart(fields.session_id ?? '') });
  if (parsed.success) return parsed.data.session_id;
  throw new AppError('INVALID_REQUEST', 'Invalid upload form: session_id must be the id of a review session', {
    fields: [{ in: 'body', field: 'session_id', message: parsed.error.issues[0]?.message ?? 'required' }],
  });
}

/**
 * POST /api/review/upload (docs/review.md#sessions-files-and-target-paper): the uploads module's own
 * checks (PDF by content, size, byte quota, stored once per content), then the new paper is attached
 * to the session. The session is checked once the body is read (its id is a part of it) and before
 * anything is stored: a refusal keeps nothing.
 */
export const createReviewUploadRoute = (context: AppContext) =>
  s.route(contract.review.upload, async ({ request, reply }) =>
    closingOnRefusal(reply, async () => {
      const ownerId = requireUser(request);
      let sessionId = 0;
      const { staged, metadata } = await receiveUserUpload(context, request, ownerId, {
        extraFields: ['session_id'],
        check: async (fields) => {
          sessionId = parseSessionId(fields);
          await requireReviewSession(context.db, ownerId, sessionId);
          if ((await countSessionFiles(context.db, sessionId)) >= REVIEW_LIMITS.filesPerSession) {
            throw fileCapReached(`Review session ${sessionId}`);
          }
        },
      });
      // The caller's earlier upload of the same bytes is reused (docs/security.md#uploads-of-the-same-bytes).
      const { ref } = await createUpload(context, { ownerId, staged, metadata });
      await addPapersToSession(context, ownerId, sessionId, [ref]);
      return { status: 201 as const, body: await findSessionFile(context.db, ownerId, sessionId, ref) };
    }),
  );
