import type { TScorecardMetrics } from '@paperbench/contract';
import { goldCitedOverall, percentOf } from '../../features/ai-status/scorecard-headline';

type TTile = {
  label: string;
  value: string;
  detail: string;
  /** Zero is the only good value (fabrications, errors): anything else is shown as a warning. */
  isBadUnlessZero?: number;
};

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);

function tilesOf(m: TScorecardMetrics): TTile[] {
  const gold = goldCitedOverall(m);
  return [
    {
      label: 'Gold page cited',
      value: percentOf(gold.cited, gold.questions),
      detail: [
        `${gold.cited} of ${gold.questions}`,
        ...m.gold_cited.map((k) => `${k.kind} ${k.cited}/${k.questions}`),
      ].join(' · '),
    },
    {
      label: 'Correct abstentions',
      value: `${m.correct_abstentions}/${m.unanswerable}`,
      detail: 'questions the papers do not answer, declined',
    },
    {
      label: 'Wrong abstentions',
      value: `${m.wrong_abstentions}/${m.answerable}`,
      detail: 'answerable questions declined',
    },
    {
      label: 'Fabricated citations',
      value: String(m.fabricated_citations),
      detail: 'citations of no passage sent, or not verified by the checker',
      isBadUnlessZero: m.fabricated_citations,
    },
    {
      label: 'Unverified sentences',
      value: String(m.unsupported_sentences),
      detail: `marked “not verified”; ${m.withdrawn_answers} answers withdrawn entirely`,
    },
    { label: 'Errors', value: String(m.errors), detail: 'answers that failed mid-stream', isBadUnlessZero: m.errors },
    {
      label: 'First token',
      value: m.first_token_ms ? ms(m.first_token_ms.p50) : 'n/a',
      detail: m.first_token_ms ? `median; 95th percentile ${ms(m.first_token_ms.p95)}` : 'no answer text',
    },
    {
      label: 'Tokens per second',
      value: m.tokens_per_second === null ? 'n/a' : m.tokens_per_second.toFixed(1),
      detail: m.tokens_per_second === null ? 'extractive answers are not generated' : 'of the answer text shown',
    },
  ];
}

/** The scorecard's numbers as tiles (docs/ai.md#scorecard says how each is measured). */
export function ScorecardMetrics({ metrics }: { metrics: TScorecardMetrics }) {
  return (
    <dl className="ai-settings-tiles">
      {tilesOf(metrics).map((tile) => (
        <div key={tile.label} className={tile.isBadUnlessZero ? 'ai-settings-tile is-warning' : 'ai-settings-tile'}>
          <dt>{tile.label}</dt>
          <dd className="ai-settings-tile-value">{tile.value}</dd>
          <dd className="ai-settings-tile-detail">{tile.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
