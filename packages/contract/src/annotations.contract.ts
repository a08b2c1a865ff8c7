import { z } from 'zod';
import {
  ZAnnotation,
  ZAnnotationCount,
  ZAnnotationCountsQuery,
  ZAnnotationExportQuery,
  ZAnnotationFolderUnread,
  ZAnnotationReply,
  ZAnnotationsQuery,
  ZAnnotationUnreadQuery,
  ZCreateAnnotationReplyRequest,
  ZCreateAnnotationRequest,
  ZUpdateAnnotationRequest,
  ZUpdateAnnotationThreadRequest,
} from './annotation.schemas';
import { c, ZRowId } from './common';

const ZAnnotationParams = z.object({ id: ZRowId });

/** docs/annotations.md: highlights, underlines, notes and area marks on a paper's pages. */
export const annotationsContract = c.router({
  list: {
    method: 'GET',
    path: '/api/annotations',
    query: ZAnnotationsQuery,
    responses: { 200: z.array(ZAnnotation) },
    summary: "A paper's marks the caller may see, by page then place",
    description:
      'Their own marks and those shared with a folder they may read (any role, or a public folder: then ' +
      'without X-User-ID too). 404 for a paper the caller cannot read. Each mark is re-anchored by its quote ' +
      'against the page text as it is now (`anchor`).',
  },
  counts: {
    method: 'GET',
    path: '/api/annotations/counts',
    query: ZAnnotationCountsQuery,
    responses: { 200: z.array(ZAnnotationCount) },
    summary: 'How many marks the caller sees on each of some papers (the paper page and the File List)',
    description: 'papers=platform:paper_id,… (at most 200); papers the caller cannot read are left out.',
  },
  export: {
    method: 'GET',
    path: '/api/annotations/export',
    query: ZAnnotationExportQuery,
    // Not c.otherResponse: the handler sets the content type per format.
    responses: {
      200: z
        .string()
        .describe(
          'markdown: text/markdown, grouped by page with quotes and notes; w3c: application/ld+json, a W3C ' +
            'Web Annotation AnnotationCollection. As an attachment.',
        ),
    },
    summary: 'The marks the caller sees on a paper, as Markdown or W3C Web Annotation JSON-LD',
  },
  create: {
    method: 'POST',
    path: '/api/annotations',
    body: ZCreateAnnotationRequest,
    responses: { 201: ZAnnotation },
    summary: 'Mark a page: highlight, underline, note or area',
    description:
      "Needs a user who can read the paper (404 otherwise). 400 for a page past the paper's page count or a " +
      'position past the page text (when the text is known). folder_id shares it with a shared folder the ' +
      'caller may comment in, holding the paper. Rate budget `annotation`; quota USER_ANNOTATION_QUOTA (409).',
  },
  update: {
    method: 'PATCH',
    path: '/api/annotations/:id',
    pathParams: ZAnnotationParams,
    body: ZUpdateAnnotationRequest,
    responses: { 200: ZAnnotation },
    summary: 'Recolour, annotate, share or unshare your mark',
    description: 'Its author alone (403 for another reader of a shared mark, 404 for anyone else).',
  },
  remove: {
    method: 'DELETE',
    path: '/api/annotations/:id',
    pathParams: ZAnnotationParams,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Delete a mark',
    description: 'Its author, or the owner of the folder it is shared with (moderation).',
  },
  listReplies: {
    method: 'GET',
    path: '/api/annotations/:id/replies',
    pathParams: ZAnnotationParams,
    responses: { 200: z.array(ZAnnotationReply) },
    summary: "A shared mark's thread, oldest first",
    description: 'Whoever sees the mark (404 otherwise); a private mark has no replies (empty).',
  },
  createReply: {
    method: 'POST',
    path: '/api/annotations/:id/replies',
    pathParams: ZAnnotationParams,
    body: ZCreateAnnotationReplyRequest,
    responses: { 201: ZAnnotationReply },
    summary: 'Reply on a shared mark',
    description:
      "The folder's owner, editors and commenters (viewers and public visitors 403; a private mark 403). Rate " +
      'budget `comment`; counted in USER_COMMENT_QUOTA_PER_DAY (429).',
  },
  deleteReply: {
    method: 'DELETE',
    path: '/api/annotations/replies/:id',
    pathParams: ZAnnotationParams,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Delete a reply',
    description: "Its author, or the owner of the mark's folder (moderation).",
  },
  updateThread: {
    method: 'PATCH',
    path: '/api/annotations/:id/thread',
    pathParams: ZAnnotationParams,
    body: ZUpdateAnnotationThreadRequest,
    responses: { 200: ZAnnotation },
    summary: "Resolve or reopen a shared mark's thread",
    description: 'Whoever may reply on it.',
  },
  readThread: {
    method: 'POST',
    path: '/api/annotations/:id/read',
    pathParams: ZAnnotationParams,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: "Mark a shared mark's thread read up to now",
    description: 'Whoever sees the mark (404 otherwise). Clears its unread count for the caller.',
  },
  unread: {
    method: 'GET',
    path: '/api/annotations/unread',
    query: ZAnnotationUnreadQuery,
    responses: { 200: ZAnnotationFolderUnread },
    summary: "Unread in the threads of a folder's shared marks (the folder page)",
    description: 'Whoever may read the folder (404 otherwise); 0 without X-User-ID.',
  },
});
