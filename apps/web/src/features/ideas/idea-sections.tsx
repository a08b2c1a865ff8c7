import { paperRefKey, type TIdeaProposal, type TNoveltyLabel } from '@paperbench/contract';
import { Link } from 'react-router';
import { paperDetailPath } from '../../lib/app-paths';

const NOVELTY_LABELS: Record<TNoveltyLabel, string> = {
  likely_novel: 'Likely novel',
  partly_explored: 'Partly explored',
  well_explored: 'Well explored',
};

const paperLink = (paper: { platform: string; paper_id: string; title: string }) => (
  <Link to={paperDetailPath({ platform: paper.platform, paper_id: paper.paper_id })}>{paper.title}</Link>
);

/** The papers an idea builds on, numbered as its text cites them, and the term links that suggested it. */
export function IdeaSources({ idea }: { idea: TIdeaProposal }) {
  return (
    <>
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
    </>
  );
}

/** docs/ideas.md#novelty-check: the label, why, and the nearest papers it compared against. */
export function NoveltyCheckSection({ check }: { check: TIdeaProposal['novelty_check'] }) {
  return (
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
  );
}

/** The research plan an idea was expanded into, when it has one. */
export function ResearchPlanSection({ plan }: { plan: NonNullable<TIdeaProposal['plan']> }) {
  return (
    <section className="idea-section idea-plan" aria-label="Research plan">
      <h4>Research plan{plan.source === 'extractive' && ' (assembled without a model)'}</h4>
      <p>{plan.summary}</p>
      {(
        [
          ['Experiments', plan.experiments],
          ['Baselines', plan.baselines],
          ['Risks', plan.risks],
          ['Related work', plan.related_work.map((entry) => entry.text)],
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
  );
}
