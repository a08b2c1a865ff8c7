import type { TRecommendationsResponse } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFolder, buildFolderFile, buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { rebuildTermStats } from './term-stats.repo';

type User = { id: number; token: string };

describe.each(testDrivers())('recommendations (%s)', (driver) => {
  let t: TestApp;
  let owner: User;
  let stranger: User;
  let folderId: number;
  let emptyFolderId: number;
  // Invented words keep these papers apart from the 200-paper fixture corpus.
  const kept = {
    zentron: { paperId: 'rec.kept.zentron', title: 'Glorbic zentrons in quasi-crystalline fluxoids' },
    quaffle: { paperId: 'rec.kept.quaffle', title: 'Snitch dynamics of enchanted quaffle swarms' },
  };
  beforeAll(async () => {
    t = await createTestApp(driver);
    owner = await buildUser(t.db);
    stranger = await buildUser(t.db);
    await buildPaper(t.db, {
      ...kept.zentron,
      abstract: 'We measure glorbic zentrons and their fluxoid coupling in quasi-crystalline lattices.',
      categories: ['cond-mat.supr-con'],
    });
    await buildPaper(t.db, {
      ...kept.quaffle,
      abstract: 'Quaffle swarms chase the snitch; we model snitch dynamics with enchanted broomfields.',
      categories: ['physics.pop-ph'],
    });
    await buildPaper(t.db, {
      paperId: 'rec.near.zentron',
      title: 'Zentron fluxoids beyond the glorbic limit',
      abstract: 'Glorbic zentrons couple to fluxoids; we extend the quasi-crystalline picture.',
      categories: ['cond-mat.supr-con'],
    });
    await buildPaper(t.db, {
      paperId: 'rec.near.quaffle',
      title: 'Enchanted broomfields steer quaffle swarms',
      abstract: 'Snitch chasing quaffle swarms in enchanted broomfields.',
      categories: ['physics.pop-ph'],
    });
    await buildPaper(t.db, {
      paperId: 'rec.far',
      title: 'A broomfield survey',
      abstract: 'Broomfields of the northern plains, mapped by drones.',
      categories: ['physics.geo-ph'],
    });
    const folder = await buildFolder(t.db, { ownerId: owner.id, name: 'Zentrons and quaffles' });
    folderId = folder.id;
    for (const paper of Object.values(kept)) await buildFolderFile(t.db, { folderId, paper });
    emptyFolderId = (await buildFolder(t.db, { ownerId: owner.id, name: 'Empty' })).id;
    // Someone else's private upload on the same subject must never be recommended.
    const other = await buildUser(t.db);
    await buildUpload(t.db, { ownerId: other.id, title: 'Glorbic zentrons and quasi-crystalline fluxoids, my draft' });
    // The invented words are counted as an import or a harvest would count them (keepTermStatsCurrent): five
    // papers are under the 5 % drift that would recount the seeded corpus' statistics on their own.
    await rebuildTermStats(t.db);
  });
  afterAll(() => t.close());

  const get = async (url: string, user: User | null = owner) => {
    const response = await t.app.inject({ url, headers: user ? { 'x-user-id': user.token } : {} });
    return { status: response.statusCode, body: response.json() };
  };
  const ids = (body: TRecommendationsResponse) => body.papers.map((paper) => paper.paper_id);

  it("ranks the papers that share the folder's subjects first, each naming the kept paper it is close to", async () => {
    const { status, body } = await get(`/api/recommendations/folder/${folderId}?limit=5`);
    expect(status).toBe(200);
    const response = body as TRecommendationsResponse;
    expect(ids(response).slice(0, 2).sort()).toEqual(['rec.near.quaffle', 'rec.near.zentron']);
    const zentron = response.papers.find((paper) => paper.paper_id === 'rec.near.zentron');
    expect(zentron?.similar_to[0]).toEqual({
      paper_id: kept.zentron.paperId,
      platform: 'arxiv',
      title: kept.zentron.title,
    });
    expect(zentron?.shared_terms).toEqual(expect.arrayContaining(['zentron', 'glorbic', 'fluxoids']));
    expect(zentron?.reason).toMatch(/^Close to “Glorbic zentrons in quasi-crystalline fluxoids”: shares /);
    const quaffle = response.papers.find((paper) => paper.paper_id === 'rec.near.quaffle');
    expect(quaffle?.similar_to.map((paper) => paper.paper_id)).toEqual([kept.quaffle.paperId]);
    for (const paper of response.papers) {
      expect(paper.score).toBeGreaterThan(0);
      expect(paper.score).toBeLessThanOrEqual(1);
    }
    const scores = response.papers.map((paper) => paper.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('never recommends an upload, even one on the same subject', async () => {
    const { body } = await get(`/api/recommendations/folder/${folderId}?limit=100`);
    expect((body as TRecommendationsResponse).papers.every((paper) => paper.platform !== 'upload')).toBe(true);
  });

  it('leaves the kept papers out by default and shows them with exclude_existing=false', async () => {
    const excluded = ids((await get(`/api/recommendations/folder/${folderId}?limit=100`)).body);
    expect(excluded).not.toContain(kept.zentron.paperId);
    expect(excluded).not.toContain(kept.quaffle.paperId);
    const included = (await get(`/api/recommendations/folder/${folderId}?limit=100&exclude_existing=false`))
      .body as TRecommendationsResponse;
    expect(ids(included)).toEqual(expect.arrayContaining([kept.zentron.paperId, kept.quaffle.paperId]));
    // A kept paper shown again is not "close to" itself.
    const self = included.papers.find((paper) => paper.paper_id === kept.zentron.paperId);
    expect(self?.similar_to.map((paper) => paper.paper_id)).not.toContain(kept.zentron.paperId);
  });

  it('recommends from all of the user’s folders on /user', async () => {
    const { status, body } = await get('/api/recommendations/user?limit=3');
    expect(status).toBe(200);
    expect(ids(body).slice(0, 2).sort()).toEqual(['rec.near.quaffle', 'rec.near.zentron']);
    expect(ids(body)).toHaveLength(3);
  });

  it('answers an empty list, not an error, for an empty folder and an empty library', async () => {
    expect(await get(`/api/recommendations/folder/${emptyFolderId}`)).toEqual({ status: 200, body: { papers: [] } });
    expect(await get('/api/recommendations/user', stranger)).toEqual({ status: 200, body: { papers: [] } });
  });

  it("keeps users apart: another user's folder is 404, and their library does not shape mine", async () => {
    const foreign = await get(`/api/recommendations/folder/${folderId}`, stranger);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'NOT_FOUND', message: `Folder ${folderId} not found` });
    const theirs = await buildFolder(t.db, { ownerId: stranger.id, name: 'Broomfields' });
    await buildFolderFile(t.db, { folderId: theirs.id, paper: { paperId: 'rec.far' } });
    const mine = ids((await get('/api/recommendations/user?limit=2')).body);
    expect(mine.sort()).toEqual(['rec.near.quaffle', 'rec.near.zentron']);
    const theirIds = ids((await get('/api/recommendations/user', stranger)).body);
    expect(theirIds).not.toContain('rec.far');
  });

  it('asks for a user id', async () => {
    const { status, body } = await get('/api/recommendations/user', null);
    expect(status).toBe(401);
    expect(body.error).toBe('UNAUTHORIZED');
  });

  it.each([
    ['limit 0', '/api/recommendations/user?limit=0', 'limit'],
    ['limit 1000', '/api/recommendations/user?limit=1000', 'limit'],
    ['limit abc', '/api/recommendations/user?limit=abc', 'limit'],
    ['exclude_existing maybe', '/api/recommendations/user?exclude_existing=maybe', 'exclude_existing'],
    ['a folder limit 0', '/api/recommendations/folder/1?limit=0', 'limit'],
    ['a folder id that is not a number', '/api/recommendations/folder/abc', 'id'],
    ['a folder id with trailing letters', '/api/recommendations/folder/12abc', 'id'],
  ])('refuses %s with 400 naming the field', async (_label, url, field) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'INVALID_REQUEST',
      details: { fields: [expect.objectContaining({ field })] },
    });
  });

  it('answers 404 for a folder that does not exist', async () => {
    const { status, body } = await get('/api/recommendations/folder/987654');
    expect(status).toBe(404);
    expect(body.error).toBe('NOT_FOUND');
  });
});
