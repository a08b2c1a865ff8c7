import { FEED_MAX_PAPERS, type TDailyFeedResponse } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../../db/schema';
import { buildFolder, buildFolderFile, buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

describe.each(testDrivers())('daily feed (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  const feed = async (query = '', token?: string) => {
    const response = await t.app.inject({
      url: `/api/feed/daily${query}`,
      headers: token ? { 'x-user-id': token } : {},
    });
    expect(response.statusCode).toBe(200);
    return response.json() as TDailyFeedResponse;
  };
  const follow = (token: string, topic: string) =>
    t.app.inject({ method: 'POST', url: '/api/topics', payload: { topic }, headers: { 'x-user-id': token } });
  const titlesByGroup = (answer: TDailyFeedResponse) =>
    answer.groups.map((group) => [group.label, group.papers.map((p) => p.title)]);

  it('answers an empty corpus with no day and no groups', async () => {
    expect(await feed()).toEqual({
      day: null,
      previous_day: null,
      next_day: null,
      total: 0,
      groups: [],
      topics_matched: null,
      skipped_day: null,
      latest_topic_day: null,
    });
  });

  describe('with a few days of papers', () => {
    beforeAll(async () => {
      await buildPaper(t.db, { title: 'Monday paper', publishedDate: '2020-03-02', categories: ['math.AG'] });
      await buildPaper(t.db, { title: 'Wednesday paper', publishedDate: '2020-03-04', categories: ['math.AG'] });
      // A record dated in the future (clock skew upstream) is never "the latest day".
      await buildPaper(t.db, { title: 'Future paper', publishedDate: '2999-01-01' });
      const day = '2020-03-05';
      await buildPaper(t.db, {
        paperId: '2003.00005',
        title: 'Curves on surfaces',
        abstract: 'Enumerative geometry.',
        publishedDate: day,
        categories: ['math.AG'],
      });
      await buildPaper(t.db, {
        paperId: '2003.00004',
        title: 'Graph neural networks for molecules',
        abstract: 'We train graph neural networks on molecular graphs.',
        publishedDate: day,
        categories: ['cs.LG'],
      });
      await buildPaper(t.db, {
        paperId: '2003.00003',
        title: 'Image segmentation with few labels',
        abstract: 'Semantic segmentation of images.',
        publishedDate: day,
        categories: ['cs.CV', 'cs.LG'],
      });
      await buildPaper(t.db, {
        paperId: '2003.00002',
        title: 'A bandit study',
        abstract: 'Regret bounds for bandits.',
        publishedDate: day,
        categories: ['cs.LG', 'stat.ML'],
      });
      await buildPaper(t.db, {
        paperId: '2003.00001',
        title: 'Reinforcement learning for legged robots',
        abstract: 'Locomotion policies.',
        publishedDate: day,
        categories: ['physics.bio-ph'],
      });
      await buildPaper(t.db, {
        paperId: '2003.00006',
        title: 'A survey of graph neural networks',
        abstract: 'Graph neural networks, message passing, graph neural networks again.',
        publishedDate: day,
        categories: ['cs.LG'],
      });
    });

    it('defaults to the latest day not after today, with its neighbours', async () => {
      const answer = await feed();
      expect(answer).toMatchObject({ day: '2020-03-05', previous_day: '2020-03-04', next_day: null, total: 6 });
    });

    it('walks back and forward by days with papers', async () => {
      expect(await feed('?day=2020-03-04')).toMatchObject({
        day: '2020-03-04',
        previous_day: '2020-03-02',
        next_day: '2020-03-05',
        total: 1,
      });
      expect(await feed('?day=2020-03-02')).toMatchObject({ previous_day: null, next_day: '2020-03-04' });
    });

    it('a day without papers has empty groups and still names its neighbours', async () => {
      expect(await feed('?day=2020-03-03')).toEqual({
        day: '2020-03-03',
        previous_day: '2020-03-02',
        next_day: '2020-03-04',
        total: 0,
        groups: [],
        topics_matched: null,
        skipped_day: null,
        latest_topic_day: null,
      });
    });

    it('without topics or library every paper of the day is in one group, in listing order', async () => {
      const user = await buildUser(t.db);
      for (const answer of [await feed(), await feed('', user.token)]) {
        expect(answer.groups).toHaveLength(1);
        expect(answer.groups[0]).toMatchObject({ kind: 'other', topic: null, label: 'Other papers of the day' });
        expect(answer.groups[0]?.papers.map((p) => p.paper_id)).toEqual([
          '2003.00001',
          '2003.00002',
          '2003.00003',
          '2003.00004',
          '2003.00005',
          '2003.00006',
        ]);
        expect(answer.groups[0]?.papers[0]).toMatchObject({ reason: 'New in physics.bio-ph this day', score: 0 });
      }
    });

    it('groups by followed topic, then library, then the rest, each paper with its reason', async () => {
      const user = await buildUser(t.db);
      const folder = await buildFolder(t.db, { ownerId: user.id, name: 'Kept' });
      for (const title of ['Deep reinforcement learning for robots', 'Kernel methods', 'Online learning']) {
        const paper = await buildPaper(t.db, { title, categories: ['cs.LG'], publishedDate: '2018-01-01' });
        await buildFolderFile(t.db, { folderId: folder.id, paper });
      }
      await follow(user.token, 'graph neural networks');
      await follow(user.token, 'cs.CV');
      await follow(user.token, 'no match anywhere');
      const answer = await feed('', user.token);
      expect(titlesByGroup(answer)).toEqual([
        ['graph neural networks', ['A survey of graph neural networks', 'Graph neural networks for molecules']],
        ['cs.CV', ['Image segmentation with few labels']],
        ['Related to your library', ['Reinforcement learning for legged robots', 'A bandit study']],
        ['Other papers of the day', ['Curves on surfaces']],
      ]);
      expect(answer.groups.map((g) => [g.kind, g.topic])).toEqual([
        ['topic', 'graph neural networks'],
        ['topic', 'cs.CV'],
        ['library', null],
        ['other', null],
      ]);
      const reasons = answer.groups.flatMap((g) => g.papers.map((p) => p.reason));
      expect(reasons).toEqual([
        'Matches “graph neural networks”, which you follow',
        'Matches “graph neural networks”, which you follow',
        'In or about cs.CV, which you follow',
        'Close to “Deep reinforcement learning for robots” in your library',
        'In cs.LG, like 3 papers in your library',
        'New in math.AG this day',
      ]);
      // Ranked within the topic: the survey names the topic more often.
      const [survey, molecules] = answer.groups[0]?.papers ?? [];
      expect(survey?.score).toBeGreaterThan(molecules?.score ?? 1);
      expect(answer.total).toBe(6);
    });

    it('a paper two topics match appears once, under the topic that ranks it higher', async () => {
      const user = await buildUser(t.db);
      await follow(user.token, 'cs.LG');
      await follow(user.token, 'graph neural networks');
      const answer = await feed('', user.token);
      const ids = answer.groups.flatMap((g) => g.papers.map((p) => p.paper_id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(6);
      const gnn = answer.groups.find((g) => g.topic === 'graph neural networks');
      expect(gnn?.papers.map((p) => p.title)).toContain('A survey of graph neural networks');
    });

    it('does not list the day’s uploads', async () => {
      const user = await buildUser(t.db);
      const upload = await buildUpload(t.db, { ownerId: user.id, title: 'My draft' });
      const day = (await feed(`?day=2019-06-01`, user.token)).groups.flatMap((g) => g.papers);
      expect(day.map((p) => p.paper_id)).not.toContain(upload.paperId);
    });
  });

  it(`returns at most ${FEED_MAX_PAPERS} papers of a day, with the day's total`, async () => {
    const rows = Array.from({ length: FEED_MAX_PAPERS + 5 }, (_, i) => ({
      platform: 'arxiv',
      paperId: `1001.${String(i).padStart(5, '0')}`,
      title: `Bulk paper ${i}`,
      publishedDate: '2010-01-04',
    }));
    await t.db.insert(papers).values(rows);
    const answer = await feed('?day=2010-01-04');
    expect(answer.total).toBe(FEED_MAX_PAPERS + 5);
    expect(answer.groups.flatMap((g) => g.papers)).toHaveLength(FEED_MAX_PAPERS);
  });

  it.each([
    ['yesterday', 'day must be a date written YYYY-MM-DD'],
    ['2020-3-5', 'day must be a date written YYYY-MM-DD'],
    ['2020-02-30', 'day is not a calendar date'],
    ['2020-13-01', 'day is not a calendar date'],
  ])('refuses day=%s with 400 naming the problem', async (day, message) => {
    const response = await t.app.inject({ url: `/api/feed/daily?day=${day}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'INVALID_REQUEST',
      message: `Invalid request: day: ${message}`,
      details: { fields: [{ in: 'query', field: 'day' }] },
    });
  });
});
