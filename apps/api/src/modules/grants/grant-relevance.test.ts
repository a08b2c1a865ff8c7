import path from 'node:path';
import { GRANT_EXAMPLE_QUERIES, type TGrant, type TGrantSearchResponse } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGrants } from '../../ingest/grants/grants-loader';
import { packageRoot } from '../../lib/package-paths';
import { buildGrant } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** The shipped sample (GRANTS_FILE's default): 2,313 funded awards, no open calls. */
const SAMPLE = path.join(packageRoot, 'data', 'grants-sample.jsonl.gz');
const URL = '/api/improved-grant-search/search';
/** The two awards of the sample that mention "quantum": materials science, in capitals only (USAspending). */
const SHOUTING_QUANTUM = ['usaspending:ASST_NON_NNX13AN37A_8000', 'usaspending:ASST_NON_NNX12AM48H_8000'];

const textOf = (grant: TGrant) => `${grant.title} ${grant.abstract ?? ''} ${grant.keywords.join(' ')}`.toLowerCase();
const ids = (body: TGrantSearchResponse) => body.results.map((grant) => grant.id);

describe.each(testDrivers())('grant relevance over the shipped sample (%s)', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    await loadGrants(t.db, SAMPLE);
  }, 180_000);
  afterAll(() => t?.close());

  const found = async (body: Record<string, unknown>): Promise<TGrantSearchResponse> => {
    const response = await t.app.inject({ method: 'POST', url: URL, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('"machine learning cancer": no award holds both, so the best partial matches, labelled as such', async () => {
    const body = await found({ query: 'machine learning cancer', kind: 'award', limit: 50 });
    expect(body.match).toBe('partial');
    expect(body.partial).toEqual({
      concepts: ['machine learning', 'cancer'],
      all_count: 0,
      showing: ['cancer', 'machine learning'],
    });
    expect(body.notice).toBe(
      'No award mentions all of machine learning, cancer; showing awards on cancer and on machine learning',
    );
    expect(body.total).toBeGreaterThan(80);
    // Without a kind the notice names what is stored: the sample holds awards only.
    expect((await found({ query: 'machine learning cancer' })).notice).toBe(body.notice);
    for (const grant of body.results) expect(textOf(grant)).toMatch(/cancer|machine learning/);
    // Both concepts are represented among the first ten.
    const top = body.results.slice(0, 10).map(textOf);
    expect(top.some((text) => text.includes('cancer'))).toBe(true);
    expect(top.some((text) => text.includes('machine learning'))).toBe(true);
  });

  it('a query every word of which many awards hold is an all-words match, without a notice', async () => {
    const body = await found({ query: 'substance use', kind: 'award' });
    expect(body).toMatchObject({ match: 'all', partial: null, notice: null });
    for (const grant of body.results) expect(textOf(grant)).toMatch(/substanc/);
    // Related words are learned from the awards' own texts and rank; they never widen the hits.
    expect(body.related_terms.length).toBeGreaterThan(0);
    const hits = (await found({ query: 'substance use', kind: 'award', limit: 50 })).total;
    expect(hits).toBe(body.total);
  });

  it('"quantum computing": awards on computing come first, the capitals-only materials awards that mention quantum once later', async () => {
    const body = await found({ query: 'quantum computing', kind: 'award', limit: 50 });
    expect(body.match).toBe('partial');
    expect(body.notice).toBe(
      'Only 1 award mentions all of quantum, computing; also showing awards on computing and on quantum',
    );
    expect(body.results[0]?.title.toLowerCase()).toMatch(/comput/);
    const ranks = SHOUTING_QUANTUM.map((id) => ids(body).indexOf(id));
    for (const rank of ranks) expect(rank).toBeGreaterThan(9);
  });

  it('shows capitals-only titles and abstracts in sentence case, keeping acronyms', async () => {
    const body = await found({ query: 'quantum ab initio', kind: 'award' });
    const grant = body.results.find((result) => result.id === SHOUTING_QUANTUM[0]);
    // A description standing in for a title: its first sentence is the title, the whole the abstract.
    expect(grant?.title).toBe('Important technological developments are largely determined by the novel materials');
    expect(grant?.abstract).toContain('modeling of carbon nanotube (CNT) and graphene nanoribbons (GNR)');
    expect(grant?.abstract).toContain('density functional principles theory(DFT)');
    const nih = await found({ query: '"biobehavioral health in diverse midlife women"' });
    expect(nih.results[0]?.title).toBe('Biobehavioral health in diverse midlife women');
  });

  it.each(GRANT_EXAMPLE_QUERIES)('the example query "%s" finds awards, all of its words in each', async (query) => {
    const body = await found({ query, kind: 'award' });
    expect(body.match).toBe('all');
    expect(body.total).toBeGreaterThanOrEqual(5);
  });

  it('a query with operators is searched as typed: never partial', async () => {
    const body = await found({ query: '"machine learning" cancer' });
    expect(body).toMatchObject({ match: 'all', partial: null, notice: null, total: 0, related_terms: [] });
  });

  describe('open calls', () => {
    it('the sample has none: a blank search of open calls says so in `stored`', async () => {
      const body = await found({ query: '', kind: 'opportunity' });
      expect(body).toMatchObject({ results: [], total: 0, stored: { award: 2313, opportunity: 0 } });
    });

    it('a blank query is refused for awards and without a kind (too many to list)', async () => {
      for (const payload of [{ query: '' }, { query: '', kind: 'award' }]) {
        const response = await t.app.inject({ method: 'POST', url: URL, payload });
        expect(response.statusCode).toBe(400);
        expect(JSON.stringify(response.json())).toContain('query must not be empty');
      }
    });

    it('with fetched calls: each listed with its deadline and whether it is still open today', async () => {
      const call = { source: 'grantsgov', kind: 'opportunity' as const, organisation: null, pi: null, amount: null };
      await buildGrant(t.db, {
        ...call,
        sourceId: 'OPEN',
        title: 'Open call',
        startDate: '2020-01-01',
        closeDate: '2099-12-31',
      });
      await buildGrant(t.db, {
        ...call,
        sourceId: 'PAST',
        title: 'Past call',
        startDate: '2020-01-01',
        closeDate: '2020-06-30',
      });
      await buildGrant(t.db, {
        ...call,
        sourceId: 'SOON',
        title: 'Forecast call',
        startDate: '2099-01-01',
        closeDate: null,
      });
      const body = await found({ query: '', kind: 'opportunity', limit: 50 });
      expect(body.stored).toEqual({ award: 2313, opportunity: 3 });
      expect(body.total).toBe(3);
      const byId = Object.fromEntries(body.results.map((grant) => [grant.id, grant]));
      expect(byId['grantsgov:OPEN']).toMatchObject({ close_date: '2099-12-31', call_status: 'open' });
      expect(byId['grantsgov:PAST']).toMatchObject({ close_date: '2020-06-30', call_status: 'closed' });
      expect(byId['grantsgov:SOON']).toMatchObject({ close_date: null, call_status: 'forecast' });
      // Awards have no call status.
      expect((await found({ query: 'cancer', kind: 'award' })).results[0]?.call_status).toBeNull();
    });
  });
});
