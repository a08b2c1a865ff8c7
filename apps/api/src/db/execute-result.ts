/**
 * Reading what `db.execute` returns, which the two drivers shape differently: both give `rows`;
 * node-postgres counts written rows in `rowCount`, PGlite in `affectedRows`.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const affectedRowCount = (result: unknown): number =>
  Number((result as { rowCount?: number | null }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);
