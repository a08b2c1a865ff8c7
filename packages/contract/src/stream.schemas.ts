import { z } from 'zod';
import { ZAnswerSource, ZRowId } from './common';
import { ZIdeaProposal } from './idea.schemas';
import { ZPaperRef } from './paper.schemas';

/** The line that ends every streamed response, after the 'done' (or 'error') event. */
export const STREAM_DONE = '[DONE]';

/**
 * A retrieved passage as the answer cites it: `n` is the number the answer writes as `[n]`, `page`
 * the 1-based PDF page, `text` the passage verbatim (so a citation can be shown and checked).
 */
export const ZCitedPassage = ZPaperRef.extend({
  n: z.number().int().min(1),
  page: z.number().int().min(1),
  text: z.string(),
});
export type TCitedPassage = z.infer<typeof ZCitedPassage>;

/** The deterministic checker's verdict on the answer's citations: the numbers it verified, and those it could not. */
export const ZCitationCheck = z.object({
  supported: z.array(z.number().int().min(1)),
  unsupported: z.array(z.number().int().min(1)),
});
export type TCitationCheck = z.infer<typeof ZCitationCheck>;

/** A paper of a written review as the stream names it: its ref and title (from the papers table). */
export const ZReviewPaper = ZPaperRef.extend({ title: z.string() });

/**
 * A section of a review's outline (docs/review.md#writing): one connected group of the session's graph,
 * named and placed by the model (or, offline, by its edge labels and shared terms), with its papers.
 */
export const ZReviewOutlineSection = z.object({
  /** Stable within one draft: 'g1', 'g2', … in the graph's order; 'closing' for the target's paragraph. */
  id: z.string(),
  title: z.string(),
  /** The distinct labels of the group's accepted edges, e.g. 'extends'. */
  labels: z.array(z.string()),
  papers: z.array(ZReviewPaper),
});
export type TReviewOutlineSection = z.infer<typeof ZReviewOutlineSection>;

/**
 * One written section (or the closing paragraph): `text` cites `[n]`, n being the number of a paper of
 * the references; every sentence left passed the citation checker.
 */
export const ZReviewSectionText = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  /** 'extractive': verbatim sentences of the papers (offline, or the model's section had no verified sentence). */
  source: ZAnswerSource,
  /** Sentences of the model's paragraph the checker could not verify, dropped from `text`. */
  dropped_sentences: z.number().int().min(0),
});
export type TReviewSectionText = z.infer<typeof ZReviewSectionText>;

/** An entry of a review's reference list, built from the papers table, never by the model. */
export const ZReviewReference = ZReviewPaper.extend({
  /** The number the text cites it by, `[n]`: order of first citation; uncited papers follow. */
  n: z.number().int().min(1),
  /** Its BibTeX key (the LaTeX export's `\cite{key}`). */
  key: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  doi: z.string().nullable(),
  url: z.string().nullable(),
  cited: z.boolean(),
});
export type TReviewReference = z.infer<typeof ZReviewReference>;

/**
 * One `data:` event of a streamed response (chat, review, ideas), as JSON. Order: 'session' first when the
 * server created the session, then 'sources', then 'passages' before the first 'delta' (or 'idea'), then
 * 'done' or 'error', then `data: [DONE]`. review/stream_rws sends 'outline', a 'section' each, then
 * 'references' before its 'done'. Errors after the stream has started arrive as an 'error' event
 * (the status is already 200), and nothing half-written is stored.
 */
export const ZStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session'), session_id: ZRowId }),
  /** The papers the answer draws on. */
  z.object({ type: z.literal('sources'), papers: z.array(ZPaperRef) }),
  /** The passages the answer may cite, numbered as it cites them. */
  z.object({ type: z.literal('passages'), passages: z.array(ZCitedPassage) }),
  /** The next piece of the answer text; citations read `[n]`. */
  z.object({ type: z.literal('delta'), content: z.string() }),
  /** review/stream_rws: the sections to come, before any text (docs/review.md#writing). */
  z.object({
    type: z.literal('outline'),
    sections: z.array(ZReviewOutlineSection),
    /** The closing paragraph's title when a target paper is set, else null. */
    closing: z.string().nullable(),
  }),
  /** review/stream_rws: one finished, checked section (or the closing paragraph, id 'closing'). */
  z.object({ type: z.literal('section'), section: ZReviewSectionText }),
  /** review/stream_rws: the reference list, after the last section. */
  z.object({ type: z.literal('references'), references: z.array(ZReviewReference) }),
  /** A finished idea proposal (ideas/stream_generate). */
  z.object({ type: z.literal('idea'), idea: ZIdeaProposal }),
  /**
   * message_id: the stored assistant message (review/stream_rws: the stored draft), null when nothing
   * is stored (ideas). abstained: the answer is "I cannot find this in the selected papers." (no
   * passage good enough, the model said so, or no sentence survived the checker) or "The selected
   * papers do not mention X." (a specific term of the question is in none of them). citations: the
   * checker's verdict (review/stream_rws: reference numbers, docs/review.md#writing).
   */
  z.object({
    type: z.literal('done'),
    message_id: ZRowId.nullable(),
    source: ZAnswerSource,
    abstained: z.boolean(),
    citations: ZCitationCheck,
  }),
  z.object({ type: z.literal('error'), error: z.string(), message: z.string() }),
]);
export type TStreamEvent = z.infer<typeof ZStreamEvent>;
