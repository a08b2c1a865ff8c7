import type { TFeedGroup } from '@paperbench/contract';

const noun = (n: number) => (n === 1 ? 'paper' : 'papers');
const papers = (n: number) => `${n.toLocaleString('en-US')} ${noun(n)}`;

/** The line under a group's heading. */
export function describeGroup(group: Pick<TFeedGroup, 'kind' | 'papers'>): string {
  const count = papers(group.papers.length);
  if (group.kind === 'topic') return `${count} matching a topic you follow`;
  if (group.kind === 'library') return `${count} close to what you keep in your folders`;
  return `${group.papers.length.toLocaleString('en-US')} more ${noun(group.papers.length)} announced this day`;
}

/** The summary beside the day: how many papers it has and how many of them are picked for the user. */
export function describeDay(total: number, groups: readonly Pick<TFeedGroup, 'kind' | 'papers'>[]): string {
  if (total === 0) return 'No papers were announced this day';
  const picked = groups.filter((g) => g.kind !== 'other').reduce((sum, g) => sum + g.papers.length, 0);
  const shown = groups.reduce((sum, g) => sum + g.papers.length, 0);
  const parts = [papers(total)];
  if (picked > 0) parts.push(`${picked.toLocaleString('en-US')} picked for you`);
  if (shown < total) parts.push(`showing the top ${shown.toLocaleString('en-US')}`);
  return parts.join(' · ');
}
