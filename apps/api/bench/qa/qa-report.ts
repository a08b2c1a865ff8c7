/** The grounded-QA section of `pnpm bench` (`bench/run.ts --qa`), as markdown. */
import { onEachDriver } from '../corpus-app';
import { type QaDriverResult, runQaDriver, type TimedAnswer } from '../qa-grounding.bench';
import { type MachineInfo, table } from '../report';
import { ms, summarize } from '../stats';
import { QA_TARGETS, summarizeQa } from './qa-summary';
import { QA_SPLITS } from './question-set';

/** PGlite always; PostgreSQL too on a scratch database when DATABASE_URL is set. */
export function runQaBench(log: (message: string) => void): Promise<QaDriverResult[]> {
  const adminUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (!adminUrl) log('qa: DATABASE_URL is not set: PostgreSQL skipped');
  return onEachDriver(adminUrl, (label, databaseUrl) => runQaDriver(label, databaseUrl, log));
}

const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(0)} %`);
const share = (part: number, whole: number) => `${part}/${whole} (${percent(part, whole)})`;
const verdict = (met: boolean) => (met ? 'met' : '**not met**');

/** How many cited sentences the answers that did not abstain quote. */
function sentenceCounts(answers: readonly TimedAnswer[]): string {
  const counts = answers.filter((answer) => !answer.abstained).map((answer) => answer.sentences);
  if (counts.length === 0) return 'n/a';
  return `${(counts.reduce((a, b) => a + b, 0) / counts.length).toFixed(1)} · ${Math.max(...counts)}`;
}

function summaryRows(label: string, answers: readonly TimedAnswer[]): string[][] {
  const s = summarizeQa(answers);
  const [keyword, paraphrased, unanswerable] = s.styles;
  if (!keyword || !paraphrased || !unanswerable) throw new Error('qa: a question style is missing');
  const fabricated = s.citedNotSent + s.unsupported + s.notVerbatim;
  return [
    [
      label,
      'Gold page cited, keyword-style',
      `≥ ${QA_TARGETS.keywordGoldCited * 100} %`,
      share(keyword.goldCited, keyword.questions),
      verdict(keyword.goldCited >= QA_TARGETS.keywordGoldCited * keyword.questions),
    ],
    [
      label,
      'Gold page cited, paraphrased',
      `aim ${QA_TARGETS.paraphrasedGoldCited * 100} %`,
      share(paraphrased.goldCited, paraphrased.questions),
      verdict(paraphrased.goldCited >= QA_TARGETS.paraphrasedGoldCited * paraphrased.questions),
    ],
    [
      label,
      'Gold page among the passages sent (keyword · paraphrased)',
      'recorded',
      `${share(keyword.goldSent, keyword.questions)} · ${share(paraphrased.goldSent, paraphrased.questions)}`,
      '',
    ],
    [
      label,
      'Fabricated citations (not sent · checker-unsupported · not verbatim)',
      '0',
      `${fabricated} (${s.citedNotSent} · ${s.unsupported} · ${s.notVerbatim})`,
      verdict(fabricated === 0),
    ],
    [
      label,
      "Answers quoting the paper's own [n] reference markers",
      'recorded',
      `${s.carriedAnswers} answers, ${s.carriedMarkers} markers (${s.carriedInRange} of them the number of a passage sent)`,
      '',
    ],
    [
      label,
      'Correct abstentions (unanswerable → abstained)',
      '≥ 7 of 8',
      share(unanswerable.abstained, unanswerable.questions),
      verdict(unanswerable.abstained >= QA_TARGETS.correctAbstentions * unanswerable.questions),
    ],
    [
      label,
      'Wrong abstentions (answerable → abstained)',
      `≤ ${QA_TARGETS.wrongAbstentions * 100} %`,
      share(keyword.abstained + paraphrased.abstained, keyword.questions + paraphrased.questions),
      verdict(
        keyword.abstained + paraphrased.abstained <=
          QA_TARGETS.wrongAbstentions * (keyword.questions + paraphrased.questions),
      ),
    ],
    [label, 'Sentences per answer (answered questions: mean · max)', '1-3', sentenceCounts(answers), ''],
    [
      label,
      'Time to first delta, 5 papers selected (p50 · p95 · max)',
      `p95 ≤ ${QA_TARGETS.firstDeltaP95Ms} ms`,
      `${ms(s.firstDelta.p50)} · ${ms(s.firstDelta.p95)} · ${ms(s.firstDelta.max)} ms`,
      verdict(s.firstDelta.p95 <= QA_TARGETS.firstDeltaP95Ms),
    ],
    [label, 'Whole answer (p50 · p95)', 'recorded', `${ms(s.total.p50)} · ${ms(s.total.p95)} ms`, ''],
    [label, 'Stream errors', '0', String(s.errors), verdict(s.errors === 0)],
  ];
}

const pagesOf = (answer: TimedAnswer) =>
  answer.abstained ? 'abstained' : answer.cited.map((ref) => `${ref.paper.split('-')[0]} p.${ref.page}`).join(', ');

function misses(result: QaDriverResult): string[][] {
  return result.answers
    .filter((answer) => (answer.question.style === 'unanswerable' ? !answer.abstained : !answer.goldCited))
    .map((answer) => [
      answer.question.split,
      answer.question.id,
      answer.question.style,
      answer.question.question,
      answer.question.paper ? `${answer.question.paper.split('-')[0]} p.${answer.question.pages.join(', ')}` : '—',
      answer.goldSent ? 'yes' : 'no',
      pagesOf(answer),
    ]);
}

export function renderQaReport(machine: MachineInfo, results: QaDriverResult[], date: string): string {
  const out: string[] = [`## Grounded QA, offline mode (${date})`, ''];
  const first = results[0];
  const totalPages = first?.pdfs.reduce((sum, pdf) => sum + pdf.pages, 0) ?? 0;
  const totalBytes = first?.pdfs.reduce((sum, pdf) => sum + pdf.bytes, 0) ?? 0;
  out.push(
    `Machine: ${machine.cpu}, ${machine.cores} cores (nproc), ${machine.memoryGiB.toFixed(1)} GiB RAM, Node ${machine.node}. ` +
      `Load average (1 min): ${machine.loadBefore.toFixed(2)} at start, ${machine.loadAfter?.toFixed(2) ?? 'n/a'} at end. ` +
      `Data: the five fixture PDFs, ${totalPages} pages, ${(totalBytes / 1e6).toFixed(2)} MB, ` +
      `${first?.passages ?? 0} passages; ${first?.answers.length ?? 0} questions: tuning split bench/qa/questions.json, ` +
      'held-out split bench/qa/questions-held-out.json (never tuned on).',
    '',
  );
  out.push(
    table(
      ['Driver', 'What', 'Target', 'Measured', ''],
      results.flatMap((result) =>
        QA_SPLITS.flatMap((split) =>
          summaryRows(
            `${result.label}, ${split}`,
            result.answers.filter((answer) => answer.question.split === split),
          ),
        ),
      ),
    ),
    '',
  );
  out.push('### Upload to text ready (text extracted, passages stored)', '');
  out.push(
    table(
      ['Driver', 'PDF', 'Pages', 'Runs', 'p50 ms', 'Max ms'],
      results.flatMap((result) =>
        result.pdfs.map((pdf) => {
          const times = summarize(pdf.textReadyMs);
          return [result.label, pdf.name, String(pdf.pages), String(times.count), ms(times.p50), ms(times.max)];
        }),
      ),
    ),
    '',
  );
  for (const result of results) {
    out.push(`### Misses on ${result.label}: gold page not cited, or an unanswerable question answered`, '');
    out.push(table(['Split', 'Id', 'Style', 'Question', 'Gold', 'Gold sent', 'Cited'], misses(result)), '');
  }
  return out.join('\n');
}
