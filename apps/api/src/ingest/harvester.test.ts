import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harvestStates, papers } from '../db/schema';
import { arxivHarvestJob } from '../jobs/definitions/arxiv-harvest';
import { runJob } from '../jobs/scheduler';
import { createTestApp, type TestApp, testDrivers } from '../test-support/test-app';
import { createArxivHttp } from './arxiv-http';
import { HarvestFailed, harvest } from './harvester';
import { MalformedOaiResponse } from './oai-page';
import { arxivFixture, type ReplayServer, type Reply, startReplayServer } from './replay-server';

const PAGE_1 = arxivFixture('oai-pmh/listrecords-arxivRaw-2015-6records-with-token.xml');
const PAGE_1_TOKEN = '726959|1001';
const PAGE_2 = arxivFixture('synthetic/listrecords-arxivRaw-malformed-record.xml');

/** An arXivRaw page of hand-made records (id, title, version dates), without a resumption token. */
function pageOf(records: { id: string; title: string; versions: string[]; datestamp?: string }[]): string {
  const body = records
    .map(
      ({
        id,
        title,
        versions,
        datestamp = '2024-06-01',
      }) => `<record><header><identifier>oai:arXiv.org:${id}</identifier>
      <datestamp>${datestamp}</datestamp></header><metadata><arXivRaw><id>${id}</id>${versions
        .map((date, i) => `<version version="v${i + 1}"><date>${date}</date></version>`)
        .join(
          '',
        )}<title>${title}</title><authors>A. Author</authors><categories>cs.DL</categories></arXivRaw></metadata></record>`,
    )
    .join('');
  return `<?xml version="1.0"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><ListRecords>${body}</ListRecords></OAI-PMH>`;
}

describe.each(testDrivers())('OAI-PMH harvester (%s)', (driver) => {
  let t: TestApp;
  let server: ReplayServer;
  let reply: (params: URLSearchParams) => Reply;

  beforeEach(async () => {
    t = await createTestApp(driver, { seed: false });
    server = await startReplayServer((params) => reply(params));
  });
  afterEach(async () => {
    await server.close();
    await t.close();
  });

  /** Page 1 for a fresh request, page 2 for page 1's token. */
  const twoPages =
    (page2: Reply = PAGE_2) =>
    (params: URLSearchParams) =>
      params.get('resumptionToken') === PAGE_1_TOKEN ? page2 : PAGE_1;

  const run = (options: { set?: string; from?: string; until?: string } = {}) =>
    harvest(t.db, {
      baseUrl: server.url,
      http: createArxivHttp({ intervalMs: 0, maxRetries: 1, timing: { now: () => 0, sleep: async () => undefined } }),
      defaultFrom: '2014-10-01',
      ...options,
    });
  const paperIds = async () => (await t.db.select({ id: papers.paperId }).from(papers)).map((row) => row.id).sort();
  const stateRow = async (key = 'arXivRaw:*') =>
    (await t.db.select().from(harvestStates).where(eq(harvestStates.key, key)))[0];

  it('follows resumption tokens, skips and reports malformed records, and remembers the newest datestamp', async () => {
    reply = twoPages();
    const summary = await run();
    expect(summary).toMatchObject({
      pages: 2,
      records: 10,
      inserted: 8,
      skipped: 2,
      resumed: false,
      lastDatestamp: '2024-05-02',
    });
    expect(summary.failures).toEqual([
      { identifier: 'oai:arXiv.org:2405.00002', reason: 'no title' },
      { identifier: 'oai:arXiv.org:2405.00003', reason: 'no id' },
    ]);
    expect(server.requests.map((params) => Object.fromEntries(params))).toEqual([
      { verb: 'ListRecords', metadataPrefix: 'arXivRaw', from: '2014-10-01' },
      { verb: 'ListRecords', resumptionToken: PAGE_1_TOKEN },
    ]);
    expect(await paperIds()).toHaveLength(8);
    expect(await stateRow()).toMatchObject({
      lastDatestamp: '2024-05-02',
      resumptionToken: null,
      pagesHarvested: 2,
      recordsHarvested: 10,
    });

    // The next run starts from the newest datestamp seen; the same records change nothing.
    reply = () => PAGE_2;
    expect(await run()).toMatchObject({ from: '2024-05-02', inserted: 0, updated: 0, unchanged: 2 });
    expect(Object.fromEntries(server.requests.at(-1) ?? [])).toMatchObject({ from: '2024-05-02' });
  });

  it('resumes from the last committed page after a network error half-way', async () => {
    reply = twoPages('destroy');
    await expect(run()).rejects.toThrow(/could not be reached/);
    expect(await paperIds()).toHaveLength(6);
    expect(await stateRow()).toMatchObject({ resumptionToken: PAGE_1_TOKEN, runFrom: '2014-10-01', pagesHarvested: 1 });

    reply = twoPages();
    const summary = await run();
    expect(summary).toMatchObject({ resumed: true, pages: 1, inserted: 2, from: '2014-10-01' });
    expect(Object.fromEntries(server.requests.at(-1) ?? [])).toEqual({
      verb: 'ListRecords',
      resumptionToken: PAGE_1_TOKEN,
    });
    expect(await paperIds()).toHaveLength(8);
    expect(await stateRow()).toMatchObject({ resumptionToken: null, lastDatestamp: '2024-05-02' });
  });

  it.each([
    ['not XML', '<html><body>Internal error</body>'],
    ['a wrong root', '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>'],
  ])('fails clearly on a page that is %s, leaving papers and state as they were', async (_what, body) => {
    reply = twoPages();
    await run();
    const before = { papers: await paperIds(), state: await stateRow() };
    reply = () => body;
    await expect(run()).rejects.toThrow(MalformedOaiResponse);
    expect(await paperIds()).toEqual(before.papers);
    expect(await stateRow()).toEqual(before.state);
  });

  it('fails clearly on badResumptionToken and badArgument, keeping the stored state', async () => {
    reply = twoPages('destroy');
    await expect(run()).rejects.toThrow();
    const before = await stateRow();
    reply = () => arxivFixture('oai-pmh/error-badResumptionToken.xml');
    await expect(run()).rejects.toThrow(
      new HarvestFailed(
        'arXiv refused the harvest of arXivRaw:*: badResumptionToken: The resumptionToken supplied is illegal for this repository',
      ),
    );
    reply = () => arxivFixture('oai-pmh/error-badArgument.xml');
    await expect(run({ from: '2020-01-01' })).rejects.toThrow(/badArgument/);
    expect(await stateRow()).toEqual(before);
    expect(await paperIds()).toHaveLength(6);
  });

  it('treats noRecordsMatch as an empty, successful harvest', async () => {
    reply = () => arxivFixture('oai-pmh/error-noRecordsMatch.xml');
    expect(await run({ set: 'moo' })).toMatchObject({ pages: 0, records: 0, inserted: 0, key: 'arXivRaw:moo' });
    expect(await paperIds()).toEqual([]);
  });

  it('keeps the newest of duplicated records and updates a paper in place when a new version comes', async () => {
    const v1 = { id: '2406.00001', title: 'First title', versions: ['Mon, 3 Jun 2024 10:00:00 GMT'] };
    const v2 = { ...v1, title: 'Revised title', versions: [...v1.versions, 'Tue, 4 Jun 2024 10:00:00 GMT'] };
    reply = () => pageOf([v2, v1, v1]);
    expect(await run()).toMatchObject({ inserted: 1, duplicates: 2 });
    const row = async () => (await t.db.select().from(papers).where(eq(papers.paperId, '2406.00001')))[0];
    expect(await row()).toMatchObject({
      title: 'Revised title',
      publishedDate: '2024-06-03',
      updatedDate: '2024-06-04',
    });

    const v3 = { ...v2, title: 'Third title', versions: [...v2.versions, 'Wed, 5 Jun 2024 10:00:00 GMT'] };
    reply = () => pageOf([v3]);
    expect(await run()).toMatchObject({ inserted: 0, updated: 1 });
    expect(await row()).toMatchObject({ title: 'Third title', publishedDate: '2024-06-03', updatedDate: '2024-06-05' });
    // An older version arriving late does not roll the paper back.
    reply = () => pageOf([v1]);
    expect(await run()).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await row())?.title).toBe('Third title');
  });

  it('runs daily as a job over HARVEST_SETS, first from a week before', async () => {
    const noSets = arxivHarvestJob.schedule?.(new Date('2026-11-23T07:00:00Z'), t.context);
    expect(noSets).toBeNull();
    const config = {
      ...t.context.config,
      HARVEST_SETS: ['cs'],
      ARXIV_OAI_BASE_URL: server.url,
      ARXIV_REQUEST_INTERVAL_MS: 0,
    };
    const context = { ...t.context, config };
    expect(arxivHarvestJob.schedule?.(new Date('2026-11-23T05:00:00Z'), context)).toBeNull();
    expect(arxivHarvestJob.schedule?.(new Date('2026-11-23T07:00:00Z'), context)).toBe('2026-11-23');
    reply = () => PAGE_2;
    const outcome = await runJob(context, arxivHarvestJob, '2026-11-23');
    expect(outcome).toMatchObject({ status: 'done', result: { cs: { inserted: 2, skipped: 2, from: '2026-11-16' } } });
    expect(Object.fromEntries(server.requests[0] ?? [])).toEqual({
      verb: 'ListRecords',
      metadataPrefix: 'arXivRaw',
      set: 'cs',
      from: '2026-11-16',
    });
    expect(await stateRow('arXivRaw:cs')).toMatchObject({ lastDatestamp: '2024-05-02' });
  });
});
