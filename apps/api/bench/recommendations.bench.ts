import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { folderFiles, folders } from '../src/db/schema';
import { generateUserToken } from '../src/lib/user-token';
import { insertUser } from '../src/modules/identity/identity.repo';
import { onEachDriver, startCorpusApp } from './corpus-app';
import {
  HIT_RATE_FLOOR,
  measureRecommendationQuality,
  type QualityResult,
  RECALL_FLOOR,
} from './recommendation-quality';
import { type LatencySummary, ms, summarize } from './stats';

/** Folders of the library: primary category and size; the first is the 50-paper folder. */
const LIBRARY = [
  { category: 'quant-ph', size: 50 },
  { category: 'cs.LG', size: 40 },
  { category: 'astro-ph.SR', size: 30 },
] as const;
const ROUNDS = 60;

interface DriverResult {
  label: string;
  coldMs: number;
  folder: LatencySummary;
  user: LatencySummary;
  quality: QualityResult;
}

/** A user owning the LIBRARY folders, filled with the oldest-id papers of each category. */
async function buildLibrary(db: Db): Promise<{ token: string; folderId: number }> {
  const token = generateUserToken();
  const ownerId = await insertUser(db, token);
  const folderIds: number[] = [];
  for (const { category, size } of LIBRARY) {
    const [folder] = await db.insert(folders).values({ ownerId, name: category }).returning({ id: folders.id });
    if (!folder) throw new Error('folder insert returned no row');
    folderIds.push(folder.id);
    await db.execute(sql`
      insert into ${folderFiles} (folder_id, platform, paper_id)
      select ${folder.id}, platform, paper_id from papers where categories[1] = ${category}
      order by paper_id limit ${size}`);
  }
  return { token, folderId: folderIds[0] as number };
}

/** One GET with the user's id through real HTTP (fetch keeps the connection alive); ms to the last byte. */
async function timedGet(url: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'X-User-ID': token } });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 200)}`);
  return performance.now() - started;
}

async function benchDriver(label: string, databaseUrl: string | undefined, log: (m: string) => void) {
  const corpus = await startCorpusApp(label, databaseUrl, log);
  try {
    const { token, folderId } = await buildLibrary(corpus.db);
    const base = corpus.baseUrl;
    const folderUrl = `${base}/api/recommendations/folder/${folderId}?limit=10`;
    const userUrl = `${base}/api/recommendations/user?limit=10`;
    const coldMs = await timedGet(folderUrl, token);
    for (let i = 0; i < 5; i += 1) {
      await timedGet(folderUrl, token);
      await timedGet(userUrl, token);
    }
    log(`${label}: ${ROUNDS} rounds…`);
    const folder: number[] = [];
    const user: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      folder.push(await timedGet(folderUrl, token));
      user.push(await timedGet(userUrl, token));
    }
    log(`${label}: recommendation quality (held-out papers of 8 category folders)…`);
    const quality = await measureRecommendationQuality(corpus.db, base);
    return { label, coldMs, folder: summarize(folder), user: summarize(user), quality } satisfies DriverResult;
  } finally {
    await corpus.close();
  }
}

export async function runRecommendationsBench(options: {
  databaseUrl?: string;
  log: (m: string) => void;
}): Promise<{ title: string; markdown: string }> {
  const results: DriverResult[] = await onEachDriver(options.databaseUrl, (label, url) =>
    benchDriver(label, url, options.log),
  );
  const row = (r: DriverResult, name: string, s: LatencySummary) =>
    `| ${r.label} | ${name} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} |`;
  const markdown = [
    `A 50-paper folder (quant-ph) and a 120-paper library (${LIBRARY.map((f) => `${f.size} ${f.category}`).join(', ')}) ` +
      `on the 25k corpus, limit 10, exclude_existing; ${ROUNDS} requests each after a warm-up, one at a time through ` +
      'HTTP; times in ms, client-side. The first request of a process also builds the corpus term statistics (ts_stat).',
    '',
    '| database | endpoint | requests | p50 | p95 | max |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...results.flatMap((r) => [row(r, 'folder/{id} (50 papers)', r.folder), row(r, 'user (120 papers)', r.user)]),
    '',
    `First request (term statistics built): ${results.map((r) => `${r.label} ${ms(r.coldMs)} ms`).join(', ')}.`,
    '',
    `Quality (8 category folders, 10 papers held out of each; floors recall ≥ ${RECALL_FLOOR}, ` +
      `hit-rate ≥ ${HIT_RATE_FLOOR}, recall > 10 × random):`,
    '',
    '| database | recall@10 | hit-rate@10 | random recall@10 | floors |',
    '| --- | ---: | ---: | ---: | --- |',
    ...results.map(
      ({ label, quality: q }) =>
        `| ${label} | ${q.recall.toFixed(3)} | ${q.hitRate.toFixed(3)} | ${q.randomRecall.toFixed(4)} | ${q.meetsFloors ? 'met' : '**NOT MET**'} |`,
    ),
  ].join('\n');
  // A recommender below the floors is broken, not slow: the bench reports it and exits non-zero.
  if (results.some((r) => !r.quality.meetsFloors)) process.exitCode = 1;
  return { title: 'Recommendation latency', markdown };
}
