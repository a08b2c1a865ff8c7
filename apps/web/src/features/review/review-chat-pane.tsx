import { contract, type TReviewFile } from '@paperbench/contract';
import { useMemo } from 'react';
import { ChatComposer } from '../../routes/chat/chat-composer';
import { ChatThread } from '../../routes/chat/chat-thread';
import { type TChatStreamSource, useChatStream } from '../chat/use-chat-stream';
import { reviewKeys, useReviewMessagesQuery } from './api';

type TReviewChatPaneProps = {
  sessionId: number;
  files: readonly TReviewFile[] | undefined;
  /** The session's chat stream (useReviewChatStream), kept by the session view across tab switches. */
  chat: ReturnType<typeof useChatStream>;
};

/** chat_rwg over the session's papers, in /chat's streaming hook (docs/ai.md#chat). */
export function useReviewChatStream(sessionId: number, files: readonly TReviewFile[] | undefined) {
  const source = useMemo<TChatStreamSource<typeof contract.review.chatRwg>>(
    () => ({
      route: contract.review.chatRwg,
      body: (message) => ({
        session_id: sessionId,
        message,
        selected_files: (files ?? []).map(({ paper_id, platform }) => ({ paper_id, platform })),
      }),
      sessionsKey: reviewKeys.sessions(),
      messagesKey: reviewKeys.messages,
    }),
    [sessionId, files],
  );
  return useChatStream(() => {}, source);
}

/**
 * Grounded chat over the session's papers (POST /api/review/chat_rwg): /chat's thread and composer,
 * fed by the review's stream and messages (docs/ai.md#chat: cited, checked, extractive offline).
 */
export function ReviewChatPane({ sessionId, files, chat }: TReviewChatPaneProps) {
  const messages = useReviewMessagesQuery(sessionId);
  const { answer, ask, stop, retry } = chat;
  const hasPapers = (files?.length ?? 0) > 0;
  return (
    <div className="review-chat">
      <ChatThread sessionId={sessionId} answer={answer} onRetry={retry} messagesQuery={messages} />
      <ChatComposer
        isStreaming={answer?.status === 'streaming'}
        isDisabled={!hasPapers}
        placeholder={hasPapers ? 'Ask about the papers of this review…' : 'Add papers to this review first'}
        onSend={(message) => ask(message, sessionId)}
        onStop={stop}
      />
    </div>
  );
}
