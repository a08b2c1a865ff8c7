import type { TAnnotation, TAnnotationReply } from '@paperbench/contract';
import { useEffect, useRef, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { formatRelativeTime } from '../../lib/relative-time';
import { CommentForm } from '../comments/comment-form';
import { CommentText } from '../comments/comment-text';
import {
  useAnnotationRepliesQuery,
  useCreateAnnotationReplyMutation,
  useDeleteAnnotationReplyMutation,
  useReadThreadMutation,
  useResolveThreadMutation,
} from './api';
import '../comments/comments.css';

export const DELETE_REPLY_CONFIRM = 'Delete this reply?';

type TThread = NonNullable<TAnnotation['thread']>;

/** One reply, drawn as a comment is (features/comments). */
function Reply({ reply, onDelete }: { reply: TAnnotationReply; onDelete: (reply: TAnnotationReply) => void }) {
  return (
    <li className="comment">
      <article aria-label={`Reply by ${reply.author_name}`}>
        <header className="comment-head">
          <span className="comment-author">{reply.author_name}</span>
          {reply.is_mine && <span className="comment-you">you</span>}
          <time
            className="comment-time"
            dateTime={reply.created_at}
            title={new Date(reply.created_at).toLocaleString()}
          >
            {formatRelativeTime(reply.created_at)}
          </time>
        </header>
        <CommentText text={reply.content} />
        {reply.abilities.delete && (
          <div className="comment-actions">
            <button type="button" className="link-button comment-delete" onClick={() => onDelete(reply)}>
              Delete
            </button>
          </div>
        )}
      </article>
    </li>
  );
}

/**
 * docs/annotations.md#threads: a shared mark's discussion, opened from the panel. Replies oldest first;
 * Reply, Resolve and Reopen for whoever may reply (`thread.can_reply`), read-only for the others.
 * Opening it marks it read (docs/annotations.md#unread) when it has anything unread.
 */
export function PanelThread({ markId, thread }: { markId: number; thread: TThread }) {
  const replies = useAnnotationRepliesQuery(markId);
  const create = useCreateAnnotationReplyMutation(markId);
  const remove = useDeleteAnnotationReplyMutation();
  const resolve = useResolveThreadMutation(markId);
  const read = useReadThreadMutation(markId);
  const [error, setError] = useState<string | null>(null);

  // Once per opening: the list refreshes after the read, and a new unread reply waits for the next opening.
  const hasRead = useRef(false);
  useEffect(() => {
    if (hasRead.current || thread.unread_count === 0) return;
    hasRead.current = true;
    read.mutate();
  }, [thread.unread_count, read]);

  const onDelete = (reply: TAnnotationReply) => {
    if (!window.confirm(DELETE_REPLY_CONFIRM)) return;
    setError(null);
    remove.mutateAsync(reply.id).catch((reason: unknown) => setError(parseApiError(reason).message));
  };
  const onResolve = (resolved: boolean) => {
    setError(null);
    resolve.mutateAsync(resolved).catch((reason: unknown) => setError(parseApiError(reason).message));
  };

  return (
    <div className="annotations-panel-thread">
      {replies.isPending && <p className="muted">Loading replies…</p>}
      {replies.isError && (
        <p className="comment-error" role="alert">
          The replies could not be loaded: {parseApiError(replies.error).message}
        </p>
      )}
      {replies.data && replies.data.length === 0 && <p className="muted">No replies yet.</p>}
      {replies.data && replies.data.length > 0 && (
        <ul className="comment-list" aria-label="Replies">
          {replies.data.map((reply) => (
            <Reply key={reply.id} reply={reply} onDelete={onDelete} />
          ))}
        </ul>
      )}
      {error && (
        <p className="comment-error" role="alert">
          {error}
        </p>
      )}
      {thread.can_reply ? (
        <>
          <CommentForm label="Reply" submitLabel="Reply" onSubmit={(content) => create.mutateAsync(content)} />
          <div className="annotations-panel-thread-actions">
            {thread.resolved ? (
              <button type="button" className="button button-small" onClick={() => onResolve(false)}>
                Reopen
              </button>
            ) : (
              <button type="button" className="button button-small" onClick={() => onResolve(true)}>
                Resolve
              </button>
            )}
          </div>
        </>
      ) : (
        <p className="comment-hint">You can read this thread; replying needs the commenter role in its folder.</p>
      )}
    </div>
  );
}
