import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app-context';
import { setDownloadHeaders } from '../../../lib/download';
import { sendEventStream } from '../../../lib/event-stream';
import { requireUser } from '../../../plugins/identity';
import { exportLatestDraft } from './export-draft.service';
import { latestDraft } from './latest-draft.service';
import { prepareReviewWriting } from './prepare-review-writing';
import { isExportFormat, REVIEW_EXPORT_FILES } from './review-export';
import { REVIEW_WRITING_FAILURE, streamReviewDraft } from './stream-review.service';

const s = initServer();
const { review } = contract;

/**
 * The review group's writing routes (docs/review.md#writing): the related-work section streamed from the
 * session's graph, and its exports. review.router.ts spreads these next to sessions, files and graph.
 */
export const createReviewWritingHandlers = (context: AppContext) => ({
  streamRws: s.route(review.streamRws, async ({ body, request, reply }) => {
    // Checked before the stream starts, so refusals keep their status codes (404, 409).
    const plan = await prepareReviewWriting(context, requireUser(request), body);
    const draft = (signal: AbortSignal) => streamReviewDraft(context, plan, signal, request.log);
    return sendEventStream(reply, request.log, draft, REVIEW_WRITING_FAILURE);
  }),
  latestDraft: s.route(review.latestDraft, async ({ query, request }) => ({
    status: 200,
    body: { draft: await latestDraft(context, requireUser(request), query.session_id) },
  })),
  exportDraft: {
    handler: s.route(review.exportDraft, async ({ query, request, reply }) => {
      const file = await exportLatestDraft(context, requireUser(request), query.session_id, query.format);
      setDownloadHeaders(reply, file.filename);
      return { status: 200, body: file.body };
    }),
    hooks: {
      // ts-rest sets the contract's one content type after the handler; each format has its own.
      onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const format = (request.query as { format?: string }).format;
        if (reply.statusCode === 200 && isExportFormat(format)) {
          reply.header('content-type', REVIEW_EXPORT_FILES[format].contentType);
        }
        return payload;
      },
    },
  },
});
