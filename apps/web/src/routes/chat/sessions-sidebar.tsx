import type { TChatSessionSummary } from '@paperbench/contract';
import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import {
  useChatSessionsQuery,
  useCreateChatSessionMutation,
  useDeleteChatSessionMutation,
  useRenameChatSessionMutation,
} from '../../features/chat/api';
import { FolderNameEditor } from '../../features/file-list/folder-name-editor';
import { Icon } from '../../features/ui/icons';

/** Asked before a chat session and its messages are deleted. */
export const DELETE_SESSION_CONFIRM = 'Delete this chat and all its messages?';

type TSessionsSidebarProps = { selectedId: number | null; onSelect: (sessionId: number | null) => void };

/** spec §3 Chat session: the user's chats, most recent first, with new, rename and delete. */
export function SessionsSidebar({ selectedId, onSelect }: TSessionsSidebarProps) {
  const sessions = useChatSessionsQuery();
  const create = useCreateChatSessionMutation();
  const rename = useRenameChatSessionMutation();
  const remove = useDeleteChatSessionMutation();
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const failure = create.error ?? rename.error ?? remove.error ?? sessions.error;

  const deleteSession = (session: TChatSessionSummary) => {
    if (!window.confirm(DELETE_SESSION_CONFIRM)) return;
    remove.mutate(session.id, { onSuccess: () => session.id === selectedId && onSelect(null) });
  };

  return (
    <aside className="chat-sidebar" aria-label="Chats">
      <button
        type="button"
        className="button button-primary chat-new"
        disabled={create.isPending}
        onClick={() => create.mutate(undefined, { onSuccess: (session) => onSelect(session.id) })}
      >
        <Icon name="plus" size={16} />
        New chat
      </button>
      {failure && (
        <p className="chat-sidebar-error" role="alert">
          {parseApiError(failure).message}
        </p>
      )}
      {sessions.data?.length === 0 && <p className="chat-sidebar-empty">No chats yet. Ask a question to start one.</p>}
      <ul className="chat-sessions">
        {sessions.data?.map((session) => (
          <li key={session.id} className={session.id === selectedId ? 'chat-session is-current' : 'chat-session'}>
            {renamingId === session.id ? (
              <FolderNameEditor
                name={session.title}
                label="Chat title"
                onCancel={() => setRenamingId(null)}
                onSave={(title) => {
                  setRenamingId(null);
                  rename.mutate({ sessionId: session.id, title });
                }}
              />
            ) : (
              <>
                <button
                  type="button"
                  className="chat-session-open"
                  aria-current={session.id === selectedId ? 'true' : undefined}
                  title={session.title}
                  onClick={() => onSelect(session.id)}
                >
                  {session.title}
                </button>
                <button
                  type="button"
                  className="icon-button icon-button-small"
                  aria-label={`Rename ${session.title}`}
                  onClick={() => setRenamingId(session.id)}
                >
                  <Icon name="pencil" size={14} />
                </button>
                <button
                  type="button"
                  className="icon-button icon-button-small"
                  aria-label={`Delete ${session.title}`}
                  onClick={() => deleteSession(session)}
                >
                  <Icon name="trash" size={14} />
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}
