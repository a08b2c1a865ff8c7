import type { TIdeaProposal } from '@paperbench/contract';
import { parseApiError } from '../../api/parse-api-error';
import type { TScreenProps } from '../../app/screen-props';
import { useAiStatusQuery } from '../../features/chat/api';
import { useIdeasQuery } from '../../features/ideas/api';
import { IdeaCard } from '../../features/ideas/idea-card';
import { useIdeasStream } from '../../features/ideas/use-ideas-stream';
import '../../features/ideas/ideas.css';
import { IdeasForm } from './ideas-form';

/** Shown when the server has no model (docs/ideas.md#offline-literature-based-discovery). */
export const IDEAS_OFFLINE_TEXT =
  'No AI model is configured: ideas are found by literature-based discovery (key phrases linking the topic’s papers to their neighbours), without a model.';

/** /sci, the AI Scientist (docs/ideas.md): generate ideas from a topic and papers, see their novelty, expand, export. */
export default function SciScreen({ title }: TScreenProps) {
  const aiStatus = useAiStatusQuery();
  const saved = useIdeasQuery();
  const { generation, generate: startGeneration } = useIdeasStream();
  const running = generation?.status === 'streaming';

  const newIds = new Set(generation?.ideas.map((idea) => idea.id));
  const savedIdeas = (saved.data ?? []).filter((idea) => !newIds.has(idea.id));
  // The freshest copy (an expanded idea comes back through the list's cache).
  const current = (idea: TIdeaProposal) => saved.data?.find((s) => s.id === idea.id) ?? idea;

  return (
    <div className="screen sci-screen">
      <h1>{title}</h1>
      <p className="lead">
        Research ideas from a topic and the papers you keep, each checked against the corpus for novelty.
      </p>
      {aiStatus.data?.mode === 'extractive' && (
        <p className="notice" role="note">
          {IDEAS_OFFLINE_TEXT}
        </p>
      )}
      <IdeasForm running={running} onGenerate={startGeneration} />
      {generation && (
        <section aria-label="New ideas" aria-busy={running}>
          <h2>New ideas</h2>
          {generation.source === 'extractive' && aiStatus.data?.mode === 'model' && (
            <p className="notice" role="note">
              The model’s answer could not be used; these ideas were generated without a model.
            </p>
          )}
          {generation.error && (
            <p className="notice error" role="alert">
              {generation.error}
            </p>
          )}
          {!running && generation.ideas.length === 0 && !generation.error && (
            <p>No idea could be found for this topic and these papers.</p>
          )}
          <ul className="ideas-list">
            {generation.ideas.map((idea) => (
              <li key={idea.id}>
                <IdeaCard idea={current(idea)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Saved ideas">
        <h2>Saved ideas</h2>
        {saved.isError && <p role="alert">{parseApiError(saved.error).message}</p>}
        {saved.data && savedIdeas.length === 0 && (
          <p className="muted">
            {newIds.size > 0 ? 'No other saved ideas: the new ones above are saved.' : 'No saved ideas yet.'}
          </p>
        )}
        <ul className="ideas-list">
          {savedIdeas.map((idea) => (
            <li key={idea.id}>
              <IdeaCard idea={idea} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
