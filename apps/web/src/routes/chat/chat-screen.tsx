import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TScreenProps } from '../../app/screen-props';
import { ScorecardLine } from '../../features/ai-status/scorecard-line';
import { useAiStatusQuery } from '../../features/chat/api';
import { readChatQuoteState, sourceWithQuote } from '../../features/chat/quote-state';
import { useChatStream } from '../../features/chat/use-chat-stream';
import { useUserFilesQuery } from '../../features/library/api';
import { isChatContext } from '../../lib/paper-refs';
import { ChatComposer } from './chat-composer';
import { ChatThread } from './chat-thread';
import { ContextPapers } from './context-papers';
import { QuoteChip } from './quote-chip';
import { SessionsSidebar } from './sessions-sidebar';
import './chat.css';

/** Shown when the server has no model (issue: offline mode works and says so). */
export const OFFLINE_BANNER_TEXT =
  'No AI model is configured on this server: answers are sentences quoted from your papers.';

/** requirements §2 /chat: chat sessions over the papers selected in the File List (requirements §1: selection feeds the chat). */
export default function ChatScreen({ title }: TScreenProps) {
  const [sessionId, setSessionId] = useState<number | null>(null);
  // The reader's Ask AI (docs/ai.md#asking-about-a-quote) arrives as router state; sending or removing
  // it replaces that state, so neither a reload nor Back brings it again.
  const location = useLocation();
  const navigate = useNavigate();
  const quote = readChatQuoteState(location.state);
  const clearQuote = () => navigate(location, { replace: true, state: null });
  const { answer, ask, stop, retry } = useChatStream(
    (change) =>
      // A dropped session is left only if it is still the one shown (a stop may come from selecting another).
      setSessionId((shown) => ('created' in change ? change.created : shown === change.dropped ? null : shown)),
    sourceWithQuote(quote),
  );
  const aiStatus = useAiStatusQuery();
  // A selected paper's text is read on the server: the chips follow it until it is ready.
  const files = useUserFilesQuery({
    pollWhile: (list) => list.some((file) => isChatContext(file) && file.embedding_status === 'pending'),
  });
  const hasSelection = files.data?.some(isChatContext) ?? false;
  const isStreaming = answer?.status === 'streaming';

  const selectSession = (next: number | null) => {
    if (next === sessionId) return;
    stop();
    setSessionId(next);
  };

  return (
    <section className="screen chat-screen">
      <SessionsSidebar selectedId={sessionId} onSelect={selectSession} />
      <div className="chat-main">
        <h1>{title}</h1>
        <ScorecardLine />
        {aiStatus.data?.mode === 'extractive' && (
          <p className="notice chat-offline" role="note">
            {OFFLINE_BANNER_TEXT}
          </p>
        )}
        <ContextPapers files={files.data} />
        <ChatThread sessionId={sessionId} answer={answer} onRetry={retry} />
        {quote && <QuoteChip quote={quote} onRemove={clearQuote} />}
        <ChatComposer
          isStreaming={isStreaming}
          // The quote's paper is context of its own, selected or not.
          isDisabled={!hasSelection && !quote}
          onSend={(message) => {
            ask(message, sessionId);
            if (quote) clearQuote();
          }}
          onStop={stop}
        />
      </div>
    </section>
  );
}
