/**
 * Known-item search quality (docs/benchmarks.md, "Known-item search"): how well `POST /api/search/`
 * finds a paper the user half-remembers. For 300 fixed papers of the shipped corpus (seeded draw), two
 * queries each: a run of 3-5 consecutive title words and 3 remembered abstract words (knownItems). Reports MRR and success@10 per query kind over the ranked results (a paper not returned
 * counts 0), so a change to ranking shows as a number, never as a timed test.
 */
import { asc } from 'drizzle-orm';
import { STOPWORDS } from '../src/ai/text/stopwords';
import { papers } from '../src/db/schema';
import { createPrng } from '../src/fuzz/prng';
import { UPLOAD_PLATFORM } from '../src/modules/papers/paper-visibility.repo';
import { onCleanup } from './cleanup';
import { onEachDriver, startCorpusApp } from './corpus-app';

const SEED = 20261124;
const SAMPLE = 300;
const ABSTRACT_WORDS = 3;
const TITLE_RUN = { min: 3, max: 5 };

type Kind = 'title phrase' | 'abstract words';

interface KnownItem {
  paperId: string;
  kind: Kind;
  query: string;
}

export interface KnownItemScore {
  kind: Kind;
  queries: number;
  /** Mean reciprocal rank of the paper among the results (0 when absent). */
  mrr: number;
  /** Share of queries with the paper among the first 10 results. */
  successAt10: number;
  /** Share of queries with the paper anywhere in what the search returned. */
  found: number;
}

export interface KnownItemResult {
  label: string;
  papers: number;
  scores: KnownItemScore[];
}

const words = (text: string) => text.toLowerCase().match(/[a-z][a-z0-9-]*[a-z0-9]|[a-z]/g) ?? [];

/**
 * The 300 papers and their two queries, as a user half-remembering a paper would type them; deterministic
 * for a given corpus (one seeded draw). Title: a run of 3-5 consecutive title words, at most half of them
 * stop words (a phrase with something to find). Abstract: 3 of its content words (no stop words, no
 * numbers, 4 letters or more) that are not in the title, drawn at random: remembered words, not the
 * rarest ones (those would make every query trivially unique).
 */
export function knownItems(rows: readonly { paperId: string; title: string; abstract: string | null }[]): KnownItem[] {
  const prng = createPrng(SEED);
  const isContent = (word: string) => !STOPWORDS.has(word) && !/\d/.test(word) && word.length >= 4;
  const pool = rows.filter((row) => words(row.title).length >= TITLE_RUN.min && words(row.abstract ?? '').length >= 20);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(SAMPLE, pool.length)) chosen.add(prng.below(pool.length));
  return [...chosen]
    .sort((a, b) => a - b)
    .flatMap((index) => {
      const row = pool[index] as (typeof pool)[number];
      const title = words(row.title);
      const runs: string[][] = [];
      for (let length = TITLE_RUN.min; length <= Math.min(TITLE_RUN.max, title.length); length++) {
        for (let start = 0; start + length <= title.length; start++) {
          const run = title.slice(start, start + length);
          if (run.filter((word) => STOPWORDS.has(word)).length * 2 <= length) runs.push(run);
        }
      }
      const run = runs.length > 0 ? prng.pick(runs) : title.slice(0, TITLE_RUN.min);
      const inTitle = new Set(title);
      const candidates = [...new Set(words(row.abstract ?? ''))].filter(
        (word) => !inTitle.has(word) && isContent(word),
      );
      const remembered: string[] = [];
      while (remembered.length < ABSTRACT_WORDS && candidates.length > 0) {
        remembered.push(...candidates.splice(prng.below(candidates.length), 1));
      }
      return [
        { paperId: row.paperId, kind: 'title phrase' as const, query: run.join(' ') },
        { paperId: row.paperId, kind: 'abstract words' as const, query: remembered.join(' ') },
      ];
    });
}

async function rankOf(baseUrl: string, item: KnownItem): Promise<number | null> {
  const response = await fetch(`${baseUrl}/api/search/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: item.query, sort: 'relevance' }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`search "${item.query}" answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { results: { paper_id: string; platform: string }[] };
  const index = body.results.findIndex((hit) => hit.paper_id === item.paperId && hit.platform !== UPLOAD_PLATFORM);
  return index === -1 ? null : index + 1;
}

export function scoreRanks(kind: Kind, ranks: readonly (number | null)[]): KnownItemScore {
  const n = ranks.length || 1;
  return {
    kind,
    queries: ranks.length,
    mrr: ranks.reduce<number>((sum, rank) => sum + (rank ? 1 / rank : 0), 0) / n,
    successAt10: ranks.filter((rank) => rank !== null && rank <= 10).length / n,
    found: ranks.filter((rank) => rank !== null).length / n,
  };
}

export function runKnownItemBench(log: (message: string) => void): Promise<KnownItemResult[]> {
  return onEachDriver(process.env.DATABASE_URL?.trim() || undefined, async (label, databaseUrl) => {
    const app = await startCorpusApp(label, databaseUrl, log);
    const close = onCleanup(() => app.close());
    try {
      const rows = await app.db
        .select({ paperId: papers.paperId, platform: papers.platform, title: papers.title, abstract: papers.abstract })
        .from(papers)
        .orderBy(asc(papers.platform), asc(papers.paperId));
      const items = knownItems(rows.filter((row) => row.platform !== UPLOAD_PLATFORM));
      log(`known-item (${label}): ${items.length} queries over ${rows.length} papers…`);
      const ranks = new Map<Kind, (number | null)[]>();
      for (const item of items)
        ranks.set(item.kind, [...(ranks.get(item.kind) ?? []), await rankOf(app.baseUrl, item)]);
      return {
        label,
        papers: rows.length,
        scores: [...ranks].map(([kind, list]) => scoreRanks(kind, list)),
      };
    } finally {
      await close();
    }
  });
}

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;

export function renderKnownItemReport(results: readonly KnownItemResult[], date: string): string {
  const lines = [
    `## Known-item search, ${date}`,
    '',
    `${SAMPLE} papers drawn with seed ${SEED}; per paper a run of ${TITLE_RUN.min}-${TITLE_RUN.max} title words (at most half stop`,
    `words) and ${ABSTRACT_WORDS} content words of its abstract not in the title, drawn at random; \`POST /api/search/\`, relevance.`,
    '',
    '| Database | Query | Queries | MRR | Success@10 | Found at all |',
    '|---|---|---|---|---|---|',
  ];
  for (const { label, scores } of results) {
    for (const s of scores) {
      lines.push(
        `| ${label} | ${s.kind} | ${s.queries} | ${s.mrr.toFixed(3)} | ${pct(s.successAt10)} | ${pct(s.found)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
