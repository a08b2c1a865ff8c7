import { paperRefKey, type TIdeaProposal, type TNoveltyLabel } from '@paperbench/contract';
import { Link } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { paperDetailPath } from '../../lib/app-paths';
import { useDeleteIdeaMutation, useExpandIdeaMutation, useExportIdeaMutation } from './api';

export const NOVELTY_LABELS: Record<TNoveltyLabel, string> = {
  likely_novel: 'Likely novel',
  partly_explored: 'Partly explored',
  well_explored: 'Well explored',
};

const paperLink = (paper: { platform: string; paper_id: string; title: string }) => (
  <Link to={paperDetailPath({ platform: paper.platform, paper_id: paper.paper_id })}>{paper.title}</Link>
);

/** One idea (docs/ideas.md): its fields, scores, novelty check with its nearest papers, evidence and plan. */
export function IdeaCard({ idea }: { idea: TIdeaProposal }) {
  const expand = useExpandIdeaMutation();
  const remove = useDeleteIdeaMutation();
  const exportIdea = useExportIdeaMutation();
  const check = idea.novelty_check;
  const error = expand.error ?? remove.error ?? exportIdea.error;
  return (
    <article className="idea-card surface-card" aria-labelledby={`idea-${idea.id}-title`}>
      <header className="idea-card-header">
        <h3 id={`idea-${idea.id}-title`}>{idea.title}</h3>
        <span className="badge idea-source">
          {idea.source === 'model' ? 'AI model' : 'Generated without a model (literature-based discovery)'}
        </span>
      </header>
      <dl className="idea-fields">
        <dt>Problem</dt>
        <dd>{idea.problem}</dd>
        <dt>Approach</dt>
        <dd>{idea.approach}</dd>
        <dt>Novelty</dt>
        <dd>{idea.novelty}</dd>
        <dt>Experiments</dt>
        <dd>{idea.experiments}</dd>
        <dt>Risks</dt>
        <dd>{idea.risks}</dd>
      </dl>
      {idea.scores && (
        <p className="idea-scores">
          Scores (the model’s judgement): interest {idea.scores.interest}/10, feasibility {idea.scores.feasibility}/10,
          novelty {idea.scores.novelty}/10
        </p>
      )}
      {idea.based_on.length > 0 && (
        <div className="idea-section">
          <h4>Builds on</h4>
          <ol>
            {idea.based_on.map((paper) => (
              <li key={paperRefKey(paper)} value={paper.n}>
                {paperLink(paper)}
              </li>
            ))}
          </ol>
        </div>
      )}
      {idea.evidence.length > 0 && (
        <div className="idea-section">
          <h4>Evidence</h4>
          <ul>
            {idea.evidence.map((link) => (
              <li key={link.link}>
                {link.terms[0]} – {link.terms[1]}:{' '}
                {link.papers.map((paper, index) => (
                  <span key={paperRefKey(paper)}>
                    {index > 0 && '; '}
                    {paperLink(paper)}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      <section className="idea-section idea-novelty" aria-label="Novelty check">
        <h4>
          Novelty check: <span className={`novelty-label novelty-${check.label}`}>{NOVELTY_LABELS[check.label]}</span>
        </h4>
        <p>
          {check.rationale} <span className="muted">({check.searched} papers searched)</span>
        </p>
        <ol className="idea-nearest" aria-label="Nearest papers">
          {check.nearest.map((paper) => (
            <li key={paperRefKey(paper)}>
              {paperLink(paper)}{' '}
              <span className="muted">
                similarity {paper.similarity.toFixed(2)}
                {paper.shared_terms.length > 0 && ` · ${paper.shared_terms.join(', ')}`}
              </span>
            </li>
          ))}
        </ol>
      </section>
      {idea.plan && (
        <section className="idea-section idea-plan" aria-label="Research plan">
          <h4>Research plan{idea.plan.source === 'extractive' && ' (assembled without a model)'}</h4>
          <p>{idea.plan.summary}</p>
          {(
            [
              ['Experiments', idea.plan.experiments],
              ['Baselines', idea.plan.baselines],
              ['Risks', idea.plan.risks],
              ['Related work', idea.plan.related_work.map((entry) => entry.text)],
            ] as const
          ).map(([heading, items]) =>
            items.length > 0 ? (
              <div key={heading}>
                <h5>{heading}</h5>
                <ul>
                  {items.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              </div>
            ) : null,
          )}
          <p className="muted">Numbers in brackets are the nearest papers above.</p>
        </section>
      )}
      <div className="idea-actions">
        <button type="button" className="button" disabled={expand.isPending} onClick={() => expand.mutate(idea.id)}>
          {expand.isPending ? 'Expanding…' : idea.plan ? 'Expand again' : 'Expand into a plan'}
        </button>
        <button type="button" className="button" onClick={() => exportIdea.mutate(idea.id)}>
          Export Markdown
        </button>
        <button
          type="button"
          className="button"
          disabled={remove.isPending}
          aria-label={`Delete idea ${idea.title}`}
          onClick={() => remove.mutate(idea.id)}
        >
          Delete
        </button>
      </div>
      {error && (
        <p className="notice error" role="alert">
          {parseApiError(error).message}
        </p>
      )}
    </article>
  );
}
