import type { TReviewGraph } from '@paperbench/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessions, reviewDrafts, reviewEdges, reviewFiles } from '../../db/schema';
import { buildPaper, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { reviewClient } from './review-test-support';

/** docs/review.md: review sessions in the profile's counts and export, and gone with the account. */
describe.each(testDrivers())('review sessions in the profile (%s)', (driver) => {
  let t: TestApp;
  let client: ReturnType<typeof reviewClient>;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    client = reviewClient(t);
  });
  afterAll(() => t.close());

  /** A review session with two papers, an edge, a proposal, a target paper and a stored draft. */
  async function buildReview(token: string) {
    const abstract = 'Document embeddings of scientific papers learned from the citation graph.';
    const [a, b, c] = [
      await buildPaper(t.db, { title: 'Paper A', abstract }),
      await buildPaper(t.db, { title: 'Paper B', abstract }),
      await buildPaper(t.db, { title: 'Paper C', abstract }),
    ];
    const session = await client.createSession(token, { title: 'Related work' });
    await client.addFiles(token, session.id, [a.paperId, b.paperId, c.paperId]);
    await client.drawEdge(token, session.id, a.paperId, b.paperId, 'extends');
    const graph = (
      await client.call(token, 'POST', '/api/review/graph/complete', { session_id: session.id })
    ).json() as TReviewGraph;
    await client.call(token, 'POST', '/api/review/target_paper', { session_id: session.id, paper_id: c.paperId });
    await t.db.insert(reviewDrafts).values({
      sessionId: session.id,
      source: 'extractive',
      draft: { sections: [{ heading: 'Related work', text: 'A extends B [1].' }] },
      citations: { supported: [1], unsupported: [] },
    });
    return { session, graph, a, b, c };
  }

  it('counts review sessions apart from chats, and exports each with its files, edges, proposals and drafts', async () => {
    const user = await buildUser(t.db);
    await client.call(user.token, 'POST', '/api/chat/sessions', { title: 'A chat' });
    const { session, graph, a, b, c } = await buildReview(user.token);
    const profile = (await client.call(user.token, 'GET', '/api/profile')).json();
    expect(profile.counts).toMatchObject({ chat_sessions: 1, review_sessions: 1 });
    const exported = (await client.call(user.token, 'GET', '/api/profile/export')).json();
    expect(exported.data.chat_sessions.map((s: { title: string }) => s.title)).toEqual(['A chat']);
    expect(exported.data.review_sessions).toEqual([
      {
        id: session.id,
        title: 'Related work',
        graph_status: 'complete',
        target_paper: { platform: 'arxiv', paper_id: c.paperId },
        created_at: expect.any(String),
        updated_at: expect.any(String),
        messages: [],
        files: [a, b, c].map((p) => ({
          platform: 'arxiv',
          paper_id: p.paperId,
          title: p.title,
          added_at: expect.any(String),
        })),
        edges: [
          expect.objectContaining({
            source: { platform: 'arxiv', paper_id: a.paperId },
            target: { platform: 'arxiv', paper_id: b.paperId },
            label: 'extends',
            state: 'accepted',
          }),
          ...graph.proposals.map(() => expect.objectContaining({ state: 'proposed', similarity: expect.any(Number) })),
        ],
        drafts: [
          expect.objectContaining({
            source: 'extractive',
            draft: { sections: [{ heading: 'Related work', text: 'A extends B [1].' }] },
          }),
        ],
      },
    ]);
    expect(graph.proposals.length).toBeGreaterThan(0);
  });

  it('deleting the account deletes its review sessions with their files, edges and drafts', async () => {
    const user = await buildUser(t.db);
    const other = await buildUser(t.db);
    const { session } = await buildReview(user.token);
    const kept = await buildReview(other.token);
    const deleted = await client.call(user.token, 'DELETE', '/api/profile', { confirm: 'delete my account' });
    expect(deleted.statusCode).toBe(204);
    const rowsOf = async (sessionIds: number[]) => ({
      sessions: (await t.db.select({ n: count() }).from(chatSessions).where(inArray(chatSessions.id, sessionIds)))[0]
        ?.n,
      files: (await t.db.select({ n: count() }).from(reviewFiles).where(inArray(reviewFiles.sessionId, sessionIds)))[0]
        ?.n,
      edges: (await t.db.select({ n: count() }).from(reviewEdges).where(inArray(reviewEdges.sessionId, sessionIds)))[0]
        ?.n,
      drafts: (
        await t.db
          .select({ n: count() })
          .from(reviewDrafts)
          .where(eq(reviewDrafts.sessionId, sessionIds[0] as number))
      )[0]?.n,
    });
    expect(await rowsOf([session.id])).toEqual({ sessions: 0, files: 0, edges: 0, drafts: 0 });
    // Someone else's review is untouched.
    const theirs = await rowsOf([kept.session.id]);
    expect(theirs).toMatchObject({ sessions: 1, files: 3, drafts: 1 });
    expect(theirs.edges).toBeGreaterThan(1);
  });
});
