import { z } from 'zod';
import { ZPaperId, ZTimestamp } from './common';
import { ZPaperRef } from './paper.schemas';

/*
 * docs/reading.md#resume-reading: where a reader left a paper, kept per user on the server so it follows
 * them to any device: the page (1-based) and how far down that page the top of the view was (0 to 1).
 */

export const MAX_READING_PAGE = 100_000;
/** The quota: a user's positions beyond their 1,000 most recent are dropped as a new one is saved. */
export const MAX_READING_POSITIONS_PER_USER = 1000;

export const ZReadingPage = z
  .number({ invalid_type_error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(MAX_READING_PAGE, `page must be at most ${MAX_READING_PAGE}`);

export const ZReadingOffset = z
  .number({ invalid_type_error: 'offset must be a number' })
  .min(0, 'offset is a fraction of the page from 0 to 1')
  .max(1, 'offset is a fraction of the page from 0 to 1');

export const ZReadingPositionQuery = z.object({
  paper_id: ZPaperId,
  platform: ZPaperRef.shape.platform,
});

export const ZSaveReadingPositionRequest = z.object({
  paper_id: ZPaperId,
  platform: ZPaperRef.shape.platform,
  page: ZReadingPage,
  offset: ZReadingOffset,
});
export type TSaveReadingPositionRequest = z.infer<typeof ZSaveReadingPositionRequest>;

export const ZReadingPosition = z.object({
  page: z.number().int(),
  offset: z.number(),
  updated_at: ZTimestamp,
});
export type TReadingPosition = z.infer<typeof ZReadingPosition>;
