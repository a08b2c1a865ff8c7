import type { TAnnotation } from '@paperbench/contract';

const KIND_NAMES = { highlight: 'Highlight', underline: 'Underline', note: 'Note', area: 'Area' } as const;
const LABEL_WORDS = 8;

/** A mark's accessible name: "Highlight on page 2: the first words of its quote…". */
export function markLabel(mark: Pick<TAnnotation, 'kind' | 'page' | 'quote'>): string {
  const where = `${KIND_NAMES[mark.kind]} on page ${mark.page}`;
  const words = (mark.quote?.exact ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return where;
  const first = words.slice(0, LABEL_WORDS).join(' ');
  return `${where}: ${first}${words.length > LABEL_WORDS ? '…' : ''}`;
}
