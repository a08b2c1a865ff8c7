import type { TFacetCount, TGrant, TGrantKind } from '@paperbench/contract';
import type { FacetRow, GrantRow } from './grants.repo';

/** Row → the contract's Grant; its id is `<source>:<source id>`. */
export function presentGrant(row: GrantRow): TGrant {
  return {
    id: `${row.source}:${row.sourceId}`,
    source: row.source as string,
    kind: row.kind as TGrantKind,
    title: row.title as string,
    abstract: row.abstract,
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
