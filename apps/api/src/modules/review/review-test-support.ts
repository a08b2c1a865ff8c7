import type { TReviewGraph, TReviewSession } from '@paperbench/contract';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { chatSessions, reviewEdges, reviewFiles } from '../../db/schema';
import type { TestApp } from '../../test-support/test-app';

/** HTTP helpers for the review routes, as one user calls them. */
export function reviewClient(t: TestApp) {
  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { 'x-user-id': token } });
  return {
    call,
    createSession: async (token: string, payload: object = {}) =>
      (await call(token, 'POST', '/api/review/sessions', payload)).json() as TReviewSession,
    addFiles: (token: string, sessionId: number, paperIds: string[], platform = 'arxiv') =>
      call(token, 'POST', `/api/review/sessions/${sessionId}/add_files`, { paper_ids: paperIds, platform }),
    graph: async (token: string, sessionId: number) =>
      (await call(token, 'GET', `/api/review/graph?session_id=${sessionId}`)).json() as TReviewGraph,
    drawEdge: (token: string, sessionId: number, source: string, target: string, label = '') =>
      call(token, 'POST', '/api/review/graph/edges', {
        session_id: sessionId,
        source: { paper_id: source, platform: 'arxiv' },
        target: { paper_id: target, platform: 'arxiv' },
        label,
      }),
  };
}

/**
 * What a review write can change, read straight from the tables: refused requests must leave it as it
 * was ("nothing changed").
 */
export async function reviewState(t: TestApp, sessionId: number) {
  const [session] = await t.db
    .select({
      title: chatSessions.title,
      graphStatus: chatSessions.graphStatus,
      targetPlatform: chatSessions.targetPlatform,
      targetPaperId: chatSessions.targetPaperId,
    })
    .from(chatSessions)
    .where(eq(chatSessions.id, sessionId));
  const files = await t.db
    .select({ platform: reviewFiles.platform, paperId: reviewFiles.paperId })
    .from(reviewFiles)
    .where(eq(reviewFiles.sessionId, sessionId))
    .orderBy(asc(reviewFiles.platform), asc(reviewFiles.paperId));
  const edges = await t.db
    .select({
      id: reviewEdges.id,
      source: reviewEdges.sourcePaperId,
      target: reviewEdges.targetPaperId,
      label: reviewEdges.label,
      state: reviewEdges.state,
    })
    .from(reviewEdges)
    .where(eq(reviewEdges.sessionId, sessionId))
    .orderBy(asc(reviewEdges.id));
  return { session, files, edges };
}
