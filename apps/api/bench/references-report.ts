/** The reference-parsing section of `pnpm bench`, as markdown: per PDF, then each split's totals. */
import { HELD_OUT, type PdfScore, TUNING } from './references.bench';
import { table } from './report';

const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(0)} %`);
const share = (part: number, whole: number) => `${part}/${whole} (${pct(part, whole)})`;

function row(s: PdfScore): string[] {
  const list = s.list;
  return [
    `\`${s.file}\``,
    `${s.parsed} / ${s.gold ?? 'n/a'}`,
    pct(s.withTitle, s.parsed),
    list ? share(list.aligned, list.gold) : 'no gold list',
    list ? pct(list.title, list.gold) : '',
    list ? pct(list.year, list.goldYears) : '',
    list ? (list.goldDois === 0 ? 'no DOIs' : share(list.doi, list.goldDois)) : '',
  ];
}

function totals(label: string, scores: PdfScore[]): string[] {
  const sum = (f: (s: PdfScore) => number) => scores.reduce((total, s) => total + f(s), 0);
  const counted = scores.filter((s) => s.gold !== null);
  const exact = counted.filter((s) => s.parsed === s.gold).length;
  const within10 = counted.filter((s) => Math.abs(s.parsed - (s.gold ?? 0)) <= Math.max(1, 0.1 * (s.gold ?? 0))).length;
  return [
    `**${label}**`,
    `exact ${exact}/${counted.length}, within 10 % ${within10}/${counted.length}`,
    pct(
      sum((s) => s.withTitle),
      sum((s) => s.parsed),
    ),
    share(
      sum((s) => s.list?.aligned ?? 0),
      sum((s) => s.list?.gold ?? 0),
    ),
    pct(
      sum((s) => s.list?.title ?? 0),
      sum((s) => s.list?.gold ?? 0),
    ),
    pct(
      sum((s) => s.list?.year ?? 0),
      sum((s) => s.list?.goldYears ?? 0),
    ),
    share(
      sum((s) => s.list?.doi ?? 0),
      sum((s) => s.list?.goldDois ?? 0),
    ),
  ];
}

export function renderReferencesReport(scores: PdfScore[], date: string): string {
  const head = ['PDF', 'entries parsed / gold', 'with a title', 'gold entries matched', 'title', 'year', 'DOI'];
  const part = (files: string[]) => scores.filter((s) => files.includes(s.file));
  const tuning = part(TUNING);
  const heldOut = part(HELD_OUT);
  return [
    `## References, ${date}`,
    '',
    'Tuning split (the parser was tuned on these):',
    '',
    table(head, [...tuning.map(row), totals('tuning', tuning)]),
    '',
    'Held-out split (measured after tuning stopped):',
    '',
    table(head, [...heldOut.map(row), totals('held-out', heldOut)]),
  ].join('\n');
}
