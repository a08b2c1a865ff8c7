import type { TAnswerSource } from '@paperbench/contract';
import type { ReactNode } from 'react';
import { AnswerMarkdown } from './answer-markdown';
import { CitationsProvider, type TCitations } from './citation-context';

/** The label on an offline-mode answer (issue: never canned text presented as model output). */
export const EXTRACTIVE_LABEL = 'Extractive answer — no AI model configured';

type TChatAnswerProps = {
  text: string;
  source: TAnswerSource | null;
  citations: TCitations;
  abstained?: boolean;
  isStreaming?: boolean;
  /** Status and actions under the answer (Retry). */
  children?: ReactNode;
};

/** One assistant answer: Markdown with math and `[n]` citation chips, labelled when extractive. */
export function ChatAnswer({ text, source, citations, abstained, isStreaming, children }: TChatAnswerProps) {
  return (
    <article className="chat-message chat-answer" aria-busy={isStreaming} aria-label="Answer">
      {source === 'extractive' && <p className="answer-label">{EXTRACTIVE_LABEL}</p>}
      <CitationsProvider value={citations}>
        {text ? (
          <AnswerMarkdown text={text} />
        ) : (
          isStreaming && (
            <p className="answer-pending" role="status">
              Reading the selected papers…
            </p>
          )
        )}
      </CitationsProvider>
      {abstained && (
        <p className="answer-abstained">
          No passage of the selected papers answers this, so nothing was made up. Try other words, or select other
          papers.
        </p>
      )}
      {children}
    </article>
  );
}
