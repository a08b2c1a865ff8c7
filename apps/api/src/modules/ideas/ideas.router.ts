import { contract, type TIdeaProposal, type TStreamEvent } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { setDownloadHeaders } from '../../lib/download';
import { type EventStreamFailure, sendEventStream } from '../../lib/event-stream';
import { modelFailure } from '../../lib/model-failure';
import { requireUser } from '../../plugins/identity';
import {
  basisRefs,
  draftIdeas,
  expandIdea,
  exportIdea,
  finishIdeas,
  type IdeasContext,
  listIdeas,
  type PreparedGeneration,
  prepareGeneration,
  removeIdea,
} from './ideas.service';
import { createCalibrationCache } from './novelty-check';

const s = initServer();

/**
 * Ideas failing after the stream started. draftIdeas has mapped the model's failures already (an AppError),
 * so what else is thrown is not the model's: INTERNAL.
 */
const IDEAS_FAILURE: EventStreamFailure = {
  what: 'ideas: generation',
  toError: (error) => modelFailure(error, 'The ideas could not be completed. Please try again.', 'INTERNAL'),
};

/**
 * docs/ideas.md#streaming: the basis papers ('sources', 'passages'), one 'idea' event per idea once it is checked
 * and saved, then 'done' (or, for an error it throws, IDEAS_FAILURE's 'error': the ideas already sent stay saved,
 * nothing half-made is).
 */
async function* streamIdeas(
  context: IdeasContext,
  prepared: PreparedGeneration,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): AsyncGenerator<TStreamEvent> {
  yield { type: 'sources', papers: prepared.basis.map(({ platform, paper_id }) => ({ platform, paper_id })) };
  // What the ideas' `[n]` cite: each basis paper's title and abstract (docs/ideas.md#with-a-model).
  yield {
    type: 'passages',
    passages: prepared.basis.map(({ n, platform, paper_id, title, text }) => ({
      n,
      platform,
      paper_id,
      page: 1,
      text: `${title}. ${text}`,
    })),
  };
  const drafted = await draftIdeas(context, prepared, signal, log);
  let sent = 0;
  for await (const idea of finishIdeas(context, prepared, drafted, signal, log)) {
    sent += 1;
    yield { type: 'idea', idea };
  }
  yield {
    type: 'done',
    message_id: null,
    source: drafted.source,
    abstained: sent === 0,
    citations: drafted.citations,
  };
}

/** The AI Scientist's routes (docs/ideas.md); budgets: rate-limit/budgets.ts ('ai' for generate and expand). */
export const createIdeasRouter = (context: AppContext) => {
  const ideas: IdeasContext = {
    db: context.db,
    ai: context.ai,
    termStats: context.termStats,
    calibration: createCalibrationCache(context.db, context.termStats),
  };
  return s.router(contract.ideas, {
    generate: async ({ body, request }) => {
      const prepared = await prepareGeneration(ideas, requireUser(request), body, request.log);
      const signal = new AbortController().signal;
      const drafted = await draftIdeas(ideas, prepared, signal, request.log);
      const saved: TIdeaProposal[] = [];
      for await (const idea of finishIdeas(ideas, prepared, drafted, signal, request.log)) saved.push(idea);
      return {
        status: 200,
        body: {
          ideas: saved,
          basis: basisRefs(prepared.basis),
          source: drafted.source,
          fallback_reason: drafted.fallbackReason,
        },
      };
    },
    streamGenerate: async ({ body, request, reply }) => {
      // Refusals (quota, unreadable papers, no basis) keep their status codes: checked before the stream starts.
      const prepared = await prepareGeneration(ideas, requireUser(request), body, request.log);
      const generation = (signal: AbortSignal) => streamIdeas(ideas, prepared, signal, request.log);
      return sendEventStream(reply, request.log, generation, IDEAS_FAILURE);
    },
    expand: async ({ body, request }) => ({
      status: 200,
      body: await expandIdea(ideas, requireUser(request), body.id, request.log),
    }),
    list: async ({ request }) => ({ status: 200, body: { ideas: await listIdeas(context.db, requireUser(request)) } }),
    delete: async ({ params, request }) => {
      await removeIdea(context.db, requireUser(request), params.id);
      return { status: 200, body: { ok: true } };
    },
    export: async ({ params, request, reply }) => {
      const { filename, markdown } = await exportIdea(context.db, requireUser(request), params.id);
      setDownloadHeaders(reply, filename, 'text/markdown; charset=utf-8');
      return { status: 200, body: markdown };
    },
  });
};
