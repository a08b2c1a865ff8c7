/**
 * The requests of the search-at-scale bench (search-scale.bench.ts): fixed searches of every kind,
 * suggestions as a user types them, the paper count, and the signed-in rows (a folder's
 * recommendations, the monitor of five topics), all through the public routes.
 */
import type { BenchClient } from './http-client';

export const REQUEST_TIMEOUT_MS = 120_000;
const FOLDER_SIZE = 50;

interface SearchBody {
  query: string;
  sort?: 'relevance' | 'date';
  offset?: number;
  categories?: string[];
  from?: string;
  to?: string;
}

const words = (queries: string[], extra: Omit<SearchBody, 'query'> = {}) =>
  queries.map((query) => ({ query, ...extra }));

/** The fixed searches, by kind; words chosen by their document frequency in the shipped sample. */
const SEARCH_KINDS: { kind: string; bodies: SearchBody[] }[] = [
  { kind: 'common word', bodies: words(['graph', 'model', 'learning']) },
  // 1-5 papers of the 25k sample each, so about size / 25k × that in the synthetic corpus.
  { kind: 'rare word', bodies: words(['quasicrystal', 'tachyon', 'glioma', 'spintronics']) },
  { kind: 'two words', bodies: words(['neural network', 'dark matter', 'black hole']) },
  { kind: 'quoted phrase', bodies: words(['"phase transition"', '"neural network"', '"monte carlo"']) },
  { kind: 'OR', bodies: words(['graph OR network', 'neutrino OR neutrinos', 'galaxy OR cosmology']) },
  { kind: 'exclusion (-term)', bodies: words(['quantum -classical', 'learning -deep', 'model -graph']) },
  {
    kind: 'category filter',
    bodies: [
      { query: 'model', categories: ['cs.LG'] },
      { query: 'graph', categories: ['math'] },
      { query: 'quantum', categories: ['quant-ph'] },
    ],
  },
  {
    kind: 'date filter',
    bodies: [
      { query: 'learning', from: '2018-01-01' },
      { query: 'model', from: '2010-01-01', to: '2012-12-31' },
      { query: 'graph', to: '2005-12-31' },
    ],
  },
  { kind: 'date sort', bodies: words(['graph', 'model', 'learning'], { sort: 'date' }) },
  {
    kind: 'deep page, offset 300',
    bodies: [...words(['model', 'learning'], { offset: 300 }), { query: 'graph', sort: 'date', offset: 300 }],
  },
  {
    kind: 'deep page, offset 900',
    bodies: [...words(['model', 'learning'], { offset: 900 }), { query: 'graph', sort: 'date', offset: 900 }],
  },
];

/** Prefixes as a user types them (search-suggestions.bench.ts types every one; a spread is enough here). */
const SUGGESTION_QUERIES = ['graph neural network', 'quantum entanglement', 'dark matter halo'];
const SUGGESTION_LENGTHS = [1, 2, 3, 4, 6, 9, 12, 20];

const describe = ({ query, sort, offset, categories, from, to }: SearchBody) =>
  [
    `\`${query}\``,
    categories ? `in ${categories.join(', ')}` : '',
    from ? `from ${from}` : '',
    to ? `to ${to}` : '',
    sort === 'date' ? 'by date' : '',
    offset ? `offset ${offset}` : '',
  ]
    .filter(Boolean)
    .join(' · ');

interface Answer {
  status: number;
  body: string;
  ms: number;
}

export interface Probe {
  kind: string;
  label: string;
  send: () => Promise<Answer>;
  /** What the answer found, for the report (a search's total, the number of suggestions …). */
  found: (body: unknown) => number | undefined;
}

async function fetchAnswer(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

/** The answer's JSON body; an answer that is not a success stops the bench with what it said. */
export const json = (answer: Answer, what: string): unknown => {
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  return JSON.parse(answer.body) as unknown;
};

/** The five topics the monitor row's user follows: four subjects and one arXiv category. */
const MONITOR_TOPICS = [
  'graph neural networks',
  'quantum entanglement',
  'dark matter',
  'reinforcement learning',
  'cs.LG',
];

/**
 * The signed-in rows, built through the public routes the web client uses: a folder of FOLDER_SIZE
 * quant-ph papers (get_id, create folder, add file) for recommendations, and five followed topics for
 * the monitor. A row whose setup a route refuses is left out with the reason noted, not the bench.
 */
export async function signedInProbes(baseUrl: string, notes: string[]): Promise<Probe[]> {
  const { user_id: token } = json(
    await fetchAnswer(`${baseUrl}/api/user/get_id`, { method: 'POST' }),
    'POST /api/user/get_id',
  ) as { user_id: string };
  const headers = { 'content-type': 'application/json', 'X-User-ID': token };
  const post = async (path: string, body: unknown) =>
    json(
      await fetchAnswer(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
      `POST ${path}`,
    );
  const get = (url: string) => () => fetchAnswer(url, { headers: { 'X-User-ID': token } });
  const probes: Probe[] = [];
  try {
    const folder = (await post('/api/folders/', { name: 'search-scale bench' })) as { id: number };
    const found = (await post('/api/search/', {
      query: 'quantum entanglement',
      categories: ['quant-ph'],
      limit: FOLDER_SIZE,
    })) as { results: { platform: string; paper_id: string }[] };
    for (const paper of found.results) {
      await post(`/api/folders/${folder.id}/files`, { platform: paper.platform, paper_id: paper.paper_id });
    }
    const papers = found.results.length;
    probes.push({
      kind: `recommendations (${papers}-paper folder)`,
      label: `GET /api/recommendations/folder/{id}?limit=10 (${papers} quant-ph papers)`,
      send: get(`${baseUrl}/api/recommendations/folder/${folder.id}?limit=10`),
      found: (body) => (body as { papers?: unknown[] }).papers?.length,
    });
  } catch (error) {
    notes.push(`recommendations skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    for (const topic of MONITOR_TOPICS) await post('/api/topics', { topic });
    probes.push({
      kind: `monitor (${MONITOR_TOPICS.length} topics)`,
      label: `GET /api/monitor (${MONITOR_TOPICS.join(', ')})`,
      send: get(`${baseUrl}/api/monitor`),
      found: (body) =>
        (body as { topics?: { papers: unknown[] }[] }).topics?.reduce((sum, topic) => sum + topic.papers.length, 0),
    });
  } catch (error) {
    notes.push(`monitor skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
  return probes;
}

export function probes(client: BenchClient): Probe[] {
  const timeout = REQUEST_TIMEOUT_MS;
  const searches = SEARCH_KINDS.flatMap(({ kind, bodies }) =>
    bodies.map(
      (body): Probe => ({
        kind,
        label: describe(body),
        send: () => client.request('POST', '/api/search/', { sort: 'relevance', ...body }, timeout),
        found: (answer) => (answer as { total?: number }).total,
      }),
    ),
  );
  const prefixes = SUGGESTION_QUERIES.flatMap((query) =>
    [...new Set(SUGGESTION_LENGTHS.map((length) => query.slice(0, length)))].map(
      (prefix): Probe => ({
        kind: 'search suggestions',
        label: `\`${prefix}\``,
        send: () =>
          client.request(
            'GET',
            `/api/conversational/search_suggestions?q=${encodeURIComponent(prefix)}`,
            undefined,
            timeout,
          ),
        found: (answer) => (answer as { suggestions?: unknown[] }).suggestions?.length,
      }),
    ),
  );
  const count: Probe = {
    kind: 'paper count',
    label: 'GET /api/papers/count',
    send: () => client.request('GET', '/api/papers/count', undefined, timeout),
    found: (answer) => (typeof answer === 'number' ? answer : undefined),
  };
  return [...searches, ...prefixes, count];
}
