import { ZReviewOutlineSection, ZReviewReference, ZReviewSectionText } from '@paperbench/contract';
import { z } from 'zod';

/** lib/bibliography.ts's BibliographyPaper, as a draft stores it (the BibTeX export is made from it). */
const ZStoredBibliographyPaper = z.object({
  platform: z.string(),
  paperId: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  publishedDate: z.string().nullable(),
  // Drafts stored before precision was kept lack it: their dates export as stored.
  publishedPrecision: z.string().nullable().optional(),
  doi: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});

/**
 * review_drafts.draft (docs/review.md#writing): the draft as it was streamed. `sections` are the
 * outline's sections in order, then the closing paragraph (id 'closing') when a target was set; their
 * `[n]` are the `n` of `references`. Read back through this schema, so an export never trusts a row's shape.
 */
export const ZStoredDraft = z.object({
  version: z.literal(1),
  outline: z.array(ZReviewOutlineSection),
  closing: z.string().nullable(),
  sections: z.array(ZReviewSectionText),
  references: z.array(ZReviewReference.extend({ bibliography: ZStoredBibliographyPaper })),
  /** The model that wrote it (null offline). */
  model: z.string().nullable(),
});
export type TStoredDraft = z.infer<typeof ZStoredDraft>;

/** The id of the closing paragraph among a draft's sections. */
export const CLOSING_SECTION_ID = 'closing';
/** The closing paragraph's heading. */
export const CLOSING_TITLE = 'Relation to the target paper';
