import type { TCorpusStatus } from '@paperbench/contract';
import { formatPaperDate } from '../../lib/paper-format';
import { formatRelativeTime } from '../../lib/relative-time';

/** An estimate shown to three significant digits: "about 2,710,000", not a falsely exact 2,712,345. */
function formatPaperTotal(papers: number, isEstimate: boolean): string {
  if (!isEstimate) return papers.toLocaleString('en-US');
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(papers, 1))) - 2);
  return `about ${(Math.round(papers / magnitude) * magnitude).toLocaleString('en-US')}`;
}

/** "25,002 papers · newest Dec 31, 2019 · updated 2 hours ago", leaving out what is unknown. */
export function describeCorpusStatus(status: TCorpusStatus, now: number = Date.now()): string {
  const noun = status.papers === 1 && !status.papers_estimated ? 'paper' : 'papers';
  const parts = [`${formatPaperTotal(status.papers, status.papers_estimated)} ${noun}`];
  const newest = formatPaperDate(status.newest_published);
  if (newest) parts.push(`newest ${newest}`);
  if (status.updated_at) parts.push(`updated ${formatRelativeTime(status.updated_at, now)}`);
  return parts.join(' · ');
}

/** The hint's `commands` as separate pieces, so they can be shown as code. */
export function splitCodeSpans(text: string): { text: string; isCode: boolean }[] {
  return text
    .split('`')
    .map((piece, index) => ({ text: piece, isCode: index % 2 === 1 }))
    .filter((piece) => piece.text !== '');
}
