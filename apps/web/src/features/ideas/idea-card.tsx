import type { TIdeaProposal } from '@paperbench/contract';
import { parseApiError } from '../../api/parse-api-error';
import { useDeleteIdeaMutation, useExpandIdeaMutation, useExportIdeaMutation } from './api';
import { IdeaSources, NoveltyCheckSection, ResearchPlanSection } from './idea-sections';

/** One idea (docs/ideas.md): its fields, scores, novelty check with its nearest papers, evidence and plan. */
export function IdeaCard({ idea }: { idea: TIdeaProposal }) {
  const expand = useExpandIdeaMutation();
  const remove = useDeleteIdeaMutation();
  const exportIdea = useExportIdeaMutation();
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
      <IdeaSources idea={idea} />
      <NoveltyCheckSection check={idea.novelty_check} />
      {idea.plan && <ResearchPlanSection plan={idea.plan} />}
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
