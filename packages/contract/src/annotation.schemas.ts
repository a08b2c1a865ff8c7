import { z } from 'zod';
import { ZCommentContent } from './comment.schemas';
import { ZFolderId, ZPaperId, ZPlatform, ZRowId, ZTimestamp, zText } from './common';
import { ZPaperRef } from './paper.schemas';

/*
 * docs/annotations.md: a reader's mark on a page of a paper. Where it is, is said as W3C Web Annotation
 * selectors over that page's extracted text (paper_texts.pages[page - 1]): a TextQuoteSelector
 * (exact, prefix, suffix) and a TextPositionSelector (start, end: UTF-16 offsets, end exclusive),
 * plus page-relative rectangles for drawing and for area marks.
 */

export const ANNOTATION_KINDS = ['highlight', 'underline', 'note', 'area'] as const;
export const ZAnnotationKind = z.enum(ANNOTATION_KINDS);
export type TAnnotationKind = z.infer<typeof ZAnnotationKind>;

/** The named colours the reader themes for light and dark (docs/annotations.md#the-model). */
export const ANNOTATION_PALETTE = ['yellow', 'green', 'blue', 'pink', 'purple', 'orange'] as const;
export const DEFAULT_ANNOTATION_COLOR = 'yellow';
/** A palette name, or a custom `#rrggbb` (stored lower-case). */
export const ZAnnotationColor = zText()
  .trim()
  .toLowerCase()
  .refine(
    (value) => (ANNOTATION_PALETTE as readonly string[]).includes(value) || /^#[0-9a-f]{6}$/.test(value),
    `color must be one of ${ANNOTATION_PALETTE.join(', ')} or a #rrggbb hex colour`,
  );

export const MAX_ANNOTATION_NOTE = 10_000;
export const MAX_ANNOTATION_QUOTE = 10_000;
export const MAX_ANNOTATION_CONTEXT = 500;
export const MAX_ANNOTATION_PAGE = 100_000;
export const MAX_ANNOTATION_RECTS = 500;

/** Plain text beside the mark, trimmed, at most 10,000 characters; empty clears it. */
export const ZAnnotationNote = zText({ trim: true, max: MAX_ANNOTATION_NOTE, label: 'note' });

/** W3C TextQuoteSelector: the marked words and a little of the text either side, to find them again. */
export const ZTextQuote = z.object({
  exact: zText({ min: 1, max: MAX_ANNOTATION_QUOTE, label: 'quote.exact' }).refine(
    (value) => value.trim().length > 0,
    'quote.exact must not be blank',
  ),
  prefix: zText({ max: MAX_ANNOTATION_CONTEXT, label: 'quote.prefix' }).default(''),
  suffix: zText({ max: MAX_ANNOTATION_CONTEXT, label: 'quote.suffix' }).default(''),
});
export type TTextQuote = z.infer<typeof ZTextQuote>;

const ZOffset = z
  .number({ invalid_type_error: 'a position must be a number of characters' })
  .int('a position must be a whole number of characters')
  .min(0, 'a position must not be negative')
  .max(10_000_000, 'a position must be at most 10,000,000');

/** W3C TextPositionSelector: [start, end) in UTF-16 units of the page's extracted text; start < end. */
export const ZTextPosition = z
  .object({ start: ZOffset, end: ZOffset })
  .refine((position) => position.start < position.end, {
    message: 'position.start must be less than position.end',
    path: ['end'],
  });
export type TTextPosition = z.infer<typeof ZTextPosition>;

const ZFraction = z
  .number({ invalid_type_error: 'a rectangle coordinate must be a number' })
  .min(0, 'a rectangle must lie within the page: coordinates are fractions of the page from 0 to 1')
  .max(1, 'a rectangle must lie within the page: coordinates are fractions of the page from 0 to 1');

/** A rectangle as fractions of the page's width and height, from its top-left corner; it must lie inside the page. */
export const ZAnnotationRect = z
  .object({ x: ZFraction, y: ZFraction, width: ZFraction, height: ZFraction })
  .refine((rect) => rect.width > 0 && rect.height > 0, 'a rectangle must have a width and a height above 0')
  .refine(
    // A little slack for the float sums of a client's division by the page size.
    (rect) => rect.x + rect.width <= 1 + 1e-6 && rect.y + rect.height <= 1 + 1e-6,
    'a rectangle must lie within the page: x + width and y + height must be at most 1',
  );
export type TAnnotationRect = z.infer<typeof ZAnnotationRect>;

export const ZAnnotationRects = z
  .array(ZAnnotationRect)
  .max(MAX_ANNOTATION_RECTS, `at most ${MAX_ANNOTATION_RECTS} rectangles`);

/**
 * POST /api/annotations. A text mark (highlight, underline, note) needs quote and position; an area
 * mark needs at least one rectangle and may carry the text under it as its quote.
 */
export const ZCreateAnnotationRequest = z
  .object({
    paper_id: ZPaperId,
    platform: ZPaperRef.shape.platform,
    page: z
      .number({ invalid_type_error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more (pages are numbered from 1)')
      .max(MAX_ANNOTATION_PAGE, `page must be at most ${MAX_ANNOTATION_PAGE}`),
    kind: ZAnnotationKind,
    color: ZAnnotationColor.optional(),
    note: ZAnnotationNote.nullish(),
    quote: ZTextQuote.optional(),
    position: ZTextPosition.optional(),
    rects: ZAnnotationRects.default([]),
    folder_id: ZFolderId.nullish(),
  })
  .superRefine((mark, ctx) => {
    if (mark.kind === 'area') {
      if (mark.rects.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['rects'], message: 'an area mark needs at least one rectangle' });
      }
      if ((mark.quote === undefined) !== (mark.position === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['quote'], message: 'an area mark carries quote and position together' });
      }
      return;
    }
    if (!mark.quote) ctx.addIssue({ code: 'custom', path: ['quote'], message: `a ${mark.kind} needs a quote` });
    if (!mark.position)
      ctx.addIssue({ code: 'custom', path: ['position'], message: `a ${mark.kind} needs a position` });
  });
export type TCreateAnnotationRequest = z.infer<typeof ZCreateAnnotationRequest>;

/** PATCH /api/annotations/{id}: any of the three; `note: null` or '' clears the note, `folder_id: null` unshares. */
export const ZUpdateAnnotationRequest = z
  .object({
    color: ZAnnotationColor.optional(),
    note: ZAnnotationNote.nullable().optional(),
    folder_id: ZFolderId.nullable().optional(),
  })
  .strict()
  .refine(
    (patch) => patch.color !== undefined || patch.note !== undefined || patch.folder_id !== undefined,
    'send at least one of color, note, folder_id',
  );
export type TUpdateAnnotationRequest = z.infer<typeof ZUpdateAnnotationRequest>;

/**
 * Whether the mark was found where it was stored, in the page text as it is now (docs/annotations.md#re-anchoring):
 * 'placed' (there, or the page text is not known), 'moved' (found by its quote elsewhere on the page:
 * `position` is the new place), 'orphaned' (not found: the web shows it as "could not be placed").
 */
export const ZAnnotationAnchor = z.enum(['placed', 'moved', 'orphaned']);
export type TAnnotationAnchor = z.infer<typeof ZAnnotationAnchor>;

export const ZAnnotation = z.object({
  id: ZRowId,
  paper_id: ZPaperId,
  platform: ZPlatform,
  page: z.number().int(),
  kind: ZAnnotationKind,
  color: zText(),
  /** Plain text; null when there is none. */
  note: zText().nullable(),
  /** Null only for an area mark made without the text under it. */
  quote: z.object({ exact: zText(), prefix: zText(), suffix: zText() }).nullable(),
  /** Where the quote is now (after re-anchoring); null with quote. */
  position: z.object({ start: z.number().int(), end: z.number().int() }).nullable(),
  rects: z.array(z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })),
  /** The shared folder the mark is shared with, or null: private to its author. */
  folder_id: ZRowId.nullable(),
  /** The author's display name, 'Anonymous' before they sign in; never an id or an email. */
  author_name: zText(),
  is_mine: z.boolean(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  anchor: ZAnnotationAnchor,
  /** Computed by the server's policies (apps/api/src/policies/annotation.policy.ts). */
  abilities: z.object({ edit: z.boolean(), delete: z.boolean() }),
  /** A shared mark's discussion (docs/annotations.md#threads); null for a private mark. */
  thread: z
    .object({
      resolved: z.boolean(),
      reply_count: z.number().int(),
      /** Replies by others since the caller last read the thread, plus 1 if it is someone else's mark they never opened. */
      unread_count: z.number().int(),
      /** Whether the caller may reply, resolve and reopen (the folder's comment role). */
      can_reply: z.boolean(),
    })
    .nullable(),
});
export type TAnnotation = z.infer<typeof ZAnnotation>;

export const ZAnnotationsQuery = z.object({
  paper_id: ZPaperId,
  platform: ZPaperRef.shape.platform,
});

export const ZAnnotationExportQuery = ZAnnotationsQuery.extend({
  format: z.enum(['markdown', 'w3c']).default('markdown'),
});

export const MAX_ANNOTATION_COUNT_PAPERS = 200;

/** `papers=arxiv:2101.00001,upload:abc…`: paper refs as `platform:paper_id` (paperRefKey), comma-separated. */
export const ZAnnotationCountsQuery = z.object({
  papers: zText({ min: 1, max: 50_000, label: 'papers' })
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(
          zText().regex(
            /^[a-z0-9_-]{1,32}:.{1,200}$/,
            'each paper must be written platform:paper_id, e.g. arxiv:2101.00001',
          ),
        )
        .min(1, 'name at least one paper')
        .max(MAX_ANNOTATION_COUNT_PAPERS, `at most ${MAX_ANNOTATION_COUNT_PAPERS} papers at once`),
    ),
});

/** How many marks the caller sees on a paper (theirs and those shared with them); a paper they cannot read is left out. */
export const ZAnnotationCount = z.object({
  paper_id: ZPaperId,
  platform: ZPlatform,
  annotation_count: z.number().int(),
  /** Of those, the caller's own. */
  mine_count: z.number().int(),
  /** Unread in the threads of the shared marks among them (docs/annotations.md#unread). */
  unread_count: z.number().int(),
});
export type TAnnotationCount = z.infer<typeof ZAnnotationCount>;

/** A reply on a shared mark's thread: a comment (same text rules), shown by its author's display name. */
export const ZAnnotationReply = z.object({
  id: ZRowId,
  annotation_id: ZRowId,
  content: zText(),
  author_name: zText(),
  is_mine: z.boolean(),
  created_at: ZTimestamp,
  /** Its author, or the owner of the mark's folder (moderation). */
  abilities: z.object({ delete: z.boolean() }),
});
export type TAnnotationReply = z.infer<typeof ZAnnotationReply>;

export const ZCreateAnnotationReplyRequest = z.object({ content: ZCommentContent });
export type TCreateAnnotationReplyRequest = z.infer<typeof ZCreateAnnotationReplyRequest>;

/** Resolve (true) or reopen (false) a shared mark's thread. */
export const ZUpdateAnnotationThreadRequest = z.object({ resolved: z.boolean() }).strict();

export const ZAnnotationUnreadQuery = z.object({ folder_id: ZFolderId });

/** The folder page's count: unread in the threads of the marks shared with the folder. */
export const ZAnnotationFolderUnread = z.object({ folder_id: ZRowId, unread_count: z.number().int() });
