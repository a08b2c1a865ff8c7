import { paperRefKey, type TChatFile } from '@paperbench/contract';
import { useFileListPanel } from '../../features/file-list/file-list-panel-state';
import { isChatContext } from '../../lib/paper-refs';

/** Where a selected paper's text stands (issue: abstract-only and failures are said, not hidden). */
const TEXT_STATUS: Record<TChatFile['embedding_status'], string> = {
  ready: 'Full text',
  pending: 'Reading text…',
  none: 'Text not read yet',
  failed: 'Text could not be read',
  'abstract-only': 'Abstract only: PDF unavailable',
};

export const NO_PAPERS_TEXT = 'Select papers in your File List to chat about them';

/** requirements §1: the selected File List papers are the chat's context; each chip says how much of it is readable. */
export function ContextPapers({ files }: { files: TChatFile[] | undefined }) {
  const { open } = useFileListPanel();
  const selected = files?.filter(isChatContext) ?? [];
  if (!files) return null;
  if (selected.length === 0) {
    return (
      <div className="chat-context-empty">
        <p>{NO_PAPERS_TEXT}</p>
        <button type="button" className="button button-accent-soft button-small" onClick={open}>
          Open File List
        </button>
      </div>
    );
  }
  return (
    <ul className="chat-context" aria-label="Papers in this chat">
      {selected.map((file) => (
        <li
          key={paperRefKey(file)}
          className={`chat-context-chip is-${file.embedding_status}`}
          title={file.embedding_error ?? undefined}
        >
          <span className="chat-context-name">{file.filename}</span>
          <span className="chat-context-status">{TEXT_STATUS[file.embedding_status]}</span>
        </li>
      ))}
    </ul>
  );
}
