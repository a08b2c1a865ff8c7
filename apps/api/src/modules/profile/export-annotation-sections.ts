import { eq } from 'drizzle-orm';
import { annotationReplies, annotations } from '../../db/schema';
import { iso, listSection } from './export-section';

/**
 * docs/annotations.md#what-marks-feed: the caller's marks on every paper, as stored (quote, page, note,
 * where it is and whom it is shared with). Others' marks, even shared with the caller, are theirs.
 */
export const annotationsSection = listSection('annotations', {
  read: (tx, { userId }) =>
    tx
      .select()
      .from(annotations)
      .where(eq(annotations.userId, userId))
      .orderBy(annotations.platform, annotations.paperId, annotations.page, annotations.id),
  present: (mark) => ({
    id: mark.id,
    platform: mark.platform,
    paper_id: mark.paperId,
    page: mark.page,
    kind: mark.kind,
    color: mark.color,
    quote:
      mark.quoteExact === null ? null : { exact: mark.quoteExact, prefix: mark.quotePrefix, suffix: mark.quoteSuffix },
    position: mark.positionStart === null ? null : { start: mark.positionStart, end: mark.positionEnd },
    rects: mark.rects,
    note: mark.note,
    folder_id: mark.folderId,
    resolved_at: iso(mark.resolvedAt),
    created_at: iso(mark.createdAt),
    updated_at: iso(mark.updatedAt),
  }),
});

/** The caller's replies in marks' threads (docs/annotations.md#threads). */
export const annotationRepliesSection = listSection('annotation_replies', {
  read: (tx, { userId }) =>
    tx
      .select({
        id: annotationReplies.id,
        annotationId: annotationReplies.annotationId,
        content: annotationReplies.content,
        createdAt: annotationReplies.createdAt,
      })
      .from(annotationReplies)
      .where(eq(annotationReplies.authorId, userId))
      .orderBy(annotationReplies.createdAt, annotationReplies.id),
  present: (reply) => ({
    id: reply.id,
    annotation_id: reply.annotationId,
    content: reply.content,
    created_at: iso(reply.createdAt),
  }),
});
