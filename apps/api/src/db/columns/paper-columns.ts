import { getTableColumns } from 'drizzle-orm';
import { papers } from '../schema';

/**
 * The columns every query that returns whole papers selects: what requirements §3 Paper carries. The search
 * vectors and the row's creation time stay in the database.
 */
const {
  searchVector: _searchVector,
  exactVector: _exactVector,
  createdAt: _createdAt,
  ...paperColumns
} = getTableColumns(papers);

export { paperColumns };

/** A row selected with paperColumns. */
export type PaperRow = {
  [K in keyof typeof paperColumns]: (typeof paperColumns)[K]['_']['data'] | null;
};
