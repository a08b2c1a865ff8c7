import type { TReviewGraph } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperReferences } from '../../db/schema';
import { buildPaper, buildPassages, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { reviewClient } from './review-test-support';

/** docs/review.md#graph: citations between the graph's papers are proposed first, labelled 'cites'. */
describe.each(testDrivers())('review graph: cites proposals (%s)', (driver) => {
  let t: TestApp;
  let client: ReturnType<typeof reviewClient>;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    client = reviewClient(t);
  });
  afterAll(() => t.close());

  it("proposes a 'cites' edge from the citing paper to the cited one, then word-overlap pairs labelled 'overlap'", async () => {
    const user = await buildUser(t.db);
    const session = await client.createSession(user.token);
    const specter = await buildPaper(t.db, { title: 'SPECTER', publishedDate: '2020-04-01' });
    const scibert = await buildPaper(t.db, { title: 'SciBERT', publishedDate: '2019-03-01' });
    const ghana = await buildPaper(t.db, { title: 'Health services in Ghana' });
    await buildPassages(t.db, specter, [
      'SPECTER learns document embeddings of scientific papers by pretraining a transformer on the citation graph.',
    ]);
    await buildPassages(t.db, scibert, [
      'SciBERT pretrains a transformer language model on scientific papers; document embeddings help citation prediction.',
    ]);
    await buildPassages(t.db, ghana, ['The survey covered patients in Ghana and waiting time at outpatient clinics.']);
    // SPECTER's reference list resolved to the Ghana paper: no shared words, still a citation.
    await t.db.insert(paperReferences).values({
      platform: 'arxiv',
      paperId: specter.paperId,
      n: 1,
      raw: 'Someone. 2018. Health services in Ghana.',
      page: 1,
      citedPlatform: 'arxiv',
      citedPaperId: ghana.paperId,
    });
    const refs = [specter, scibert, ghana].map((p) => ({ platform: 'arxiv', paper_id: p.paperId }));
    expect(
      (await client.call(user.token, 'POST', '/api/review/graph/nodes', { session_id: session.id, papers: refs }))
        .statusCode,
    ).toBe(200);

    const graph = (
      await client.call(user.token, 'POST', '/api/review/graph/complete', { session_id: session.id })
    ).json() as TReviewGraph;
    const [cites, overlap, ...rest] = graph.proposals;
    expect(rest).toEqual([]);
    expect(cites).toMatchObject({
      kind: 'cites',
      label: 'cites',
      source: { paper_id: specter.paperId },
      target: { paper_id: ghana.paperId },
    });
    expect(overlap).toMatchObject({ kind: 'overlap', label: 'overlap' });
    expect([overlap?.source.paper_id, overlap?.target.paper_id].sort()).toEqual(
      [specter.paperId, scibert.paperId].sort(),
    );
    // Still proposals: no edge until accepted.
    expect(graph.edges).toEqual([]);
  });
});
