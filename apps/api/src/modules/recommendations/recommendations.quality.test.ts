import { createHash } from 'node:crypto';
import path from 'node:path';
import type { TRecommendationsResponse } from '@paperbench/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../ingest/corpus-loader';
import { packageRoot } from '../../lib/package-paths';
import { buildFolder, buildFolderFile, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const SHIPPED_CORPUS = path.join(packageRoot, 'data', 'arxiv-metadata-sample-25k.jsonl.gz');

/**
 * Primary categories of the shipped corpus with 51-73 papers each, from unrelated fields. The
 * sample is drawn round-robin over categories, so each one's papers are close to all it has: a
 * folder of most of them, and the rest held out, is a fair "more of this subject" task.
 */
const CATEGORIES = [
  'hep-ex',
  'cs.OS',
  'astro-ph.CO',
  'cond-mat.supr-con',
  'econ.EM',
  'q-fin.TR',
  'q-bio.SC',
  'nlin.CG',
];
const HELD_OUT = 10;
const K = 10;

/**
 * Floors well above the random baseline (~0.0004 expected: 10 draws among ~25,000 papers) and well
 * below what the recommender measures (0.325 and 1.0, docs/benchmarks.md), so only a broken recommender fails.
 */
const RECALL_FLOOR = 0.2;
const HIT_RATE_FLOOR = 0.6;

type Ref = { platform: string; paper_id: string };
const keyOf = (ref: Ref) => `${ref.platform}/${ref.paper_id}`;
/** A fixed order that does not follow ids (ids follow dates): the held-out papers span the years. */
const shuffleKey = (ref: Ref) => createHash('md5').update(keyOf(ref)).digest('hex');

/** Deterministic pseudo-random numbers (mulberry32), so the baseline is the same on every run. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Offline quality on the shipped 25k corpus, on one driver (PostgreSQL when DATABASE_URL is set):
 * loading the corpus takes ~20 s. For each category, a folder holds its papers except HELD_OUT of
 * them; GET /api/recommendations/folder/{id}?limit=10 (exclude_existing) should find those.
 *
 * recall@10 = |top 10 ∩ held out| / |held out|, averaged over folders. With exactly 10 held out and
 * 10 slots it equals precision@10 (and R-precision), so 1.0 is reachable: a fair number, unlike
 * recall@10 with more held out than slots. hit-rate@10 = the share of folders with at least one
 * held-out paper in their top 10. The random baseline draws 10 papers uniformly from the corpus
 * outside the folder and scores them the same way.
 */
describe('recommendation quality on the shipped corpus', () => {
  let t: TestApp;
  let corpus: Ref[];
  beforeAll(async () => {
    t = await createTestApp(process.env.DATABASE_URL ? 'postgres' : 'pglite', { seed: false });
    await loadCorpus(t.db, SHIPPED_CORPUS);
    const rows = await t.db.execute(sql`select platform, paper_id from papers order by platform, paper_id`);
    corpus = (rows as unknown as { rows: Ref[] }).rows;
  }, 300_000);
  afterAll(() => t?.close());

  async function categoryPapers(category: string): Promise<Ref[]> {
    const rows = await t.db.execute(
      sql`select platform, paper_id from papers where categories[1] = ${category} order by platform, paper_id`,
    );
    return (rows as unknown as { rows: Ref[] }).rows.sort((a, b) => shuffleKey(a).localeCompare(shuffleKey(b)));
  }

  it('recommends held-out papers of a folder far more often than chance', { timeout: 300_000 }, async () => {
    const user = await buildUser(t.db);
    const random = seededRandom(42);
    const perFolder: { category: string; kept: number; found: number; randomFound: number; ms: number }[] = [];
    for (const category of CATEGORIES) {
      const papers = await categoryPapers(category);
      const heldOut = new Set(papers.slice(0, HELD_OUT).map(keyOf));
      const kept = papers.slice(HELD_OUT);
      expect(kept.length).toBeGreaterThanOrEqual(40);
      const folder = await buildFolder(t.db, { ownerId: user.id, name: category });
      for (const ref of kept)
        await buildFolderFile(t.db, { folderId: folder.id, paper: { platform: ref.platform, paperId: ref.paper_id } });

      const started = performance.now();
      const response = await t.app.inject({
        url: `/api/recommendations/folder/${folder.id}?limit=${K}`,
        headers: { 'x-user-id': user.token },
      });
      const ms = performance.now() - started;
      expect(response.statusCode).toBe(200);
      const top = (response.json() as TRecommendationsResponse).papers.map(keyOf);
      expect(top).toHaveLength(K);
      const keptKeys = new Set(kept.map(keyOf));
      expect(top.filter((key) => keptKeys.has(key))).toEqual([]);
      const found = top.filter((key) => heldOut.has(key)).length;

      const pool = corpus.filter((ref) => !keptKeys.has(keyOf(ref)));
      const drawn = new Set<string>();
      while (drawn.size < K) drawn.add(keyOf(pool[Math.floor(random() * pool.length)] as Ref));
      const randomFound = [...drawn].filter((key) => heldOut.has(key)).length;
      perFolder.push({ category, kept: kept.length, found, randomFound, ms: Math.round(ms) });
    }

    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const recall = mean(perFolder.map((f) => f.found / HELD_OUT));
    const hitRate = mean(perFolder.map((f) => (f.found > 0 ? 1 : 0)));
    const randomRecall = mean(perFolder.map((f) => f.randomFound / HELD_OUT));
    console.table(perFolder);
    console.log(
      `recommendation quality: recall@10 ${recall.toFixed(3)}, hit-rate@10 ${hitRate.toFixed(3)}, ` +
        `random baseline recall@10 ${randomRecall.toFixed(4)} (${perFolder.length} folders, ${HELD_OUT} held out each)`,
    );
    expect(recall).toBeGreaterThanOrEqual(RECALL_FLOOR);
    expect(hitRate).toBeGreaterThanOrEqual(HIT_RATE_FLOOR);
    expect(recall).toBeGreaterThan(randomRecall * 10);
  });
});
