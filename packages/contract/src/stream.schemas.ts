import { z } from 'zod';
import { ZAnswerSource, ZRowId } from './common';
import { ZIdeaProposal } from './idea.schemas';
import { ZPaperRef } from './paper.schemas';

/** The line that ends every streamed response, after the 'done' (or 'error') event. */
export const STREAM_DONE = '[DONE]';

/**
 * One `data:` event of a streamed response (chat, review, ideas), as JSON. Order: 'session' first when the
 * server created the session, then 'sources' and 'delta' / 'idea' events, then 'done' or 'error', then
 * `data: [DONE]`. Errors after the stream has started arrive as an 'error' event (the status is already 200).
 */
export const ZStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session'), session_id: ZRowId }),
  /** The papers the answer draws on. */
  z.object({ type: z.literal('sources'), papers: z.array(ZPaperRef) }),
  /** The next piece of the answer text. */
  z.object({ type: z.literal('delta'), content: z.string() }),
  /** A finished idea proposal (ideas/stream_generate). */
  z.object({ type: z.literal('idea'), idea: ZIdeaProposal }),
  /** message_id: the stored assistant message, null when nothing is stored (ideas). */
  z.object({ type: z.literal('done'), message_id: ZRowId.nullable(), source: ZAnswerSource }),
  z.object({ type: z.literal('error'), error: z.string(), message: z.string() }),
]);
export type TStreamEvent = z.infer<typeof ZStreamEvent>;
