import { type SQL, sql } from 'drizzle-orm';
import { papers } from '../schema';

/** Papers listed in `category` (a followed category topic); the GIN index papers_categories_idx answers `@>`. */
export const inCategory = (category: string): SQL<boolean> =>
  sql<boolean>`${papers.categories} @> array[${category}]::text[]`;

/** Papers listed in any of `categories` (search filters): overlap with a literal array, which the same index answers. */
export const inAnyCategory = (categories: readonly string[]): SQL<boolean> =>
  sql<boolean>`${papers.categories} && ${sql.param(categories)}::text[]`;

/**
 * 'cs.CL' → 'cs'; old-style and single-category archives ('hep-th', 'cmp-lg') are their own archive.
 * paper_facets (migration 20261125013424) reads archives the same way: split_part(category, '.', 1).
 */
export const archiveOf = (category: string) => category.split('.')[0] as string;
