import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../../db/schema';
import { arxivFixture, type ReplayServer, type Reply, startReplayServer } from '../../ingest/replay-server';
import { createTestApp, issueUserId, pgliteOnly, type TestApp } from '../../test-support/test-app';

describe.each(pgliteOnly())('fetching papers the corpus lacks from arXiv (%s)', (driver) => {
  let t: TestApp;
  let server: ReplayServer;
  let user: string;
  const replies = new Map<string, Reply>([
    ['1601.00001', arxivFixture('atom/api-query-id_list-1601.00001-2020.xml')],
    ['2401.99999', arxivFixture('synthetic/atom-empty.xml')],
    ['2402.00001', 'destroy'],
  ]);

  beforeAll(async () => {
    server = await startReplayServer((params) => replies.get(params.get('id_list') ?? '') ?? { status: 400 });
    t = await createTestApp(driver, {
      env: { ARXIV_FETCH_MISSING: 'true', ARXIV_API_BASE_URL: server.url, ARXIV_REQUEST_INTERVAL_MS: '0' },
    });
    user = await issueUserId(t.app);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-user-id': user }, payload });
  const stored = async (paperId: string) =>
    t.db
      .select()
      .from(papers)
      .where(and(eq(papers.platform, 'arxiv'), eq(papers.paperId, paperId)));

  it('get_paper fetches a missing paper once, stores it and answers it', async () => {
    const response = await post('/api/chat/get_paper', { paper_id: '1601.00001', platform: 'arxiv' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      paper_id: '1601.00001',
      title: 'Inelastic effects in molecular transport junctions: The probe technique at high bias',
      authors: ['Michael Kilgour', 'Dvira Segal'],
      doi: '10.1063/1.4944470',
    });
    expect(await stored('1601.00001')).toHaveLength(1);
    const again = await post('/api/chat/get_paper', { paper_id: '1601.00001', platform: 'arxiv' });
    expect(again.statusCode).toBe(200);
    expect(server.requests.filter((params) => params.get('id_list') === '1601.00001')).toHaveLength(1);
  });

  it('adding a paper to a folder or attaching it fetches it too', async () => {
    replies.set(
      '1601.00002',
      arxivFixture('atom/api-query-id_list-1601.00001-2020.xml').replaceAll('1601.00001', '1601.00002'),
    );
    const folder = (await post('/api/folders/', { name: 'Fetched' })).json();
    const added = await post(`/api/folders/${folder.id}/files`, { paper_id: '1601.00002', platform: 'arxiv' });
    expect(added.statusCode).toBe(201);
    replies.set(
      '1601.00003',
      arxivFixture('synthetic/atom-2025-format-1601.00001v2.xml').replaceAll('1601.00001', '1601.00003'),
    );
    const attached = await post('/api/chat/attach_paper', { paper_id: '1601.00003', platform: 'arxiv' });
    expect(attached.statusCode).toBe(201);
    expect(await stored('1601.00003')).toEqual([expect.objectContaining({ updatedDate: '2016-03-30' })]);
  });

  it('answers 404 for an id arXiv does not know, storing nothing', async () => {
    const response = await post('/api/chat/get_paper', { paper_id: '2401.99999', platform: 'arxiv' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NOT_FOUND',
      message: 'Paper arxiv/2401.99999 not found, here or on arXiv',
    });
    expect(await stored('2401.99999')).toEqual([]);
  });

  it('answers 502 when arXiv cannot be reached, storing nothing', async () => {
    const response = await post('/api/chat/attach_paper', { paper_id: '2402.00001', platform: 'arxiv' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      error: 'BAD_GATEWAY',
      message: 'arXiv could not be reached to fetch paper arxiv/2402.00001; try again later',
    });
    expect(await stored('2402.00001')).toEqual([]);
    const files = await t.app.inject({ url: '/api/chat/files', headers: { 'x-user-id': user } });
    expect(files.json().map((file: { paper_id: string }) => file.paper_id)).not.toContain('2402.00001');
  });

  it('does not ask arXiv about ids that are not arXiv ids or other platforms', async () => {
    const before = server.requests.length;
    expect((await post('/api/chat/get_paper', { paper_id: 'not-an-id', platform: 'arxiv' })).statusCode).toBe(404);
    expect((await post('/api/chat/get_paper', { paper_id: '1601.00001', platform: 'acl' })).statusCode).toBe(404);
    expect(server.requests.length).toBe(before);
  });
});
