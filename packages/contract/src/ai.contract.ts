import { z } from 'zod';
import { c, ZTimestamp } from './common';

/** docs/ai.md: which model layer the server runs, so the UI can label offline (extractive) answers honestly. */
export const ZAiStatus = z.object({
  /** 'model': answers come from LLM_MODEL; 'extractive': no model configured, answers quote passages verbatim. */
  mode: z.enum(['model', 'extractive']),
  /** The chat model's name (LLM_MODEL), or null in extractive mode. */
  model: z.string().nullable(),
  /** The embedding model's name (EMBEDDING_MODEL), or null when retrieval is lexical only. */
  embeddings: z.string().nullable(),
});
export type TAiStatus = z.infer<typeof ZAiStatus>;

const count = z.number().int().nonnegative();

/** docs/ai.md#scorecard: how one `pnpm eval` run went, measured over HTTP as a client sees the answers. */
export const ZScorecardMetrics = z.object({
  /** Questions asked (answerable and unanswerable). */
  questions: count,
  /** Per kind of answerable question (the set's `style`: keyword, paraphrased): a verified citation on a gold page. */
  gold_cited: z.array(z.object({ kind: z.string(), cited: count, questions: count })),
  /** Unanswerable questions the answer abstained on, of `unanswerable`. */
  correct_abstentions: count,
  unanswerable: count,
  /** Answerable questions the answer abstained on, of `answerable`. */
  wrong_abstentions: count,
  answerable: count,
  /** Citations naming no passage sent, that the checker could not verify, or quotes not verbatim: never shown as verified. */
  fabricated_citations: count,
  /** Sentences the checker could not verify, kept but marked in the stored answers. */
  unsupported_sentences: count,
  /** Answers whose every sentence failed the checker, replaced by the abstention. */
  withdrawn_answers: count,
  /** Answers that ended in an error event (a model failing mid-answer). */
  errors: count,
  /** Request to first answer text, in ms; null when no answer had any. */
  first_token_ms: z.object({ p50: z.number().nonnegative(), p95: z.number().nonnegative() }).nullable(),
  /** Shown text per second between the first and last delta, at 4 characters a token; null in extractive mode. */
  tokens_per_second: z.number().nonnegative().nullable(),
});
export type TScorecardMetrics = z.infer<typeof ZScorecardMetrics>;

export const ZScorecard = z.object({
  mode: z.enum(['model', 'extractive']),
  model: z.string().nullable(),
  /** The question set's file name and the sha256 of its bytes (runs compare only on the same set). */
  set_name: z.string(),
  set_hash: z.string(),
  created_at: ZTimestamp,
  metrics: ZScorecardMetrics,
});
export type TScorecard = z.infer<typeof ZScorecard>;

export const ZScorecardStatus = z.object({
  mode: z.enum(['model', 'extractive']),
  model: z.string().nullable(),
  /** The latest run for this mode and model; null when `pnpm eval` never ran for it. */
  scorecard: ZScorecard.nullable(),
  /** How to measure (again): the command to run on the server. */
  hint: z.string(),
});
export type TScorecardStatus = z.infer<typeof ZScorecardStatus>;

/** Extensions for the AI features (listed in EXTENSIONS, spec-endpoints.ts). */
export const aiContract = c.router({
  status: {
    method: 'GET',
    path: '/api/ai/status',
    responses: { 200: ZAiStatus },
    summary: 'Whether answers come from a model or are extractive (no model configured), and which models',
    description: 'Reveals model names only, never the endpoint or its key.',
  },
  scorecard: {
    method: 'GET',
    path: '/api/ai/scorecard',
    responses: { 200: ZScorecardStatus },
    summary: 'The latest `pnpm eval` scorecard of the configured model (or of extractive mode)',
    description:
      'Gold pages cited, abstentions, fabricated citations, unverified sentences and speed; null before the first run.',
  },
});
