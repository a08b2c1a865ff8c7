import { useAdminAiQuery } from '../../features/admin/api';
import { formatDateTime } from './admin-format';
import { AdminSection, QueryState, Stat } from './admin-section';

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

/** AI: which model answers (GET /api/ai/status) and how it did in the latest `pnpm eval`. */
export function AiSection() {
  const ai = useAdminAiQuery();
  const data = ai.data;
  const card = data?.scorecard.scorecard;
  const metrics = card?.metrics;
  const goldCited = metrics?.gold_cited.reduce((sum, kind) => sum + kind.cited, 0) ?? 0;
  const goldAsked = metrics?.gold_cited.reduce((sum, kind) => sum + kind.questions, 0) ?? 0;
  return (
    <AdminSection id="ai" title="AI" description="The model layer answers come from (docs/ai.md).">
      <QueryState isPending={ai.isPending} error={ai.error} />
      {data && (
        <>
          <dl className="admin-stats">
            <Stat label="Mode" value={data.status.mode === 'model' ? 'Model' : 'Extractive (no model)'} />
            <Stat label="Chat model" value={data.status.model ?? '—'} />
            <Stat label="Embeddings" value={data.status.embeddings ?? 'Lexical only'} />
          </dl>
          {card && metrics ? (
            <>
              <h3>Latest scorecard</h3>
              <p className="admin-muted">
                {card.set_name} · {formatDateTime(card.created_at)} · {metrics.questions} questions
              </p>
              <dl className="admin-stats">
                <Stat label="Gold page cited" value={percent(goldCited, goldAsked)} />
                <Stat label="Correct abstentions" value={percent(metrics.correct_abstentions, metrics.unanswerable)} />
                <Stat
                  label="Fabricated citations"
                  value={String(metrics.fabricated_citations)}
                  tone={metrics.fabricated_citations ? 'danger' : 'success'}
                />
                <Stat
                  label="First token p50"
                  value={metrics.first_token_ms ? `${Math.round(metrics.first_token_ms.p50)} ms` : '—'}
                />
              </dl>
            </>
          ) : (
            <p className="admin-notice">No scorecard for this configuration yet. {data.scorecard.hint}</p>
          )}
        </>
      )}
    </AdminSection>
  );
}
