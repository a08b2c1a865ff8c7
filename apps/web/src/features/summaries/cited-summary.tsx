import type { TAnswerSource, TSummaryGrounding } from '@paperbench/contract';
import { AnswerMarkdown } from '../chat/answer-markdown';
import { CitationsProvider, citationsOf, type TCitations } from '../chat/citation-context';

/** The label on an offline-mode summary (docs/ai.md#offline-mode: never canned text presented as model output). */
export const EXTRACTIVE_SUMMARY_LABEL = 'Extractive summary — no AI model configured';

type TCitedSummaryProps = TSummaryGrounding & {
  text: string;
  source: TAnswerSource;
  /** What a click on `[n]` does with its passage; null leaves the chip unclickable. */
  opener: TCitations['opener'];
};

/**
 * A summary as chat shows an answer (docs/ai.md#summaries): Markdown with `[n]` chips that preview
 * the cited passage, the checker's unverified citations and their sentences marked, labelled when extractive.
 */
export function CitedSummary({ text, source, passages, citations, abstained, opener }: TCitedSummaryProps) {
  return (
    <div className={abstained ? 'cited-summary is-abstained' : 'cited-summary'}>
      {source === 'extractive' && <p className="answer-label">{EXTRACTIVE_SUMMARY_LABEL}</p>}
      <CitationsProvider value={citationsOf(passages, citations, opener)}>
        <AnswerMarkdown text={text} />
      </CitationsProvider>
    </div>
  );
}
