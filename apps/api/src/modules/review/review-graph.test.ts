import type { TReviewGraph } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers, reviewEdges, reviewFiles } from '../../db/schema';
import { buildPaper, buildPassages, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { REVIEW_LIMITS } from './review-limits';
import { reviewClient, reviewState } from './review-test-support';

const SPECTER = [
  'SPECTER learns document embeddings of scientific papers by pretraining a transformer on the citation graph.',
  'Citation embeddings of papers that cite each other are pulled close together.',
];
const SCIBERT = [
  'SciBERT pretrains a transformer language model on scientific papers.',
  'Its document embeddings help citation prediction and classification of papers.',
];
const GHANA = [
  'The survey covered patients in Ghana.',
  'Waiting time at outpatient clinics was the main complaint about health services.',
];

describe.each(testDrivers())('review graph (%s)', (driver) => {
  let t: TestApp;
  let client: ReturnType<typeof reviewClient>;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    client = reviewClient(t);
  });
  afterAll(() => t.close());

  const ref = (paperId: string) => ({ paper_id: paperId, platform: 'arxiv' });

  /** A user's session holding three papers with passages (two alike, one not). */
  async function buildGraph() {
    const user = await buildUser(t.db);
    const session = await client.createSession(user.token);
    const specter = await buildPaper(t.db, { title: 'SPECTER', publishedDate: '2020-04-01' });
    const scibert = await buildPaper(t.db, { title: 'SciBERT', publishedDate: '2019-03-01' });
    const ghana = await buildPaper(t.db, { title: 'Health services in Ghana' });
    await buildPassages(t.db, specter, SPECTER);
    await buildPassages(t.db, scibert, SCIBERT);
    await buildPassages(t.db, ghana, GHANA);
    const nodes = await client.call(user.token, 'POST', '/api/review/graph/nodes', {
      session_id: session.id,
      papers: [specter, scibert, ghana].map((p) => ref(p.paperId)),
    });
    expect(nodes.statusCode).toBe(200);
    return { user, session, specter, scibert, ghana };
  }

  it('adds nodes with add_files checks: a missing or unreadable paper is 404 and nothing is added', async () => {
    const { user, session, specter } = await buildGraph();
    const other = await buildUser(t.db);
    const theirs = await buildUpload(t.db, { ownerId: other.id });
    const graph = await client.graph(user.token, session.id);
    expect(graph.nodes.map((n) => n.title)).toEqual(['SPECTER', 'SciBERT', 'Health services in Ghana']);
    expect(graph.nodes[0]).toMatchObject({ authors: ['Ada Lovelace'], year: 2020 });
    const before = await reviewState(t, session.id);
    const refused = await client.call(user.token, 'POST', '/api/review/graph/nodes', {
      session_id: session.id,
      papers: [ref(specter.paperId), { paper_id: theirs.paperId, platform: 'upload' }],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: `Paper upload/${theirs.paperId} not found` });
    const empty = await client.call(user.token, 'POST', '/api/review/graph/nodes', {
      session_id: session.id,
      papers: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(await reviewState(t, session.id)).toEqual(before);
  });

  it('draws directed edges with trimmed labels; re-drawing a pair relabels it; the reverse is another edge', async () => {
    const { user, session, specter, scibert } = await buildGraph();
    const drawn = await client.drawEdge(user.token, session.id, specter.paperId, scibert.paperId, '  extends  ');
    expect(drawn.statusCode).toBe(200);
    const graph = drawn.json() as TReviewGraph;
    expect(graph.edges).toEqual([
      { id: expect.any(Number), source: ref(specter.paperId), target: ref(scibert.paperId), label: 'extends' },
    ]);
    const relabelled = (
      await client.drawEdge(user.token, session.id, specter.paperId, scibert.paperId, 'compares with')
    ).json() as TReviewGraph;
    expect(relabelled.edges).toEqual([{ ...graph.edges[0], label: 'compares with' }]);
    const reverse = (
      await client.drawEdge(user.token, session.id, scibert.paperId, specter.paperId)
    ).json() as TReviewGraph;
    expect(reverse.edges.map((e) => [e.source.paper_id, e.target.paper_id, e.label])).toEqual([
      [specter.paperId, scibert.paperId, 'compares with'],
      [scibert.paperId, specter.paperId, ''],
    ]);
  });

  it('refuses a self-loop (400), an end that is not a node (409), a long or NUL label (400): nothing changes', async () => {
    const { user, session, specter, scibert } = await buildGraph();
    await client.drawEdge(user.token, session.id, specter.paperId, scibert.paperId, 'extends');
    const outsider = await buildPaper(t.db);
    const before = await reviewState(t, session.id);
    const loop = await client.drawEdge(user.token, session.id, specter.paperId, specter.paperId);
    expect(loop.statusCode).toBe(400);
    expect(loop.json().message).toMatch(/two different papers/);
    const notNode = await client.drawEdge(user.token, session.id, specter.paperId, outsider.paperId);
    expect(notNode.statusCode).toBe(409);
    expect(notNode.json().message).toBe(
      `Paper arxiv/${outsider.paperId} is not a node of review session ${session.id}: add it to the graph first`,
    );
    for (const label of ['x'.repeat(201), 'a\u0000b']) {
      const response = await client.drawEdge(user.token, session.id, specter.paperId, scibert.paperId, label);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('INVALID_REQUEST');
    }
    const badRef = await client.call(user.token, 'POST', '/api/review/graph/edges', {
      session_id: session.id,
      source: { paper_id: '' },
      target: ref(scibert.paperId),
    });
    expect(badRef.statusCode).toBe(400);
    expect(await reviewState(t, session.id)).toEqual(before);
  });

  it('deletes an edge (answering the graph); an unknown edge, a proposal or another session’s edge is 404', async () => {
    const { user, session, specter, ghana } = await buildGraph();
    const other = await buildGraph();
    const theirEdge = (
      (
        await client.drawEdge(other.user.token, other.session.id, other.specter.paperId, other.scibert.paperId)
      ).json() as TReviewGraph
    ).edges[0]?.id;
    const edgeId = (
      (await client.drawEdge(user.token, session.id, specter.paperId, ghana.paperId)).json() as TReviewGraph
    ).edges[0]?.id as number;
    const proposalId = (
      (
        await client.call(user.token, 'POST', '/api/review/graph/complete', { session_id: session.id })
      ).json() as TReviewGraph
    ).proposals[0]?.id;
    expect(proposalId).toEqual(expect.any(Number));
    const before = await reviewState(t, session.id);
    for (const id of [theirEdge, proposalId, 2_000_000_000]) {
      const response = await client.call(
        user.token,
        'DELETE',
        `/api/review/graph/edges?session_id=${session.id}&edge_id=${id}`,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(`Edge ${id} of review session ${session.id} not found`);
    }
    expect(await reviewState(t, session.id)).toEqual(before);
    const deleted = await client.call(
      user.token,
      'DELETE',
      `/api/review/graph/edges?session_id=${session.id}&edge_id=${edgeId}`,
    );
    expect(deleted.statusCode).toBe(200);
    expect((deleted.json() as TReviewGraph).edges).toEqual([]);
    const stranger = await client.call(
      other.user.token,
      'DELETE',
      `/api/review/graph/edges?session_id=${session.id}&edge_id=${edgeId}`,
    );
    expect(stranger.statusCode).toBe(404);
  });

  it('completes the graph and proposes the similar, unlinked pair with its shared terms; never as an edge', async () => {
    const { user, session, specter, scibert } = await buildGraph();
    const response = await client.call(user.token, 'POST', '/api/review/graph/complete', { session_id: session.id });
    expect(response.statusCode).toBe(200);
    const graph = response.json() as TReviewGraph;
    expect(graph.status).toBe('complete');
    expect(graph.edges).toEqual([]);
    expect(graph.proposals).toHaveLength(1);
    const [proposal] = graph.proposals;
    // The later paper (SPECTER, 2020) points at the earlier (SciBERT, 2019).
    expect(proposal).toMatchObject({ source: ref(specter.paperId), target: ref(scibert.paperId) });
    expect(proposal?.similarity).toBeGreaterThan(0.15);
    expect(proposal?.shared_terms).toEqual(expect.arrayContaining(['embeddings', 'citation']));
    // Completing again proposes nothing new: the pair has its row.
    const again = (
      await client.call(user.token, 'POST', '/api/review/graph/complete', { session_id: session.id })
    ).json();
    expect(again.proposals).toEqual(graph.proposals);
  });

  it('does not propose a linked pair (either direction), and reads title and abstract when a paper has no passages', async () => {
    const user = await buildUser(t.db);
    const session = await client.createSession(user.token);
    const abstract = 'Document embeddings of scientific papers learned from the citation graph with a transformer.';
    const [a, b, c] = [
      await buildPaper(t.db, { title: 'Citation embeddings', abstract }),
      await buildPaper(t.db, { title: 'Citation embeddings again', abstract }),
      await buildPaper(t.db, { title: 'Embeddings from citations', abstract }),
    ];
    await client.addFiles(user.token, session.id, [a.paperId, b.paperId, c.paperId]);
    await client.drawEdge(user.token, session.id, b.paperId, a.paperId, 'extends');
    const graph = (
      await client.call(user.token, 'POST', '/api/review/graph/complete', { session_id: session.id })
    ).json() as TReviewGraph;
    const pairs = graph.proposals.map((p) => [p.source.paper_id, p.target.paper_id].sort().join('+'));
    expect(pairs.sort()).toEqual(
      [[a.paperId, c.paperId].sort().join('+'), [b.paperId, c.paperId].sort().join('+')].sort(),
    );
  });

  it('accepts a proposal as an edge (label given) and dismisses another for good; both keep the status', async () => {
    const user = await buildUser(t.db);
    const session = await client.createSession(user.token);
    const abstract = 'Document embeddings of scientific papers learned from the citation graph with a transformer.';
    const [a, b, c] = [
      await buildPaper(t.db, { abstract }),
      await buildPaper(t.db, { abstract }),
      await buildPaper(t.db, { abstract }),
    ];
    await client.addFiles(user.token, session.id, [a.paperId, b.paperId, c.paperId]);
    const completed = (
      await client.call(user.token, 'POST', '/api/review/graph/complete', { session_id: session.id })
    ).json() as TReviewGraph;
    expect(completed.proposals).toHaveLength(3);
    const [first, second] = completed.proposals;
    const accepted = await client.call(user.token, 'POST', '/api/review/graph/proposals/accept', {
      session_id: session.id,
      proposal_id: first?.id,
      label: ' extends ',
    });
    expect(accepted.statusCode).toBe(200);
    const afterAccept = accepted.json() as TReviewGraph;
    expect(afterAccept.edges).toEqual([
      { id: first?.id, source: first?.source, target: first?.target, label: 'extends' },
    ]);
    expect(afterAccept.proposals.map((p) => p.id)).not.toContain(first?.id);
    expect(afterAccept.status).toBe('complete');
    const dismissed = await client.call(user.token, 'POST', '/api/review/graph/proposals/dismiss', {
      session_id: session.id,
      proposal_id: second?.id,
    });
    expect(dismissed.statusCode).toBe(200);
    expect((dismissed.json() as TReviewGraph).proposals.map((p) => p.id)).not.toContain(second?.id);
    expect((dismissed.json() as TReviewGraph).status).toBe('complete');
    // Answered proposals are not proposals any more: accept/dismiss them again is 404, nothing changes.
    const before = await reviewState(t, session.id);
    for (const [path, id] of [
      ['accept', first?.id],
      ['dismiss', second?.id],
      ['accept', second?.id],
      ['dismiss', 2_000_000_000],
    ] as const) {
      const response = await client.call(user.token, 'POST', `/api/review/graph/proposals/${path}`, {
        session_id: session.id,
        proposal_id: id,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(`Proposal ${id} of review session ${session.id} not found`);
    }
    const nulLabel = await client.call(user.token, 'POST', '/api/review/graph/proposals/accept', {
      session_id: session.id,
      proposal_id: completed.proposals[2]?.id,
      label: 'a\u0000b',
    });
    expect(nulLabel.statusCode).toBe(400);
    expect(await reviewState(t, session.id)).toEqual(before);
    // A dismissed pair is never proposed again; the pending one stays as it was.
    const recompleted = (
      await client.call(user.token, 'POST', '/api/review/graph/complete', { session_id: session.id })
    ).json() as TReviewGraph;
    expect(recompleted.proposals.map((p) => p.id)).toEqual([completed.proposals[2]?.id]);
  });

  it('returns a completed graph to draft when its nodes or edges are edited', async () => {
    const { user, session, specter, scibert, ghana } = await buildGraph();
    const complete = () => client.call(user.token, 'POST', '/api/review/graph/complete', { session_id: session.id });
    const status = async () => (await reviewState(t, session.id)).session?.graphStatus;
    const edits = [
      () => client.drawEdge(user.token, session.id, specter.paperId, ghana.paperId, 'contrasts with'),
      async () => {
        const graph = await client.graph(user.token, session.id);
        const edge = graph.edges[0]?.id;
        return client.call(user.token, 'DELETE', `/api/review/graph/edges?session_id=${session.id}&edge_id=${edge}`);
      },
      async () => client.addFiles(user.token, session.id, [(await buildPaper(t.db)).paperId]),
      () =>
        client.call(user.token, 'DELETE', `/api/review/sessions/${session.id}/files/${ghana.paperId}?platform=arxiv`),
    ];
    for (const edit of edits) {
      expect((await complete()).json().status).toBe('complete');
      expect([200, 204]).toContain((await edit()).statusCode);
      expect(await status()).toBe('draft');
    }
    // Re-adding a paper already there is no edit.
    await complete();
    await client.addFiles(user.token, session.id, [scibert.paperId]);
    expect(await status()).toBe('complete');
  });

  it(`holds at most ${REVIEW_LIMITS.edgesPerSession} edge rows: past that, a new pair is 409, a relabel still works`, async () => {
    const user = await buildUser(t.db);
    const session = await client.createSession(user.token);
    const ids = Array.from({ length: 33 }, (_, i) => `edgecap.${session.id}.${i}`);
    await t.db.insert(papers).values(ids.map((paperId) => ({ platform: 'arxiv', paperId, title: paperId })));
    await t.db
      .insert(reviewFiles)
      .values(ids.map((paperId) => ({ sessionId: session.id, platform: 'arxiv', paperId })));
    const rows = ids
      .flatMap((s, i) => ids.filter((_, j) => j !== i).map((tgt) => [s, tgt] as const))
      .slice(0, REVIEW_LIMITS.edgesPerSession);
    await t.db.insert(reviewEdges).values(
      rows.map(([source, target]) => ({
        sessionId: session.id,
        sourcePlatform: 'arxiv',
        sourcePaperId: source,
        targetPlatform: 'arxiv',
        targetPaperId: target,
      })),
    );
    const before = await reviewState(t, session.id);
    const last = ids[32] as string;
    const fresh = await client.drawEdge(user.token, session.id, last, ids[31] as string);
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().message).toMatch(/has 1000 edges, the most allowed/);
    expect(await reviewState(t, session.id)).toEqual(before);
    const [source, target] = rows[0] as readonly [string, string];
    expect((await client.drawEdge(user.token, session.id, source, target, 'relabelled')).statusCode).toBe(200);
  });
});
