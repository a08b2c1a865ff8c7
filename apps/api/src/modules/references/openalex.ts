import type { AppContext } from '../../app-context';
import { databasePacerFor } from '../../ingest/outbound-pacer';

/**
 * docs/references.md#openalex: optional online enrichment, off unless OPENALEX_BASE_URL is set. A
 * work's references (`GET {base}/works/doi:{doi}` → referenced_works, then those works in batches)
 * and the works citing it (`GET {base}/works?filter=cites:{id}`). Requests take slots from the shared
 * `outbound_pacing` row ('openalex'), as the arXiv client's do, and answers are cached in this process.
 */

/** A work as Paperbench reads it from OpenAlex. */
export interface OpenAlexWork {
  id: string;
  doi: string | null;
  title: string | null;
  year: number | null;
  authors: string[];
}

const TIMEOUT_MS = 15_000;
const CACHE_TTL_MS = 24 * 3600_000;
const CACHE_MAX = 500;
/** OpenAlex's filters take up to 50 ids joined by '|'. */
const BATCH = 50;
const MAX_WAITING = 20;
const SELECT = 'id,doi,title,publication_year,authorships';

interface RawWork {
  id?: unknown;
  doi?: unknown;
  title?: unknown;
  display_name?: unknown;
  publication_year?: unknown;
  authorships?: { author?: { display_name?: unknown } }[];
  referenced_works?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
/** "https://openalex.org/W123" → "W123"; "https://doi.org/10.1/x" → "10.1/x" (lower case). */
const shortId = (value: unknown) => text(value)?.replace(/^https?:\/\/openalex\.org\//, '') ?? null;
const bareDoi = (value: unknown) =>
  text(value)
    ?.replace(/^https?:\/\/doi\.org\//i, '')
    .toLowerCase() ?? null;

function readWork(raw: RawWork): OpenAlexWork | null {
  const id = shortId(raw.id);
  if (!id) return null;
  return {
    id,
    doi: bareDoi(raw.doi),
    title: text(raw.title) ?? text(raw.display_name),
    year: typeof raw.publication_year === 'number' ? raw.publication_year : null,
    authors: (raw.authorships ?? []).flatMap((a) => text(a.author?.display_name) ?? []),
  };
}

const cache = new Map<string, { at: number; value: unknown }>();

type Context = Pick<AppContext, 'db' | 'config'>;

/** One GET, paced and cached; null on any failure (enrichment never fails the route it serves). */
async function getJson(ctx: Context, url: string): Promise<unknown> {
  const hit = cache.get(url);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value;
  const pacer = databasePacerFor(ctx.db, {
    service: 'openalex',
    intervalMs: ctx.config.OPENALEX_REQUEST_INTERVAL_MS,
    maxWaiting: MAX_WAITING,
  });
  try {
    await pacer.waitForSlot();
    const response = await fetch(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    // A DOI OpenAlex does not know is a plain 404: cached as "nothing", like an answer.
    const value = response.ok ? await response.json() : response.status === 404 ? {} : null;
    if (value === null) return null;
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(url, { at: Date.now(), value });
    return value;
  } catch {
    return null;
  }
}

const worksOf = (answer: unknown) =>
  ((answer as { results?: RawWork[] } | null)?.results ?? []).flatMap((raw) => readWork(raw) ?? []);

/** Whether enrichment is on (OPENALEX_BASE_URL set). */
export const openAlexEnabled = (ctx: Context) => Boolean(ctx.config.OPENALEX_BASE_URL);

/** The work with this DOI and the works it references (in OpenAlex's order); null when unknown or unreachable. */
export async function openAlexReferences(
  ctx: Context,
  doi: string,
): Promise<{ work: OpenAlexWork; references: OpenAlexWork[] } | null> {
  const base = ctx.config.OPENALEX_BASE_URL;
  if (!base) return null;
  const raw = (await getJson(ctx, `${base}/works/doi:${encodeURIComponent(doi)}`)) as RawWork | null;
  const work = raw ? readWork(raw) : null;
  if (!work) return null;
  const ids = (Array.isArray(raw?.referenced_works) ? raw.referenced_works : []).flatMap((id) => shortId(id) ?? []);
  const references: OpenAlexWork[] = [];
  for (let at = 0; at < ids.length; at += BATCH) {
    const batch = ids.slice(at, at + BATCH);
    const answer = await getJson(
      ctx,
      `${base}/works?filter=openalex:${batch.join('|')}&per-page=${BATCH}&select=${SELECT}`,
    );
    const byId = new Map(worksOf(answer).map((w) => [w.id, w]));
    for (const id of batch) references.push(byId.get(id) ?? { id, doi: null, title: null, year: null, authors: [] });
  }
  return { work, references };
}

/** The works citing an OpenAlex work (first page of 100). */
export async function openAlexCitedBy(ctx: Context, workId: string): Promise<OpenAlexWork[]> {
  const base = ctx.config.OPENALEX_BASE_URL;
  if (!base) return [];
  return worksOf(await getJson(ctx, `${base}/works?filter=cites:${workId}&per-page=100&select=${SELECT}`));
}
