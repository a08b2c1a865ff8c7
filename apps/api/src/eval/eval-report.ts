/** `pnpm eval`'s report on stdout, as markdown (pasteable into docs/ai.md#scorecard). */
import type { TScorecard } from '@paperbench/contract';
import { table } from '../../bench/report';
import type { EvalAnswer, EvalVerdict } from './score-eval';

const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${Math.round((100 * part) / whole)} %`);
const share = (part: number, whole: number) => `${part}/${whole} (${percent(part, whole)})`;

function metricRows({ metrics: m }: TScorecard): string[][] {
  return [
    ...m.gold_cited.map((kind) => [`Gold page cited (verified), ${kind.kind}`, share(kind.cited, kind.questions)]),
    ['Correct abstentions (unanswerable → abstained)', share(m.correct_abstentions, m.unanswerable)],
    ['Wrong abstentions (answerable → abstained)', share(m.wrong_abstentions, m.answerable)],
    ['Fabricated citations (not sent, not verified, not verbatim)', String(m.fabricated_citations)],
    ['Unsupported sentences marked "not verified"', String(m.unsupported_sentences)],
    ['Answers withdrawn by the checker (no sentence verified)', String(m.withdrawn_answers)],
    ['Stream errors', String(m.errors)],
    [
      'Time to first token (p50 · p95)',
      m.first_token_ms ? `${m.first_token_ms.p50.toFixed(0)} · ${m.first_token_ms.p95.toFixed(0)} ms` : 'n/a',
    ],
    ['Tokens per second (shown text, ≈ 4 characters a token)', m.tokens_per_second?.toFixed(1) ?? 'n/a (extractive)'],
  ];
}

/** Answers worth a look: a miss, a wrong abstention, or anything the checker did not verify. */
const isNotable = (answer: EvalAnswer) =>
  answer.question.style === 'unanswerable' ? !answer.abstained : !answer.goldCited || answer.verdict !== 'verified';

const VERDICT_TEXT: Record<EvalVerdict, string> = {
  verified: 'verified',
  'partly-unverified': 'sentences marked not verified',
  withdrawn: 'withdrawn: no sentence verified',
  abstained: 'abstained',
  error: 'error',
};

export function renderEvalReport(scorecard: TScorecard, answers: readonly EvalAnswer[]): string {
  const who = scorecard.mode === 'model' ? `model ${scorecard.model}` : 'extractive mode (no model configured)';
  const verdicts = Object.entries(VERDICT_TEXT).map(([verdict, text]) => {
    const n = answers.filter((answer) => answer.verdict === verdict).length;
    return [text, String(n)];
  });
  const notable = answers
    .filter(isNotable)
    .map((answer) => [
      answer.question.id,
      answer.question.style,
      answer.question.question,
      answer.question.paper ? (answer.goldCited ? 'yes' : 'no') : '—',
      VERDICT_TEXT[answer.verdict] + (answer.error ? ` (${answer.error})` : ''),
    ]);
  return [
    `## Scorecard: ${who}, ${scorecard.set_name} (${scorecard.created_at.slice(0, 10)})`,
    '',
    `Set sha256 ${scorecard.set_hash.slice(0, 12)}…, ${scorecard.metrics.questions} questions.`,
    '',
    table(['What', 'Measured'], metricRows(scorecard)),
    '',
    "### The checker's verdict on each answer",
    '',
    table(['Verdict', 'Answers'], verdicts),
    '',
    '### Misses, abstentions and unverified answers',
    '',
    notable.length === 0 ? 'None.' : table(['Id', 'Kind', 'Question', 'Gold cited', 'Verdict'], notable),
    '',
  ].join('\n');
}
