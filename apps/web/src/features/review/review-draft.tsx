import type { TReviewReference } from '@paperbench/contract';
import { AnswerMarkdown } from '../chat/answer-markdown';
import { CitationsProvider, type TCitations } from '../chat/citation-context';
import { pendingSections, type TReviewDraft } from './write-state';

/** The label on an offline draft (issue: never canned text presented as model output). */
export const EXTRACTIVE_DRAFT_LABEL =
  'Extractive draft — no AI model configured: the papers’ own sentences, attributed to their authors';

/** "Cohan, Feldman et al. (2020)": how a reference is named in a chip's preview and the list. */
export function referenceAuthors(reference: Pick<TReviewReference, 'authors' | 'year'>): string {
  const [first, second] = reference.authors;
  const names = !first
    ? 'Unknown authors'
    : reference.authors.length > 2
      ? `${first} et al.`
      : [first, second].filter(Boolean).join(' and ');
  return reference.year ? `${names} (${reference.year})` : names;
}

/**
 * `[n]` in the draft numbers its references: a chip shows the reference, and the checker's verdict marks
 * a number it could not verify (docs/review.md#writing).
 */
export function referenceCitations(
  draft: TReviewDraft,
  open: (reference: TReviewReference) => (() => void) | null,
): TCitations {
  const byNumber = new Map(draft.references.map((reference) => [reference.n, reference]));
  const supported = new Set(draft.citations?.supported);
  return {
    passage: () => undefined,
    verdict: (n) =>
      !draft.citations ? 'unchecked' : supported.has(n) && byNumber.has(n) ? 'supported' : 'unsupported',
    opener: () => null,
    reference: (n) => {
      const reference = byNumber.get(n);
      return reference && { heading: referenceAuthors(reference), text: reference.title, open: open(reference) };
    },
  };
}

type TReviewDraftViewProps = {
  draft: TReviewDraft;
  openReference: (reference: TReviewReference) => (() => void) | null;
};

/** A draft as it streams: the outline, then each section with its `[n]` chips, the references, the checker's result. */
export function ReviewDraftView({ draft, openReference }: TReviewDraftViewProps) {
  const isStreaming = draft.status === 'streaming';
  const citations = referenceCitations(draft, openReference);
  const pending = pendingSections(draft);
  const check = draft.citations;
  return (
    <article className="review-draft surface-card" aria-label="Related-work draft" aria-busy={isStreaming}>
      {draft.source === 'extractive' && <p className="answer-label">{EXTRACTIVE_DRAFT_LABEL}</p>}
      {draft.outline && (
        <nav className="review-outline" aria-label="Outline">
          <h3>Outline</h3>
          <ol>
            {draft.outline.map((section) => (
              <li key={section.id}>
                <span className="review-outline-title">{section.title}</span>
                {section.labels.length > 0 && (
                  <span className="review-outline-labels"> · {section.labels.join(', ')}</span>
                )}
                <span className="review-outline-papers">{section.papers.map((paper) => paper.title).join('; ')}</span>
              </li>
            ))}
            {draft.closing && <li className="review-outline-title">{draft.closing}</li>}
          </ol>
        </nav>
      )}
      {isStreaming && !draft.outline && (
        <p className="answer-pending" role="status">
          Reading the graph and the papers…
        </p>
      )}
      <CitationsProvider value={citations}>
        {draft.sections.map((section) => (
          <section key={section.id} className="review-section" aria-label={section.title}>
            <h3>{section.title}</h3>
            {section.source === 'extractive' && draft.source === 'model' && (
              <p className="review-section-note">Quoted from the papers: no written sentence could be verified.</p>
            )}
            <AnswerMarkdown text={section.text} />
            {section.dropped_sentences > 0 && (
              <p className="review-section-note">
                {section.dropped_sentences === 1
                  ? '1 sentence the checker could not verify was left out.'
                  : `${section.dropped_sentences} sentences the checker could not verify were left out.`}
              </p>
            )}
          </section>
        ))}
      </CitationsProvider>
      {isStreaming &&
        pending.map((section) => (
          <p key={section.id} className="answer-pending review-section-pending">
            Writing “{section.title}”…
          </p>
        ))}
      {draft.references.length > 0 && (
        <section className="review-references" aria-labelledby="review-references-title">
          <h3 id="review-references-title">References</h3>
          <ol aria-label="References">
            {draft.references.map((reference) => (
              <li key={reference.n} value={reference.n} data-key={reference.key}>
                <span className="review-reference-authors">{referenceAuthors(reference)}.</span>{' '}
                <cite className="review-reference-title">{reference.title}</cite>
                {reference.doi && <span className="review-reference-extra"> doi:{reference.doi}</span>}
                <code className="review-reference-key">{reference.key}</code>
                {!reference.cited && <span className="review-reference-extra"> (not cited)</span>}
              </li>
            ))}
          </ol>
        </section>
      )}
      {check && (
        <p className="review-check" role="status">
          Citation check: {check.supported.length} verified
          {check.unsupported.length > 0 ? `, ${check.unsupported.length} not verified` : ''}.
          {draft.abstained && ' Nothing in the papers supported a section, so none was written.'}
        </p>
      )}
    </article>
  );
}
