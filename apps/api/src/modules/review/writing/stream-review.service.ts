import { paperRefKey, type TStreamEvent } from '@paperbench/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { EventStreamFailure } from '../../../lib/event-stream';
import { modelFailure } from '../../../lib/model-failure';
import { nameOutline } from './name-outline';
import type { ReviewWritingPlan } from './prepare-review-writing';
import { buildReferences, presentReference } from './references';
import { CLOSING_TITLE, type TStoredDraft } from './review-draft';
import { insertDraft } from './review-drafts.repo';
import { writeSections } from './write-sections';

type WritingContext = Pick<AppContext, 'db' | 'ai'>;

/** A draft failing after its stream started: nothing was stored. */
export const REVIEW_WRITING_FAILURE: EventStreamFailure = {
  what: 'review writing: the draft',
  toError: (error) =>
    modelFailure(error, 'The review could not be written (the AI model failed); nothing was saved. Please try again.'),
};

/**
 * The streamed related-work section (docs/review.md#writing): outline, each section once written and
 * checked, the closing paragraph when a target is set, the references, then done with the stored
 * draft's id; an error it throws is the stream's error event (REVIEW_WRITING_FAILURE). The draft is stored only once complete: a failure or a client that left stores
 * nothing.
 */
export async function* streamReviewDraft(
  context: WritingContext,
  plan: ReviewWritingPlan,
  abortSignal: AbortSignal,
  log: FastifyBaseLogger,
): AsyncGenerator<TStreamEvent> {
  const titleOf = (key: string) => plan.papers.get(key)?.title ?? key;
  const outline = await nameOutline(context.ai, {
    groups: plan.groups,
    outline: plan.offlineOutline,
    titleOf,
    instructions: plan.instructions,
    abortSignal,
    log,
  });
  const outlineEvent = outline.map((section) => ({
    id: section.id,
    title: section.title,
    labels: section.labels,
    papers: section.papers.flatMap((key) => {
      const paper = plan.papers.get(key);
      return paper ? [{ platform: paper.platform, paper_id: paper.paperId, title: paper.title }] : [];
    }),
  }));
  const closingTitle = plan.target ? CLOSING_TITLE : null;
  yield { type: 'outline', sections: outlineEvent, closing: closingTitle };

  const { sections, numbers, unsupportedPapers } = yield* writeSections(context, plan, outline, abortSignal);

  const uncited = outline.flatMap((section) => section.papers);
  const references = buildReferences(numbers, uncited, plan.papers);
  yield { type: 'references', references: references.map(presentReference) };

  abortSignal.throwIfAborted();
  const source = context.ai.mode === 'model' ? 'model' : 'extractive';
  const supported = references.filter((reference) => reference.cited).map((reference) => reference.n);
  // Papers cited only by sentences the checker dropped: the verdict in the reference list's numbers.
  const unsupported = references
    .filter((reference) => !reference.cited && unsupportedPapers.has(paperRefKey(reference)))
    .map((reference) => reference.n);
  const draft: TStoredDraft = {
    version: 1,
    outline: outlineEvent,
    closing: closingTitle,
    sections,
    references,
    model: context.ai.modelName,
  };
  const citations = { supported, unsupported };
  const draftId = await insertDraft(context.db, {
    sessionId: plan.sessionId,
    source,
    instructions: plan.instructions,
    draft,
    citations,
  });
  yield { type: 'done', message_id: draftId, source, abstained: supported.length === 0, citations };
}
