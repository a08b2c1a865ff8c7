import path from 'node:path';
import type { TGrant, TGrantSearchResponse } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countGrantsByKind } from '../../ingest/grants/grant-upsert.repo';
import { type GrantLoadSummary, loadGrants, seedGrantsIfEmpty } from '../../ingest/grants/grants-loader';
import { packageRoot } from '../../lib/package-paths';
import type { Progress } from '../../lib/progress-reporter';
import { buildFolder, buildFolderFile, buildGrant, buildPaper, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/** The shipped sample (GRANTS_FILE's default): 2,313 funded awards. */
const SAMPLE = path.join(packageRoot, 'data', 'grants-sample.jsonl.gz');
const URL = '/api/improved-grant-search/search';

const textOf = (grant: TGrant) => `${grant.title} ${grant.abstract ?? ''} ${grant.keywords.join(' ')}`.toLowerCase();
const ids = (body: TGrantSearchResponse) => body.results.map((grant) => grant.id);
const isNonIncreasing = (values: readonly number[]) =>
  values.every((value, i) => i === 0 || value <= (values[i - 1] ?? 0));

describe.each(testDrivers())('grant search (%s)', (driver) => {
  let t: TestApp;
  let seeded: GrantLoadSummary;
  const seedProgress: Progress[] = [];
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let aliceFolder: number;
  let emptyFolder: number;

  beforeAll(async () => {
    // seed: false: the papers corpus is not needed; the grants are loaded here, as the first start does.
    t = await createTestApp(driver, { seed: false });
    seeded = await loadGrants(t.db, SAMPLE, { onProgress: (progress) => seedProgress.push(progress) });
    // Two open calls, which the sample (awards only) lacks.
    await buildGrant(t.db, {
      source: 'grantsgov',
      sourceId: 'T-1',
      kind: 'opportunity',
      title: 'Qualitative research on rural health services: open call',
      agency: 'National Institutes of Health',
      organisation: null,
      pi: null,
      amount: null,
      startDate: '2025-01-15',
      closeDate: '2026-05-07',
    });
    await buildGrant(t.db, {
      source: 'grantsgov',
      sourceId: 'T-2',
      kind: 'opportunity',
      title: 'Forecast: qualitative archives of oral history',
      agency: 'National Endowment for the Humanities',
      organisation: null,
      pi: null,
      amount: null,
      startDate: '2025-10-01',
      closeDate: null,
    });
    alice = await buildUser(t.db);
    bob = await buildUser(t.db);
    aliceFolder = (await buildFolder(t.db, { ownerId: alice.id })).id;
    for (const title of [
      'Oral history interviews with humanities scholars',
      'Digital archives of oral history: preserving humanities collections',
    ]) {
      const paper = await buildPaper(t.db, {
        title,
        abstract: `${title}. We digitise oral history archives and manuscripts.`,
      });
      await buildFolderFile(t.db, { folderId: aliceFolder, paper });
    }
    emptyFolder = (await buildFolder(t.db, { ownerId: alice.id, name: 'Empty' })).id;
  }, 180_000);
  afterAll(() => t?.close());

  const search = (body: Record<string, unknown>, token?: string) =>
    t.app.inject({ method: 'POST', url: URL, payload: body, headers: token ? { 'x-user-id': token } : {} });
  const found = async (body: Record<string, unknown>, token?: string): Promise<TGrantSearchResponse> => {
    const response = await search(body, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  describe('seeding', () => {
    it('loads the 2,313 records of the shipped sample, all of them funded awards', async () => {
      expect(seeded).toMatchObject({ lines: 2313, skipped: 0, inserted: 2313, updated: 0, duplicates: 0 });
      // The two open calls were added by this suite, after the load.
      expect(await countGrantsByKind(t.db)).toEqual({ award: 2313, opportunity: 2 });
    });

    it('reports its progress: lines done of a total estimated from the size (~2,300) until read, then exact', () => {
      expect(seedProgress[0]).toEqual({ done: 0, total: expect.closeTo(2313, -2), isEstimate: true });
      expect(seedProgress.map((progress) => progress.done)).toEqual([
        ...Array.from({ length: 5 }, (_, i) => i * 500),
        2313,
        2313,
      ]);
      expect(seedProgress.at(-1)).toEqual({ done: 2313, total: 2313, isEstimate: false, stage: 'vacuuming' });
    });

    it('seeds only an empty table, and loading the file again changes nothing', async () => {
      expect(await seedGrantsIfEmpty(t.db, SAMPLE)).toBeNull();
      expect(await loadGrants(t.db, SAMPLE)).toMatchObject({ inserted: 0, updated: 0, unchanged: 2313 });
    }, 60_000);
  });

  it('finds grants by the words of their titles, abstracts and keywords, ranked by relevance', async () => {
    const body = await found({ query: 'qualitative' });
    expect(body.total).toBeGreaterThan(20);
    expect(body.results).toHaveLength(20);
    for (const grant of body.results) expect(textOf(grant)).toContain('qualitativ');
    expect(isNonIncreasing(body.results.map((grant) => grant.score))).toBe(true);
    expect(body).toMatchObject({ expanded_terms: [], mode: 'extractive' });
    const keywordOnly = await found({ query: '"African American History"', limit: 50 });
    expect(keywordOnly.total).toBeGreaterThan(0);
    expect(keywordOnly.results.some((grant) => grant.keywords.includes('African American History'))).toBe(true);
  });

  it('shapes a grant with its id, source, kind, amount, dates and url', async () => {
    const [grant] = (await found({ query: 'Tuskegee virtual campus tour' })).results;
    expect(grant).toMatchObject({
      id: 'neh:AB-269178-20',
      source: 'neh',
      kind: 'award',
      title: 'Making an Institute: Tuskegee University Virtual Campus Tour',
      agency: 'National Endowment for the Humanities',
      organisation: 'Tuskegee University',
      amount: 96607,
      currency: 'USD',
      start_date: '2020-02-01',
      end_date: '2022-01-31',
      close_date: null,
      url: 'https://securegrants.neh.gov/publicquery/main.aspx?f=1&gn=AB-269178-20',
    });
    expect(grant?.pi).toContain('Worth Hayes');
  });

  describe('filters', () => {
    it('kind: awards and open calls apart', async () => {
      const calls = await found({ query: 'qualitative', kind: 'opportunity' });
      expect(calls.total).toBe(2);
      expect(calls.results.every((grant) => grant.kind === 'opportunity' && grant.source === 'grantsgov')).toBe(true);
      const awards = await found({ query: 'qualitative', kind: 'award', limit: 50 });
      expect(awards.results.every((grant) => grant.kind === 'award')).toBe(true);
      const both = await found({ query: 'qualitative' });
      expect(both.total).toBe(awards.total + calls.total);
    });

    it('agencies', async () => {
      const body = await found({ query: 'qualitative', agencies: ['National Science Foundation'], limit: 50 });
      expect(body.total).toBeGreaterThan(0);
      expect(body.results.every((grant) => grant.agency === 'National Science Foundation')).toBe(true);
      expect(body.facets.agency).toEqual([{ value: 'National Science Foundation', count: body.total }]);
      const two = await found({
        query: 'qualitative',
        agencies: ['National Science Foundation', 'National Endowment for the Humanities'],
      });
      expect(two.facets.agency.map((facet) => facet.value).sort()).toEqual([
        'National Endowment for the Humanities',
        'National Science Foundation',
      ]);
      expect((await found({ query: 'qualitative', agencies: ['No Such Agency'] })).total).toBe(0);
    });

    it('amount range (inclusive; grants without an amount left out)', async () => {
      const body = await found({ query: 'research', amount_min: 100_000, amount_max: 200_000, limit: 50 });
      expect(body.total).toBeGreaterThan(0);
      for (const grant of body.results) {
        expect(grant.amount).not.toBeNull();
        expect(grant.amount).toBeGreaterThanOrEqual(100_000);
        expect(grant.amount).toBeLessThanOrEqual(200_000);
      }
      const exact = await found({ query: 'Tuskegee', amount_min: 96_607, amount_max: 96_607 });
      expect(ids(exact)).toEqual(['neh:AB-269178-20']);
    });

    it('dates (start or open date, inclusive)', async () => {
      const body = await found({ query: 'research', date_from: '2019-01-01', date_to: '2019-12-31', limit: 50 });
      expect(body.total).toBeGreaterThan(0);
      for (const grant of body.results) {
        expect(grant.start_date && grant.start_date >= '2019-01-01' && grant.start_date <= '2019-12-31').toBe(true);
      }
      const open = await found({ query: 'qualitative', date_from: '2025-01-15', date_to: '2025-01-15' });
      expect(ids(open)).toEqual(['grantsgov:T-1']);
    });

    it('organisation and PI (case-insensitive parts of the name; LIKE characters are literal)', async () => {
      const byOrg = await found({ query: 'qualitative', organisation: 'vanderbilt', limit: 50 });
      expect(byOrg.total).toBeGreaterThan(0);
      expect(byOrg.results.every((grant) => grant.organisation?.toLowerCase().includes('vanderbilt'))).toBe(true);
      const byPi = await found({ query: 'Tuskegee', pi: 'worth HAYES' });
      expect(ids(byPi)).toEqual(['neh:AB-269178-20']);
      expect((await found({ query: 'Tuskegee', pi: 'W%th' })).total).toBe(0);
      expect((await found({ query: 'Tuskegee', organisation: 'Tuskegee_University' })).total).toBe(0);
    });

    it('two filters together narrow to grants meeting both', async () => {
      const agency = await found({ query: 'qualitative', agencies: ['National Institutes of Health'] });
      const amount = await found({ query: 'qualitative', amount_min: 300_000 });
      const both = await found({
        query: 'qualitative',
        agencies: ['National Institutes of Health'],
        amount_min: 300_000,
        limit: 50,
      });
      expect(both.total).toBeGreaterThan(0);
      expect(both.total).toBeLessThan(Math.min(agency.total, amount.total));
      for (const grant of both.results) {
        expect(grant.agency).toBe('National Institutes of Health');
        expect(grant.amount).toBeGreaterThanOrEqual(300_000);
      }
    });
  });

  describe('sorts', () => {
    it('amount: largest first, grants without an amount last', async () => {
      const body = await found({ query: 'qualitative', sort: 'amount', limit: 50 });
      const amounts = body.results.map((grant) => grant.amount);
      const known = amounts.filter((amount): amount is number => amount !== null);
      expect(isNonIncreasing(known)).toBe(true);
      expect(amounts.slice(0, known.length)).toEqual(known);
      const last = await found({ query: 'qualitative', sort: 'amount', offset: body.total - 2, limit: 2 });
      expect(last.results.map((grant) => grant.amount)).toEqual([null, null]);
    });

    it('date: newest start first', async () => {
      const body = await found({ query: 'qualitative', sort: 'date', limit: 50 });
      const dates = body.results.map((grant) => grant.start_date).filter((date): date is string => date !== null);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(ids(body).slice(0, 2)).toEqual(['grantsgov:T-2', 'grantsgov:T-1']);
    });

    it('relevance (the default): a title match outranks an abstract-only match', async () => {
      const body = await found({ query: 'qualitative', sort: 'relevance', limit: 50 });
      expect(isNonIncreasing(body.results.map((grant) => grant.score))).toBe(true);
      expect(ids(await found({ query: 'qualitative', limit: 50 }))).toEqual(ids(body));
      const first = body.results[0];
      expect(first?.title.toLowerCase()).toContain('qualitative');
    });
  });

  it('counts kinds and agencies over the whole filtered set, largest first', async () => {
    const body = await found({ query: 'qualitative', limit: 1 });
    const sum = (facets: { count: number }[]) => facets.reduce((total, facet) => total + facet.count, 0);
    expect(sum(body.facets.kind)).toBe(body.total);
    expect(sum(body.facets.agency)).toBe(body.total);
    expect(body.facets.kind.map((facet) => facet.value).sort()).toEqual(['award', 'opportunity']);
    expect(isNonIncreasing(body.facets.agency.map((facet) => facet.count))).toBe(true);
    const filtered = await found({ query: 'qualitative', kind: 'opportunity' });
    expect(filtered.facets.kind).toEqual([{ value: 'opportunity', count: 2 }]);
    expect(filtered.facets.agency).toEqual([
      { value: 'National Endowment for the Humanities', count: 1 },
      { value: 'National Institutes of Health', count: 1 },
    ]);
  });

  it('pages through the results without gaps or repeats', async () => {
    const whole = await found({ query: 'qualitative', limit: 20 });
    const first = await found({ query: 'qualitative', limit: 10, offset: 0 });
    const second = await found({ query: 'qualitative', limit: 10, offset: 10 });
    expect([...ids(first), ...ids(second)]).toEqual(ids(whole));
    expect(second.total).toBe(whole.total);
    const past = await found({ query: 'qualitative', offset: whole.total });
    expect(past).toMatchObject({ results: [], total: whole.total });
  });

  describe('grants like this folder', () => {
    it("searches with the folder's distinctive words, the query may be empty", async () => {
      const body = await found({ query: '', folder_id: aliceFolder }, alice.token);
      expect(body.total).toBeGreaterThan(0);
      expect(body.mode).toBe('extractive');
      const top = body.results.slice(0, 5).map(textOf).join(' ');
      expect(top).toMatch(/oral histor|archiv|humanit/);
    });

    it('ORs the folder words with a query and keeps the filters', async () => {
      const query = await found({ query: 'myocardial' });
      const both = await found({ query: 'myocardial', folder_id: aliceFolder, kind: 'award' }, alice.token);
      expect(both.total).toBeGreaterThan(query.total);
      expect(both.results.every((grant) => grant.kind === 'award')).toBe(true);
    });

    it('finds nothing for a folder without papers', async () => {
      expect(await found({ query: '', folder_id: emptyFolder }, alice.token)).toMatchObject({ results: [], total: 0 });
    });

    it("is 404 for another user's folder, anonymously, or for a folder that does not exist", async () => {
      for (const [folderId, token] of [
        [aliceFolder, bob.token],
        [aliceFolder, undefined],
        [999_999, alice.token],
      ] as const) {
        const response = await search({ query: '', folder_id: folderId }, token);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'NOT_FOUND', message: `Folder ${folderId} not found` });
      }
    });
  });

  describe('refused requests (400, naming the problem)', () => {
    const refused: [string, Record<string, unknown>, string][] = [
      ['an empty query without folder_id', { query: '' }, 'query must not be empty'],
      ['a blank query', { query: '   ' }, 'query must not be empty'],
      ['no query at all', {}, 'query must not be empty'],
      ['a NUL in the query', { query: 'qualit\u0000ative' }, 'NUL'],
      ['a NUL in the organisation', { query: 'x', organisation: 'Uni\u0000' }, 'NUL'],
      ['a NUL in an agency', { query: 'x', agencies: ['NIH\u0000'] }, 'NUL'],
      ['an unknown kind', { query: 'x', kind: 'loan' }, 'kind'],
      ['an unknown sort', { query: 'x', sort: 'title' }, 'sort'],
      ['limit above 50', { query: 'x', limit: 51 }, 'limit'],
      ['a negative offset', { query: 'x', offset: -1 }, 'offset'],
      ['a negative amount', { query: 'x', amount_min: -1 }, 'must not be negative'],
      ['amount_min above amount_max', { query: 'x', amount_min: 10, amount_max: 5 }, 'amount_min must not be greater'],
      ['date_from after date_to', { query: 'x', date_from: '2020-02-01', date_to: '2020-01-01' }, 'date_from'],
      ['a date that does not exist', { query: 'x', date_from: '2019-02-30' }, 'real calendar date'],
      ['a folder id that is not a number', { query: 'x', folder_id: 'abc' }, 'folder_id'],
    ];
    it.each(refused)('%s', async (_label, body, message) => {
      const response = await search(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('INVALID_REQUEST');
      expect(JSON.stringify(response.json())).toContain(message);
    });
  });
});
