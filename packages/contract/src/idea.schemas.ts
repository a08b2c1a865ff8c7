import { z } from 'zod';
import { ZAnswerSource, ZRowId, ZTimestamp, zText } from './common';
import { ZFileSelection } from './folder.schemas';
import { ZPaperRef } from './paper.schemas';

/** Most ideas one request may generate (docs/ideas.md#budgets-and-quotas). */
export const MAX_IDEAS_PER_REQUEST = 10;

/**
 * A paper an idea builds on: one of the basis papers (the selected ones, else the corpus papers nearest
 * the topic), numbered as the idea's texts cite it (`[n]`).
 */
export const ZIdeaPaper = ZPaperRef.extend({
  n: z.number().int().min(1),
  title: z.string(),
});
export type TIdeaPaper = z.infer<typeof ZIdeaPaper>;

/** The model's judgement of an idea, 1 (low) to 10 (high); null for ideas generated without a model. */
export const ZIdeaScores = z.object({
  interest: z.number().int().min(1).max(10),
  feasibility: z.number().int().min(1).max(10),
  novelty: z.number().int().min(1).max(10),
});
export type TIdeaScores = z.infer<typeof ZIdeaScores>;

/** docs/ideas.md#novelty-check: computed without a model from the corpus, whatever the mode. */
export const ZNoveltyLabel = z.enum(['likely_novel', 'partly_explored', 'well_explored']);
export type TNoveltyLabel = z.infer<typeof ZNoveltyLabel>;

/** One of the corpus papers nearest an idea: its cosine with the idea (0..1) and the terms they share. */
export const ZNearestPaper = ZPaperRef.extend({
  /** The number plans cite it by (`[n]`), 1..5, nearest first. */
  n: z.number().int().min(1),
  title: z.string(),
  similarity: z.number().min(0).max(1),
  shared_terms: z.array(z.string()),
});
export type TNearestPaper = z.infer<typeof ZNearestPaper>;

/**
 * docs/ideas.md#novelty-check: the idea's text against the whole corpus (tf-idf cosine). `label` comes
 * from where the top similarity falls among the corpus's own nearest-neighbour similarities
 * (`percentile`, 0..100); a model may only write `rationale` (`rationale_source`).
 */
export const ZNoveltyCheck = z.object({
  label: ZNoveltyLabel,
  percentile: z.number().min(0).max(100),
  /** Public corpus papers the idea was compared with. */
  searched: z.number().int().min(0),
  nearest: z.array(ZNearestPaper).max(5),
  /** The similarity percentiles the label's cut-offs sit at (docs/ideas.md#calibration). */
  cutoffs: z.object({ partly_explored: z.number(), well_explored: z.number() }),
  rationale: z.string(),
  rationale_source: ZAnswerSource,
});
export type TNoveltyCheck = z.infer<typeof ZNoveltyCheck>;

/**
 * docs/ideas.md#offline-literature-based-discovery: one link of a Swanson A–B–C chain and the papers
 * that show it (titles and abstracts holding both terms).
 */
export const ZIdeaEvidence = z.object({
  /** e.g. "A–B": the selected papers' term and the bridging term. */
  link: z.enum(['A-B', 'B-C']),
  terms: z.tuple([z.string(), z.string()]),
  papers: z.array(ZPaperRef.extend({ title: z.string() })),
});
export type TIdeaEvidence = z.infer<typeof ZIdeaEvidence>;

/** A paper the plan's related work cites, by its number among the idea's nearest papers. */
export const ZPlanReference = z.object({ n: z.number().int().min(1), text: z.string() });

/** docs/ideas.md#research-plan: an idea worked out; sentences citing `[n]` passed the checker. */
export const ZResearchPlan = z.object({
  source: ZAnswerSource,
  summary: z.string(),
  experiments: z.array(z.string()),
  baselines: z.array(z.string()),
  risks: z.array(z.string()),
  /** Sentences about the nearest papers, each citing `[n]` (ZNearestPaper.n), verified. */
  related_work: z.array(ZPlanReference),
});
export type TResearchPlan = z.infer<typeof ZResearchPlan>;

/** requirements §3 Idea proposal (AI Scientist page). Proposals are saved per user, so they can be listed, expanded and exported. */
export const ZIdeaProposal = z.object({
  id: ZRowId,
  /** The topic the idea was generated for. */
  topic: z.string(),
  title: z.string(),
  /** The gap or question the idea addresses. */
  problem: z.string(),
  /** How to attack it. */
  approach: z.string(),
  /** What is new compared with the source papers. */
  novelty: z.string(),
  /** How to test it: data, baselines, metrics. */
  experiments: z.string(),
  /** What could make it fail. */
  risks: z.string(),
  /** The basis papers it was drawn from, numbered as its texts cite them. */
  based_on: z.array(ZIdeaPaper),
  /** 'model': written by the model; 'extractive': literature-based discovery without a model. */
  source: ZAnswerSource,
  scores: ZIdeaScores.nullable(),
  novelty_check: ZNoveltyCheck,
  /** The A–B and B–C links of an idea found without a model; empty for a model's. */
  evidence: z.array(ZIdeaEvidence),
  plan: ZResearchPlan.nullable(),
  created_at: ZTimestamp,
  expanded_at: ZTimestamp.nullable(),
});
export type TIdeaProposal = z.infer<typeof ZIdeaProposal>;

export const ZGenerateIdeasRequest = z.object({
  /** Research area or question to generate ideas for. */
  topic: zText({ trim: true, min: 1, max: 2000, label: 'topic' }),
  /**
   * Papers to build on; omitted means the files currently selected in the File List (when
   * `use_selected` is true). With none, the corpus papers nearest the topic are the basis.
   */
  selected_files: ZFileSelection.optional(),
  /** false: build on the corpus papers nearest the topic, whatever the File List selects. */
  use_selected: z.boolean().default(true),
  count: z.number().int().min(1).max(MAX_IDEAS_PER_REQUEST).default(3),
});
export type TGenerateIdeasRequest = z.infer<typeof ZGenerateIdeasRequest>;

export const ZGenerateIdeasResponse = z.object({
  ideas: z.array(ZIdeaProposal),
  /** The basis papers, numbered as the ideas cite them. */
  basis: z.array(ZIdeaPaper),
  /** 'extractive' when no model wrote the ideas (offline, or the model's output was invalid twice). */
  source: ZAnswerSource,
  /** Why the ideas are extractive though a model is configured; null otherwise. */
  fallback_reason: z.string().nullable(),
});
export type TGenerateIdeasResponse = z.infer<typeof ZGenerateIdeasResponse>;

export const ZIdeasList = z.object({ ideas: z.array(ZIdeaProposal) });
export type TIdeasList = z.infer<typeof ZIdeasList>;

export const ZExpandIdeaRequest = z.object({ id: ZRowId });
export const ZIdeaParams = z.object({ id: ZRowId });

/** An idea worked out into a research plan. */
export const ZExpandedIdea = ZIdeaProposal.extend({ plan: ZResearchPlan, expanded_at: ZTimestamp });
export type TExpandedIdea = z.infer<typeof ZExpandedIdea>;
