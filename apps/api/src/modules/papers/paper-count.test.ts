import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../ingest/corpus-loader';
import { storePapers } from '../../ingest/paper-upsert.repo';
import { buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, FIXTURE_CORPUS, type TestApp, testDrivers } from '../../test-support/test-app';
import { countCorpusPapers, paperRecountUnderWay } from './paper-count';

describe.each(testDrivers())('the corpus paper count (%s)', (driver) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(driver, { seed: false });
    await loadCorpus(t.db, FIXTURE_CORPUS);
  });
  afterEach(() => t.close());

  const count = async (url: string) => (await t.app.inject({ url })).json();

  it('is exact on every request below the limit, uploads not counted, the same on both endpoints', async () => {
    expect(await count('/api/papers/count')).toBe(200);
    const user = await buildUser(t.db);
    await buildUpload(t.db, { ownerId: user.id, title: 'My draft' });
    await buildPaper(t.db);
    expect(await count('/api/papers/count')).toBe(201);
    expect(await count('/api/corpus/status')).toMatchObject({ papers: 201, papers_estimated: false });
  });

  it('above the limit serves a kept count at once and counts again in the background', async () => {
    let clock = 1_000_000;
    const options = { exactBelow: 100, recountAfterMs: 60_000, recountAfterWriteMs: 5_000, now: () => clock };
    const read = () => countCorpusPapers(t.db, options);
    // The first request counts.
    expect(await read()).toEqual({ papers: 200, estimated: true });

    // A paper added by this process: counted again once the kept count is 5 s old, not before.
    await storePapers(t.db, [{ paperId: '2401.00001', title: 'Stored by this process', authors: [] }]);
    clock += 1_000;
    expect(await read()).toEqual({ papers: 200, estimated: true });
    expect(paperRecountUnderWay(t.db)).toBeUndefined();
    clock += 4_000;
    expect(await read()).toEqual({ papers: 200, estimated: true });
    expect(await paperRecountUnderWay(t.db)).toBe(201);
    expect(await read()).toEqual({ papers: 201, estimated: true });

    // Papers added elsewhere (another process, another replica's harvest): counted once a minute old.
    await buildPaper(t.db);
    clock += 59_000;
    expect(await read()).toEqual({ papers: 201, estimated: true });
    expect(paperRecountUnderWay(t.db)).toBeUndefined();
    clock += 1_000;
    expect(await read()).toEqual({ papers: 201, estimated: true });
    expect(await paperRecountUnderWay(t.db)).toBe(202);
    expect(await read()).toEqual({ papers: 202, estimated: true });
  });

  it('shares one count among concurrent first requests of a large corpus', async () => {
    const options = { exactBelow: 100 };
    const [first, second] = await Promise.all([countCorpusPapers(t.db, options), countCorpusPapers(t.db, options)]);
    expect(first).toEqual({ papers: 200, estimated: true });
    expect(second).toEqual(first);
    // Kept: a paper written behind its back is not counted by the next request.
    await buildPaper(t.db);
    expect(await countCorpusPapers(t.db, options)).toEqual({ papers: 200, estimated: true });
  });
});
