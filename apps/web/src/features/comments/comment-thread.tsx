import { type ReactNode, useId, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { formatRelativeTime } from '../../lib/relative-time';
import {
  type TComment,
  type TCommentTarget,
  useCommentsQuery,
  useCreateCommentMutation,
  useDeleteCommentMutation,
} from './api';
import { CommentForm } from './comment-form';
import { CommentText } from './comment-text';
import './comments.css';

/** The confirm prompt before a comment (and its replies) is deleted. */
export const DELETE_COMMENT_CONFIRM = 'Delete this comment? Its replies are deleted with it.';

type TCommentThreadProps = {
  target: TCommentTarget;
  /** Whether the caller may write here (a folder's commenter or better; anyone on a paper). */
  canComment: boolean;
  /** Shown instead of the comment box when the caller may not write. */
  readOnlyHint?: ReactNode;
  title?: string;
  /** A compact variant (the PDF viewer's side panel). */
  compact?: boolean;
};

/**
 * requirements §1 Commenting on papers and on shared folders: the thread oldest first, each comment with its
 * author, how long ago, a "you" marker, Delete when the server allows it, and Reply on top-level
 * comments (one level of replies); a comment box with a character count; the server's error shown.
 */
export function CommentThread({ target, canComment, readOnlyHint, title = 'Comments', compact }: TCommentThreadProps) {
  const headingId = useId();
  const query = useCommentsQuery(target);
  const create = useCreateCommentMutation(target);
  const remove = useDeleteCommentMutation(target);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const comments = query.data ?? [];
  const ids = new Set(comments.map((c) => c.id));
  // A reply whose parent is gone (deleted meanwhile) still shows, at the top level.
  const topLevel = comments.filter((c) => c.parent_id == null || !ids.has(c.parent_id));
  const repliesOf = (id: number) => comments.filter((c) => c.parent_id === id);

  const onDelete = (comment: TComment) => {
    if (!window.confirm(DELETE_COMMENT_CONFIRM)) return;
    setDeleteError(null);
    remove.mutateAsync(comment.id).catch((error: unknown) => setDeleteError(parseApiError(error).message));
  };

  const renderComment = (comment: TComment, isTopLevel: boolean) => (
    <li key={comment.id} className="comment">
      <article aria-label={`Comment by ${comment.author_name}`}>
        <header className="comment-head">
          <span className="comment-author">{comment.author_name}</span>
          {comment.is_mine && <span className="comment-you">you</span>}
          <time
            className="comment-time"
            dateTime={comment.created_at}
            title={new Date(comment.created_at).toLocaleString()}
          >
            {formatRelativeTime(comment.created_at)}
          </time>
        </header>
        <CommentText text={comment.content} />
        <div className="comment-actions">
          {isTopLevel && canComment && (
            <button type="button" className="link-button" onClick={() => setReplyTo(comment.id)}>
              Reply
            </button>
          )}
          {comment.abilities.delete && (
            <button type="button" className="link-button comment-delete" onClick={() => onDelete(comment)}>
              Delete
            </button>
          )}
        </div>
      </article>
      {isTopLevel && (repliesOf(comment.id).length > 0 || replyTo === comment.id) && (
        <ul className="comment-replies" aria-label={`Replies to ${comment.author_name}`}>
          {repliesOf(comment.id).map((reply) => renderComment(reply, false))}
          {replyTo === comment.id && (
            <li className="comment-reply-form">
              <CommentForm
                label={`Reply to ${comment.author_name}`}
                submitLabel="Post reply"
                autoFocus
                onCancel={() => setReplyTo(null)}
                onSubmit={(content) =>
                  create.mutateAsync({ content, parentId: comment.id }).then(() => setReplyTo(null))
                }
              />
            </li>
          )}
        </ul>
      )}
    </li>
  );

  return (
    <section className={compact ? 'comment-thread is-compact' : 'comment-thread'} aria-labelledby={headingId}>
      <h2 id={headingId} className="comment-thread-title">
        {title}
        {query.data && <span className="comment-thread-count"> ({comments.length})</span>}
      </h2>
      {query.isPending && <p className="muted">Loading comments…</p>}
      {query.isError && (
        <p className="comment-error" role="alert">
          The comments could not be loaded: {parseApiError(query.error).message}
        </p>
      )}
      {query.data && comments.length === 0 && <p className="muted comment-empty">No comments yet.</p>}
      {topLevel.length > 0 && (
        <ul className="comment-list" aria-label={title}>
          {topLevel.map((comment) => renderComment(comment, true))}
        </ul>
      )}
      {deleteError && (
        <p className="comment-error" role="alert">
          {deleteError}
        </p>
      )}
      {canComment ? (
        <CommentForm
          label="Add a comment"
          submitLabel="Comment"
          onSubmit={(content) => create.mutateAsync({ content })}
        />
      ) : (
        readOnlyHint && <p className="comment-hint">{readOnlyHint}</p>
      )}
    </section>
  );
}
