import type { TGrantSearchResponse } from '@paperbench/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ModelAndOfflineApps, startModelAndOfflineApps } from '../../test-support/ai-test-apps';
import { buildGrant } from '../../test-support/factories';
import type { TestApp } from '../../test-support/test-app';
import { testDrivers } from '../../test-support/test-app';
import { MAX_EXPANDED_TERMS, validTerms } from './query-expansion';

const URL = '/api/improved-grant-search/search';

describe('validTerms', () => {
  it('keeps plain terms, drops operators, quotes, repeats of the query and of each other, too long ones; at most five', () => {
    const terms = validTerms('Anthropology', [
      ' ethnography ',
      'OR',
      '"quoted"',
      'anthropology',
      'field   work',
      'a b c d e',
      'x'.repeat(61),
      '-excluded',
      'cultural studies',
      'Ethnography',
      "people's history",
      'social science',
      'one too many',
    ]);
    expect(terms).toEqual(['ethnography', 'field work', 'cultural studies', "people's history", 'social science']);
    expect(terms).toHaveLength(MAX_EXPANDED_TERMS);
    expect(validTerms('q', [])).toEqual([]);
  });
});

describe.each(testDrivers())('grant query expansion (%s)', (driver) => {
  let apps: ModelAndOfflineApps;

  const addGrants = async (app: TestApp) => {
    await buildGrant(app.db, {
      sourceId: 'anthro',
      title: 'Anthropology of coastal towns',
      abstract: 'An anthropology of how coastal towns change.',
    });
    await buildGrant(app.db, {
      sourceId: 'ethno',
      title: 'Ethnography of fishing crews',
      abstract: 'Participant observation aboard boats.',
    });
    await buildGrant(app.db, { sourceId: 'other', title: 'Superconducting magnets' });
  };

  beforeAll(async () => {
    apps = await startModelAndOfflineApps(driver);
    await addGrants(apps.model);
    await addGrants(apps.offline);
  }, 120_000);
  afterAll(() => apps?.close());
  beforeEach(() => {
    apps.fake.requests.length = 0;
  });

  const search = async (app: TestApp, body: Record<string, unknown>): Promise<TGrantSearchResponse> => {
    const response = await app.app.inject({ method: 'POST', url: URL, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('ORs the validated related terms of the model into the query (mode model)', async () => {
    apps.fake.reply({ text: JSON.stringify({ terms: ['ethnography', 'OR', 'anthropology', 'field work'] }) });
    const body = await search(apps.model, { query: 'anthropology' });
    expect(body).toMatchObject({ mode: 'model', expanded_terms: ['ethnography', 'field work'], total: 2 });
    expect(body.results.map((grant) => grant.id).sort()).toEqual(['test:anthro', 'test:ethno']);
    // The query's own match ranks first.
    expect(body.results[0]?.id).toBe('test:anthro');
    const [request] = apps.fake.chatRequests();
    expect(JSON.stringify(request?.body.messages)).toContain('anthropology');
  });

  it('asks the model once per query: the next page reuses its terms', async () => {
    const next = await search(apps.model, { query: ' Anthropology ', offset: 1 });
    expect(next).toMatchObject({ mode: 'model', expanded_terms: ['ethnography', 'field work'], total: 2 });
    expect(next.results).toHaveLength(1);
    expect(apps.fake.chatRequests()).toHaveLength(0);
  });

  it('searches with the query alone when the model fails (mode extractive, still 200)', async () => {
    apps.fake.reply({ status: 500 });
    const body = await search(apps.model, { query: 'coastal anthropology' });
    expect(body).toMatchObject({ mode: 'extractive', expanded_terms: [], total: 1 });
    expect(body.results.map((grant) => grant.id)).toEqual(['test:anthro']);
    // A failure is not remembered: the next search asks again.
    apps.fake.reply({ text: JSON.stringify({ terms: ['ethnography'] }) });
    expect(await search(apps.model, { query: 'coastal anthropology' })).toMatchObject({
      mode: 'model',
      expanded_terms: ['ethnography'],
      total: 2,
    });
  });

  it('searches with the query alone when the model offers nothing usable', async () => {
    apps.fake.reply({ text: JSON.stringify({ terms: ['"x"', 'AND', 'anthropology of towns'] }) });
    const body = await search(apps.model, { query: 'anthropology of towns' });
    expect(body).toMatchObject({ mode: 'extractive', expanded_terms: [], total: 1 });
  });

  it('offline: no model call, no expansion (mode extractive)', async () => {
    const body = await search(apps.offline, { query: 'anthropology' });
    expect(body).toMatchObject({ mode: 'extractive', expanded_terms: [], total: 1 });
    expect(apps.fake.chatRequests()).toHaveLength(0);
  });
});
