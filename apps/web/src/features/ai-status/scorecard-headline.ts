import type { TScorecard, TScorecardMetrics } from '@paperbench/contract';

/** Gold page cited over every kind of answerable question. */
export function goldCitedOverall(metrics: TScorecardMetrics) {
  const cited = metrics.gold_cited.reduce((sum, kind) => sum + kind.cited, 0);
  const questions = metrics.gold_cited.reduce((sum, kind) => sum + kind.questions, 0);
  return { cited, questions };
}

/** "92 %"; "n/a" when there was nothing to count. */
export const percentOf = (part: number, whole: number) =>
  whole === 0 ? 'n/a' : `${Math.round((100 * part) / whole)} %`;

/** "2026-11-29", the run's UTC day (the same on every screen, whatever the viewer's time zone). */
export const scorecardDay = (scorecard: TScorecard) => scorecard.created_at.slice(0, 10);

/** docs/ai.md#scorecard: "Scorecard 2026-11-29: gold page 92 %, abstentions 7/8, 0 fabricated". */
export function scorecardHeadline(scorecard: TScorecard): string {
  const { metrics } = scorecard;
  const gold = goldCitedOverall(metrics);
  return (
    `Scorecard ${scorecardDay(scorecard)}: gold page ${percentOf(gold.cited, gold.questions)}, ` +
    `abstentions ${metrics.correct_abstentions}/${metrics.unanswerable}, ${metrics.fabricated_citations} fabricated`
  );
}
