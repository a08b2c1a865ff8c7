import type { TAnalyzePaperRequest, TAnalyzePaperResponse } from '@paperbench/contract';
import { parseApiError } from '../../api/parse-api-error';
import { AnswerMarkdown } from '../../features/chat/answer-markdown';
import { EXTRACTIVE_LABEL } from '../../features/chat/chat-answer';
import { CitationsProvider, citationsOf } from '../../features/chat/citation-context';
import { useCitationOpener } from '../../features/chat/use-citation-opener';
import { useAnalyzePaperQuery } from '../../features/conversational/api';

/** Where the analysis read the paper, said beside it (docs/ai.md#conversational-search). */
export const ANALYSIS_SOURCE_LABELS: Record<TAnalyzePaperResponse['source'], string> = {
  abstract: 'From the abstract',
  full_text: 'From the full text',
};

/**
 * Why one paper answers the conversation, under its card: `[n]` quote passages of the paper (hover to
 * read one; a click opens the PDF at its page when the paper is in the File List).
 */
export function PaperAnalysis({ id, request }: { id: string; request: TAnalyzePaperRequest }) {
  const analysis = useAnalyzePaperQuery(request, true);
  const opener = useCitationOpener();
  return (
    <section id={id} className="conv-analysis" aria-label="Analysis" aria-busy={analysis.isFetching}>
      {analysis.isPending && (
        <p className="conv-pending" role="status">
          Reading the paper against your conversation…
        </p>
      )}
      {analysis.error && (
        <div className="conv-failure" role="alert">
          <p>The analysis could not be written: {parseApiError(analysis.error).message}</p>
          <button type="button" className="button button-small" onClick={() => analysis.refetch()}>
            Retry
          </button>
        </div>
      )}
      {analysis.data && (
        <>
          <p className="conv-labels">
            <span className="conv-analysis-title">How it answers your request</span>
            <span className="answer-label">{ANALYSIS_SOURCE_LABELS[analysis.data.source]}</span>
            {analysis.data.mode === 'extractive' && <span className="answer-label">{EXTRACTIVE_LABEL}</span>}
          </p>
          <div className={analysis.data.abstained ? 'cited-summary is-abstained' : 'cited-summary'}>
            <CitationsProvider
              value={citationsOf(
                analysis.data.citations.map((citation) => ({
                  n: citation.n,
                  paper_id: request.paper_id,
                  platform: request.platform,
                  // An abstract's quote has no page: it is on the paper's first.
                  page: citation.page ?? 1,
                  text: citation.quote,
                })),
                // Every [n] left in the text passed the checker; the ones it refused went with their sentences.
                {
                  supported: analysis.data.citations.map((citation) => citation.n),
                  unsupported: analysis.data.unsupported,
                },
                opener,
              )}
            >
              <AnswerMarkdown text={analysis.data.text} />
            </CitationsProvider>
          </div>
          <DroppedNote count={analysis.data.unsupported.length} />
        </>
      )}
    </section>
  );
}

export const DROPPED_TEXT = 'Sentences whose citations could not be verified were left out.';

/** Sentences whose citations the checker refused were left out; saying so keeps the answer honest. */
export function DroppedNote({ count }: { count: number }) {
  if (count === 0) return null;
  return <p className="conv-dropped">{DROPPED_TEXT}</p>;
}
