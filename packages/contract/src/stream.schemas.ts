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

/**
 * One `data:` event of a streamed response (chat, review, ideas), as JSON. Order: 'session' first when the
 * server created the session, then 'sources', then 'passages' before the first 'delta' (or 'idea'), then
 * 'done' or 'error', then `data: [DONE]`. Errors after the stream has started arrive as an 'error' event
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
  /** A finished idea proposal (ideas/stream_generate). */
  z.object({ type: z.literal('idea'), idea: ZIdeaProposal }),
  /**
   * message_id: the stored assistant message, null when nothing is stored (ideas). abstained: the
   * answer is "I cannot find this in the selected papers." (no passage good enough, the model said
   * so, or no sentence survived the checker). citations: the checker's verdict.
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
