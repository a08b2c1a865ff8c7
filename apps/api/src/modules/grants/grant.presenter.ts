import type { TFacetCount, TGrant, TGrantKind } from '@paperbench/contract';
import { shownText } from './grant-text';
import type { FacetRow, GrantRow } from './grants.repo';

/**
 * docs/grants.md#open-calls: an opportunity's state on `today` (YYYY-MM-DD): forecast until it opens,
 * closed once its deadline has passed (a call with no deadline stays open); null for an award.
 */
export function callStatus(
  row: Pick<GrantRow, 'kind' | 'startDate' | 'closeDate'>,
  today: string,
): TGrant['call_status'] {
  if (row.kind !== 'opportunity') return null;
  if (row.startDate && row.startDate > today) return 'forecast';
  if (row.closeDate && row.closeDate < today) return 'closed';
  return 'open';
}

/**
 * Row → the contract's Grant; its id is `<source>:<source id>`. Title and abstract as shownText reads them
 * (sentence case for capitals-only text); `today` (YYYY-MM-DD, UTC) dates an open call's status.
 */
export function presentGrant(row: GrantRow, today: string): TGrant {
  const shown = shownText(row.title as string, row.abstract);
  return {
    id: `${row.source}:${row.sourceId}`,
    source: row.source as string,
    kind: row.kind as TGrantKind,
    title: shown.title,
    abstract: shown.abstract,
    agency: row.agency as string,
    organisation: row.organisation,
    pi: row.pi,
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency ?? 'USD',
    start_date: row.startDate,
    end_date: row.endDate,
    close_date: row.closeDate,
    keywords: row.keywords ?? [],
    url: row.url,
    score: Number(row.score),
    call_status: callStatus(row, today),
  };
}

/** Facet rows → {kind, agency} lists, largest count first, then by value. */
export function presentFacets(rows: readonly FacetRow[]): { kind: TFacetCount[]; agency: TFacetCount[] } {
  const of = (facet: FacetRow['facet']) =>
    rows
      .filter((row) => row.facet === facet)
      .map(({ value, count }) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return { kind: of('kind'), agency: of('agency') };
}
