import type { TScorecard } from '@paperbench/contract';
import type { TScreenProps } from '../../app/screen-props';
import { useAiScorecardQuery } from '../../features/ai-status/api';
import { useAiStatusQuery } from '../../features/chat/api';
import { ScorecardMetrics } from './scorecard-metrics';
import './ai-settings.css';

/** The commands of docs/ai.md#scorecard, shown to whoever runs the server. */
export const EVAL_COMMANDS: readonly { command: string; what: string }[] = [
  { command: 'pnpm eval', what: 'the project’s question set, against the model this environment configures' },
  { command: 'pnpm eval --set my-questions.json', what: 'your own questions, in the same JSON format' },
  { command: 'pnpm eval --base-url http://localhost:8000', what: 'a running server, with the model it runs' },
];

function ModeCard() {
  const status = useAiStatusQuery();
  if (!status.data) return <div className="ai-settings-mode is-loading" />;
  const { mode, model, embeddings } = status.data;
  return (
    <section className="ai-settings-mode" aria-label="Configuration">
      <span className={`ai-settings-badge is-${mode}`}>{mode === 'model' ? 'Model' : 'Extractive'}</span>
      <div>
        <h2>{mode === 'model' ? model : 'No AI model configured'}</h2>
        <p className="ai-settings-muted">
          {mode === 'model'
            ? 'Answers and summaries are written by this model from your papers’ passages; every citation is checked against its passage.'
            : 'Answers are sentences quoted verbatim from your papers, each with its citation. Nothing is generated.'}{' '}
          {embeddings ? `Retrieval also uses the embedding model ${embeddings}.` : 'Retrieval is lexical (BM25).'}
        </p>
      </div>
    </section>
  );
}

function ScorecardCard({ scorecard }: { scorecard: TScorecard }) {
  return (
    <section className="ai-settings-card" aria-label="Scorecard">
      <header className="ai-settings-card-head">
        <h2>Scorecard</h2>
        <p className="ai-settings-muted">
          {new Date(scorecard.created_at).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })} ·{' '}
          {scorecard.metrics.questions} questions of <code>{scorecard.set_name}</code>{' '}
          <span title={`sha256 ${scorecard.set_hash}`}>({scorecard.set_hash.slice(0, 8)})</span>
        </p>
      </header>
      <ScorecardMetrics metrics={scorecard.metrics} />
    </section>
  );
}

/** docs/ai.md#scorecard: which model answers, and how it did in the last `pnpm eval`, before anyone trusts it. */
export default function AiSettingsScreen({ title }: TScreenProps) {
  const scorecard = useAiScorecardQuery();
  return (
    <section className="screen ai-settings-screen">
      <h1>{title}</h1>
      <p className="lead">Which AI answers on this server, and how well it did on questions with known answers.</p>
      <ModeCard />
      {scorecard.isError && (
        <p className="notice error" role="alert">
          The scorecard could not be loaded.
        </p>
      )}
      {scorecard.data?.scorecard && <ScorecardCard scorecard={scorecard.data.scorecard} />}
      {scorecard.data && !scorecard.data.scorecard && (
        <div className="empty-state">
          <h2>Not measured yet</h2>
          <p>No scorecard has been recorded for this configuration. {scorecard.data.hint}</p>
        </div>
      )}
      <section className="ai-settings-card" aria-label="How to measure">
        <h2>Measure it yourself</h2>
        <p className="ai-settings-muted">
          On the server, from the project’s folder. Each run uploads the set’s papers, asks every question through the
          chat, scores what comes back, and records the result here.
        </p>
        <dl className="ai-settings-commands">
          {EVAL_COMMANDS.map(({ command, what }) => (
            <div key={command}>
              <dt>
                <code>{command}</code>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </section>
    </section>
  );
}
