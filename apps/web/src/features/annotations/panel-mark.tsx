import type { TAnnotation, TSharedFolder } from '@paperbench/contract';
import { useId, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { useDeleteAnnotationMutation } from './api';
import { colorLabel, KIND_LABELS, swatchOf } from './panel-filters';
import { PanelShareSelect } from './panel-share-select';
import { PanelThread } from './panel-thread';

/** What an orphaned mark says (docs/annotations.md#re-anchoring): listed under its page, never hidden. */
export const ORPHAN_LABEL = 'could not be placed';

export const DELETE_MARK_CONFIRM = 'Delete this mark? Its thread is deleted with it.';

/** Delete, for its author and (moderation) the owner of the folder it is shared with: `abilities.delete`. */
function DeleteMarkButton({ mark }: { mark: TAnnotation }) {
  const remove = useDeleteAnnotationMutation();
  return (
    <>
      <button
        type="button"
        className="link-button comment-delete annotations-panel-delete"
        disabled={remove.isPending}
        onClick={() => window.confirm(DELETE_MARK_CONFIRM) && remove.mutate(mark.id)}
      >
        Delete mark
      </button>
      {remove.isError && (
        <span className="comment-error" role="alert">
          The mark could not be deleted: {parseApiError(remove.error).message}
        </span>
      )}
    </>
  );
}

const repliesLabel = (count: number) => (count === 1 ? '1 reply' : `${count} replies`);

/** The thread's toggle: how many replies, how many unread; it opens the thread below the mark. */
function ThreadToggle({ mark, isOpen, controls, onToggle }: TThreadToggleProps) {
  const thread = mark.thread;
  if (!thread) return null;
  return (
    <button
      type="button"
      className="link-button annotations-panel-thread-toggle"
      aria-expanded={isOpen}
      aria-controls={isOpen ? controls : undefined}
      onClick={onToggle}
    >
      {repliesLabel(thread.reply_count)}
      {thread.unread_count > 0 && (
        <>
          {' '}
          <span className="annotations-panel-unread">{thread.unread_count} unread</span>
        </>
      )}
    </button>
  );
}
type TThreadToggleProps = { mark: TAnnotation; isOpen: boolean; controls: string; onToggle: () => void };

/**
 * One mark in the Annotations panel: its colour, kind, quote (clamped) and note, as one button that takes
 * the viewer to it; then its author ("You" for one's own), where it is shared, its thread's counts, the
 * author's sharing choice, and the thread itself when opened.
 */
export function PanelMark({ mark, folders, onGoTo }: TPanelMarkProps) {
  const threadId = useId();
  const [isThreadOpen, setIsThreadOpen] = useState(false);
  const author = mark.is_mine ? 'You' : mark.author_name;
  const folderName = folders.find((folder) => folder.folder_id === mark.folder_id)?.name;
  return (
    <li className="annotations-panel-mark">
      <article aria-label={`${KIND_LABELS[mark.kind]} by ${author}`}>
        <button type="button" className="annotations-panel-go" onClick={() => onGoTo(mark)}>
          <span className="annotations-panel-mark-head">
            <span
              className="annotations-panel-swatch"
              style={{ background: swatchOf(mark.color) }}
              title={colorLabel(mark.color)}
            />
            <span className="annotations-panel-kind">{KIND_LABELS[mark.kind]}</span>
            {mark.anchor === 'orphaned' && <span className="annotations-panel-orphan">{ORPHAN_LABEL}</span>}
          </span>
          {mark.quote && <span className="annotations-panel-quote">{mark.quote.exact}</span>}
          {mark.note && <span className="annotations-panel-note">{mark.note}</span>}
        </button>
        <p className="annotations-panel-meta">
          <span className="annotations-panel-author">{author}</span>
          {mark.folder_id !== null && (
            <span className="annotations-panel-shared" title={folderName ? `Shared with ${folderName}` : undefined}>
              {folderName ? `Shared with ${folderName}` : 'Shared with folder'}
            </span>
          )}
          {mark.thread?.resolved && <span className="annotations-panel-resolved">Resolved</span>}
          <ThreadToggle
            mark={mark}
            isOpen={isThreadOpen}
            controls={threadId}
            onToggle={() => setIsThreadOpen((open) => !open)}
          />
          {mark.abilities.delete && <DeleteMarkButton mark={mark} />}
        </p>
        {mark.abilities.edit && mark.is_mine && <PanelShareSelect mark={mark} folders={folders} />}
        {isThreadOpen && mark.thread && (
          <section id={threadId} aria-label={`Thread of this ${mark.kind}`}>
            <PanelThread markId={mark.id} thread={mark.thread} />
          </section>
        )}
      </article>
    </li>
  );
}
type TPanelMarkProps = {
  mark: TAnnotation;
  /** The caller's shared folders (GET /api/forum/), to name where a mark is shared and to offer sharing. */
  folders: readonly TSharedFolder[];
  onGoTo: (mark: TAnnotation) => void;
};
