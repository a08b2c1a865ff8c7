import type { TSearchCategories } from '@paperbench/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/execute-result';
import { UPLOAD_PLATFORM } from '../papers/paper-visibility.repo';

/**
 * How long the list of categories in the corpus is reused. Counting them reads every paper (~30 ms
 * on 25k), while the list only changes when a harvest brings a category the corpus never had.
 */
const CATEGORIES_TTL_MS = 5 * 60_000;

type CategoryCount = { category: string; archive: string; count: number };
type CorpusCategories = { categories: CategoryCount[]; archives: TSearchCategories['archives'] };

const cache = new WeakMap<Db, { at: number; value: Promise<CorpusCategories> }>();

/** 'cs.CL' → 'cs'; old-style and single-category archives ('hep-th', 'cmp-lg') are their own archive. */
export const archiveOf = (category: string) => category.split('.')[0] as string;

type CountRow = { category: string; count: number; archive_count: number };

async function countCategories(db: Db): Promise<CorpusCategories> {
  const result = await db.execute(sql`
    with tagged as (
      select distinct p.platform, p.paper_id, c as category
      from papers p, unnest(p.categories) c
      where p.platform <> ${UPLOAD_PLATFORM}
    ),
    per_category as (select category, count(*)::int as count from tagged group by category),
    per_archive as (
      select split_part(category, '.', 1) as archive, count(distinct (platform, paper_id))::int as count
      from tagged group by 1
    )
    select c.category, c.count, a.count as archive_count
    from per_category c join per_archive a on a.archive = split_part(c.category, '.', 1)`);
  const rows = rowsOf<CountRow>(result);
  const categories = rows.map((row) => ({
    category: row.category,
    archive: archiveOf(row.category),
    count: row.count,
  }));
  const archives = new Map<string, TSearchCategories['archives'][number]>();
  for (const row of rows) {
    const archive = archiveOf(row.category);
    const entry = archives.get(archive) ?? { archive, count: row.archive_count, categories: [] };
    entry.categories.push({ category: row.category, count: row.count });
    archives.set(archive, entry);
  }
  const byCount = (a: { count: number }, b: { count: number }) => b.count - a.count;
  const sorted = [...archives.values()].sort(byCount);
  for (const entry of sorted) entry.categories.sort(byCount);
  return { categories, archives: sorted };
}

/** The categories of the (public) corpus with paper counts, computed at most once per TTL. */
export function corpusCategories(db: Db, now = Date.now()): Promise<CorpusCategories> {
  const cached = cache.get(db);
  if (cached && now - cached.at < CATEGORIES_TTL_MS) return cached.value;
  const value = countCategories(db);
  // A failed count must not be served from the cache until the TTL runs out.
  value.catch(() => cache.delete(db));
  cache.set(db, { at: now, value });
  return value;
}

/**
 * The corpus categories a filter names: a category matches itself, an archive (no dot) every
 * category of the archive; both case-insensitively, so 'cs.cl' finds cs.CL. The result feeds an
 * array overlap (`&&`) that the GIN index papers_categories_idx answers.
 */
export function resolveCategoryFilter(filters: readonly string[], known: readonly CategoryCount[]): string[] {
  const wanted = filters.map((filter) => filter.toLowerCase());
  return known
    .filter(({ category, archive }) => wanted.some((w) => w === category.toLowerCase() || w === archive.toLowerCase()))
    .map(({ category }) => category);
}
