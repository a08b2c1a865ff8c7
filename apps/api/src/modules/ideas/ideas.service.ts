import {
  paperRefKey,
  type TExpandedIdea,
  type TGenerateIdeasRequest,
  type TIdeaPaper,
  type TIdeaProposal,
  type TNoveltyCheck,
  type TPaperRef,
} from '@paperbench/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AiInvalidOutputError, type AiModel } from '../../ai/model';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { modelFailure } from '../../lib/model-failure';
import { requireAccess } from '../../policies/access';
import { selectPaperRows } from '../recommendations/recommendations.repo';
import type { TermStats, TermStatsSource } from '../recommendations/term-stats';
import { extractiveDrafts } from './extractive-drafts';
import { BASIS_TEXT_CHARS, basisPapers, selectedRefs, TOPIC_BASIS } from './idea-basis';
import type { BasisPaper, IdeaDraft } from './idea-drafts';
import { noveltyText } from './idea-drafts';
import { ideaFilename, ideaMarkdown } from './idea-markdown';
import { presentIdea, type TStoredIdea } from './ideas.presenter';
import { countIdeas, deleteIdea, findIdea, insertIdea, lockIdeaQuota, selectIdeas, updateIdeaPlan } from './ideas.repo';
import { modelIdeaDrafts, modelRationale } from './model-ideas';
import { type CalibrationSource, checkNovelty, deterministicRationale } from './novelty-check';
import { extractivePlan, modelPlan, type PlanPaper } from './research-plan';
import { topicPapers } from './topic-papers';

/** docs/ideas.md: what the AI Scientist needs besides the database and the model layer. */
export interface IdeasContext {
  db: Db;
  ai: AiModel;
  termStats: TermStatsSource;
  calibration: CalibrationSource;
}

/** docs/ideas.md#budgets-and-quotas: saved ideas one user may hold; delete some to make room. */
export const USER_IDEA_QUOTA = 500;
/** Saved ideas listed, newest first. */
const LIST_LIMIT = 200;
const ideaNotFound = (id: number) => notFound(`Idea ${id}`);

export const FALLBACK_REASON =
  "The model's reply did not match the idea format, even after one repair; these ideas were found without a model (literature-based discovery).";

export interface PreparedGeneration {
  userId: number;
  topic: string;
  count: number;
  stats: TermStats;
  basis: BasisPaper[];
  basisOrigin: 'selected' | 'nearest';
  /** The topic's papers, best first (topic-papers.ts): the offline ideas' neighbourhood, the novelty check's pool. */
  topicPapers: TPaperRef[];
}

type Logger = { warn: (details: object, message: string) => void };

async function requireIdeaRoom(db: Db, userId: number, adding: number): Promise<void> {
  if ((await countIdeas(db, userId)) + adding > USER_IDEA_QUOTA) {
    throw new AppError(
      'CONFLICT',
      `You have saved the most ideas allowed (${USER_IDEA_QUOTA}): delete some before generating more`,
      { quota: USER_IDEA_QUOTA },
    );
  }
}

/**
 * Everything that can fail with a status code, before a stream starts: the quota, the selected
 * papers (404 for one the caller may not read), and the basis: the selected papers, then the topic's
 * best papers (docs/ideas.md#the-basis-papers), so that ideas stay on the topic a selection is read for.
 */
export async function prepareGeneration(
  { db, termStats }: IdeasContext,
  userId: number,
  request: TGenerateIdeasRequest,
  log: Logger,
): Promise<PreparedGeneration> {
  await requireIdeaRoom(db, userId, 1);
  const stats = await termStats();
  const selected = await selectedRefs(db, userId, request);
  const onTopic = await topicPapers(db, stats, request.topic, log);
  const refs = [
    ...new Map([...selected, ...onTopic.slice(0, TOPIC_BASIS)].map((ref) => [paperRefKey(ref), ref])).values(),
  ];
  const basis = await basisPapers(db, stats, refs);
  if (basis.length === 0) {
    throw new AppError(
      'INVALID_REQUEST',
      'No paper of the corpus matches this topic: select papers in your File List, or describe the topic with other words',
    );
  }
  return {
    userId,
    topic: request.topic,
    count: request.count,
    stats,
    basis,
    basisOrigin: selected.length > 0 ? 'selected' : 'nearest',
    topicPapers: onTopic,
  };
}

export const basisRefs = (basis: readonly BasisPaper[]): TIdeaPaper[] =>
  basis.map(({ n, platform, paper_id, title }) => ({ n, platform, paper_id, title }));

export interface Drafted {
  drafts: IdeaDraft[];
  source: 'model' | 'extractive';
  fallbackReason: string | null;
  citations: { supported: number[]; unsupported: number[] };
}

/**
 * The ideas' texts: the model's (docs/ideas.md#with-a-model), or, offline or when its output stays
 * invalid after the repair retry, the literature-based discovery's, labelled 'extractive'.
 */
export async function draftIdeas(
  { db, ai }: IdeasContext,
  prepared: PreparedGeneration,
  abortSignal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<Drafted> {
  const none = { supported: [], unsupported: [] };
  if (ai.mode !== 'model') {
    return {
      drafts: await extractiveDrafts(db, prepared),
      source: 'extractive',
      fallbackReason: null,
      citations: none,
    };
  }
  try {
    const { drafts, supported, unsupported } = await modelIdeaDrafts(ai, prepared, abortSignal);
    return { drafts, source: 'model', fallbackReason: null, citations: { supported, unsupported } };
  } catch (error) {
    if (abortSignal.aborted) throw error;
    if (!(error instanceof AiInvalidOutputError)) {
      log.error({ err: error }, 'ideas: the model failed');
      throw modelFailure(error, 'The ideas could not be generated (the AI model failed). Please try again.');
    }
    log.warn(
      { err: error },
      'ideas: invalid model output after the repair retry; falling back to literature-based discovery',
    );
    return {
      drafts: await extractiveDrafts(db, prepared),
      source: 'extractive',
      fallbackReason: FALLBACK_REASON,
      citations: none,
    };
  }
}

/** The novelty check of one draft: facts without a model; the rationale the model's when there is one. */
async function noveltyOf(
  { db, ai, calibration }: IdeasContext,
  { stats, topic, topicPapers: pool }: PreparedGeneration,
  draft: IdeaDraft,
  source: 'model' | 'extractive',
  abortSignal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<TNoveltyCheck> {
  const facts = await checkNovelty(
    db,
    { stats, calibration: await calibration() },
    { title: draft.title, body: `${topic}\n${noveltyText(draft)}`, pool },
  );
  if (ai.mode === 'model' && source === 'model') {
    try {
      const rationale = await modelRationale(ai, draft, facts, abortSignal);
      return { ...facts, rationale, rationale_source: 'model' };
    } catch (error) {
      if (abortSignal.aborted) throw error;
      log.warn({ err: error }, 'ideas: the novelty rationale failed; using the computed one');
    }
  }
  return { ...facts, rationale: deterministicRationale(facts), rationale_source: 'extractive' };
}

/** Each draft checked for novelty and saved (in its own transaction, under the quota), as it completes. */
export async function* finishIdeas(
  context: IdeasContext,
  prepared: PreparedGeneration,
  drafted: Drafted,
  abortSignal: AbortSignal,
  log: FastifyBaseLogger,
): AsyncGenerator<TIdeaProposal> {
  const byNumber = new Map(basisRefs(prepared.basis).map((paper) => [paper.n, paper]));
  for (const draft of drafted.drafts) {
    const novelty = await noveltyOf(context, prepared, draft, drafted.source, abortSignal, log);
    abortSignal.throwIfAborted();
    const stored: TStoredIdea = {
      problem: draft.problem,
      approach: draft.approach,
      novelty: draft.novelty,
      experiments: draft.experiments,
      risks: draft.risks,
      based_on: draft.basedOn.flatMap((n) => byNumber.get(n) ?? []),
      scores: draft.scores,
      evidence: draft.evidence,
    };
    const row = await context.db.transaction(async (tx) => {
      await lockIdeaQuota(tx, prepared.userId);
      await requireIdeaRoom(tx, prepared.userId, 1);
      return insertIdea(tx, {
        userId: prepared.userId,
        topic: prepared.topic,
        title: draft.title.slice(0, 300),
        source: drafted.source,
        idea: stored,
        noveltyCheck: novelty,
      });
    });
    yield presentIdea(row);
  }
}

/** GET /api/ideas: the caller's saved ideas, newest first. */
export async function listIdeas(db: Db, userId: number): Promise<TIdeaProposal[]> {
  return (await selectIdeas(db, userId, LIST_LIMIT)).map(presentIdea);
}

async function requireIdea(db: Db, userId: number, id: number): Promise<TIdeaProposal> {
  await requireAccess(db, { userId }, 'idea.use', [id]);
  // The user-scoped query stays behind the policy as the second wall (docs/security.md#policies).
  const row = await findIdea(db, userId, id);
  if (!row) throw ideaNotFound(id);
  return presentIdea(row);
}

/**
 * POST /api/ideas/expand (docs/ideas.md#research-plan): the plan, written by the model from the idea
 * and its nearest papers (related work checked), or assembled without one; saved with the idea.
 */
export async function expandIdea(
  { db, ai }: IdeasContext,
  userId: number,
  id: number,
  log: FastifyBaseLogger,
): Promise<TExpandedIdea> {
  const idea = await requireIdea(db, userId, id);
  const nearest = idea.novelty_check.nearest;
  const rows = new Map(
    (await selectPaperRows(db, nearest)).map((row) => [
      paperRefKey({ platform: row.platform ?? '', paper_id: row.paperId ?? '' }),
      row,
    ]),
  );
  const papers: PlanPaper[] = nearest.map((paper) => ({
    n: paper.n,
    title: paper.title,
    text: (rows.get(paperRefKey(paper))?.abstract ?? '').slice(0, BASIS_TEXT_CHARS),
  }));
  let plan = extractivePlan(idea, papers);
  if (ai.mode === 'model') {
    try {
      plan = await modelPlan(ai, idea, papers);
    } catch (error) {
      if (!(error instanceof AiInvalidOutputError)) {
        log.error({ err: error }, 'ideas: the plan could not be written');
        throw modelFailure(error, 'The plan could not be written (the AI model failed). Please try again.');
      }
      log.warn({ err: error }, 'ideas: invalid plan output after the repair retry; assembling it without a model');
    }
  }
  const row = await updateIdeaPlan(db, userId, id, plan);
  if (!row) throw ideaNotFound(id);
  const expanded = presentIdea(row);
  return { ...expanded, plan, expanded_at: expanded.expanded_at ?? new Date().toISOString() };
}

export async function removeIdea(db: Db, userId: number, id: number): Promise<void> {
  await requireAccess(db, { userId }, 'idea.use', [id]);
  if (!(await deleteIdea(db, userId, id))) throw ideaNotFound(id);
}

/** GET /api/ideas/{id}/export: the Markdown file and its download name. */
export async function exportIdea(db: Db, userId: number, id: number): Promise<{ filename: string; markdown: string }> {
  const idea = await requireIdea(db, userId, id);
  return { filename: ideaFilename(idea), markdown: ideaMarkdown(idea) };
}
