import type { TChatSessionSummary } from '@paperbench/contract';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
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
import { SmallIconButton } from '../../features/ui/small-icon-button';

/** Asked before a chat session and its messages are deleted. */
export const DELETE_SESSION_CONFIRM = 'Delete this chat and all its messages?';

/**
 * Whose sessions the sidebar lists: /chat's by default; /review passes its own hooks and words. The
 * hooks are module constants, so they are called in the same order on every render.
 */
export type TSessionsSource = {
  useSessions: () => UseQueryResult<TChatSessionSummary[]>;
  useCreate: () => UseMutationResult<TChatSessionSummary, unknown, void>;
  useRename: () => UseMutationResult<unknown, unknown, { sessionId: number; title: string }>;
  useDelete: () => UseMutationResult<unknown, unknown, number>;
  words: { list: string; new: string; title: string; empty: string; deleteConfirm: string };
};

const CHAT_SESSIONS: TSessionsSource = {
  useSessions: useChatSessionsQuery,
  useCreate: useCreateChatSessionMutation,
  useRename: useRenameChatSessionMutation,
  useDelete: useDeleteChatSessionMutation,
  words: {
    list: 'Chats',
    new: 'New chat',
    title: 'Chat title',
    empty: 'No chats yet. Ask a question to start one.',
    deleteConfirm: DELETE_SESSION_CONFIRM,
  },
};

type TSessionsSidebarProps = {
  selectedId: number | null;
  onSelect: (sessionId: number | null) => void;
  source?: TSessionsSource;
};

/** requirements §3 Chat session: the user's chats, most recent first, with new, rename and delete. */
export function SessionsSidebar({ selectedId, onSelect, source = CHAT_SESSIONS }: TSessionsSidebarProps) {
  const { words } = source;
  const sessions = source.useSessions();
  const create = source.useCreate();
  const rename = source.useRename();
  const remove = source.useDelete();
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const failure = create.error ?? rename.error ?? remove.error ?? sessions.error;

  const deleteSession = (session: TChatSessionSummary) => {
    if (!window.confirm(words.deleteConfirm)) return;
    remove.mutate(session.id, { onSuccess: () => session.id === selectedId && onSelect(null) });
  };

  return (
    <aside className="chat-sidebar" aria-label={words.list}>
      <button
        type="button"
        className="button button-primary chat-new"
        disabled={create.isPending}
        onClick={() => create.mutate(undefined, { onSuccess: (session) => onSelect(session.id) })}
      >
        <Icon name="plus" size={16} />
        {words.new}
      </button>
      {failure && (
        <p className="chat-sidebar-error" role="alert">
          {parseApiError(failure).message}
        </p>
      )}
      {sessions.data?.length === 0 && <p className="chat-sidebar-empty">{words.empty}</p>}
      <ul className="chat-sessions">
        {sessions.data?.map((session) => (
          <li key={session.id} className={session.id === selectedId ? 'chat-session is-current' : 'chat-session'}>
            {renamingId === session.id ? (
              <FolderNameEditor
                name={session.title}
                label={words.title}
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
                <SmallIconButton
                  label={`Rename ${session.title}`}
                  icon="pencil"
                  onClick={() => setRenamingId(session.id)}
                />
                <SmallIconButton
                  label={`Delete ${session.title}`}
                  icon="trash"
                  onClick={() => deleteSession(session)}
                />
              </>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}
