import type { TDailyFeedResponse } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaper, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

/**
 * docs/ingest.md#freshness: the feed opens on the latest day with papers for the caller's topics, and
 * says when the topics matched nothing on the day shown.
 */
describe.each(testDrivers())('daily feed: the day for your topics (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    await buildPaper(t.db, { title: 'Curves on surfaces', publishedDate: '2020-03-02', categories: ['math.AG'] });
    await buildPaper(t.db, {
      title: 'Graph neural networks for molecules',
      abstract: 'Message passing on molecular graphs.',
      publishedDate: '2020-03-04',
      categories: ['cs.LG'],
    });
    await buildPaper(t.db, { title: 'A bandit study', publishedDate: '2020-03-05', categories: ['stat.ML'] });
    // Dated in the future (clock skew upstream): never the day the feed opens on, even when it matches.
    await buildPaper(t.db, {
      title: 'Graph neural networks, later',
      publishedDate: '2999-01-01',
      categories: ['cs.LG'],
    });
  });
  afterAll(() => t.close());

  const feed = async (token: string | null, query = '') => {
    const response = await t.app.inject({
      url: `/api/feed/daily${query}`,
      headers: token ? { 'x-user-id': token } : {},
    });
    expect(response.statusCode).toBe(200);
    return response.json() as TDailyFeedResponse;
  };
  const userFollowing = async (...topics: string[]) => {
    const user = await buildUser(t.db);
    for (const topic of topics) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/topics',
        payload: { topic },
        headers: { 'x-user-id': user.token },
      });
      expect(response.statusCode).toBe(200);
    }
    return user.token;
  };

  it('opens on the latest day the topics match when they match nothing on the latest day', async () => {
    const token = await userFollowing('graph neural networks');
    const answer = await feed(token);
    expect(answer).toMatchObject({
      day: '2020-03-04',
      previous_day: '2020-03-02',
      // The skipped day stays one step away.
      next_day: '2020-03-05',
      topics_matched: true,
      skipped_day: '2020-03-05',
      latest_topic_day: '2020-03-04',
    });
    expect(answer.groups[0]).toMatchObject({ kind: 'topic', topic: 'graph neural networks' });
    expect(answer.groups[0]?.papers.map((paper) => paper.title)).toEqual(['Graph neural networks for molecules']);
  });

  it('says so when the topics match nothing on the day asked for, and names the latest day they do', async () => {
    const token = await userFollowing('graph neural networks');
    expect(await feed(token, '?day=2020-03-05')).toMatchObject({
      day: '2020-03-05',
      topics_matched: false,
      skipped_day: null,
      latest_topic_day: '2020-03-04',
    });
  });

  it('opens on the latest day when the topics match there, by category as well as by words', async () => {
    const token = await userFollowing('cs.LG', 'stat.ML');
    // No other day is looked for then: latest_topic_day is only given when the day shown has no match.
    expect(await feed(token)).toMatchObject({
      day: '2020-03-05',
      topics_matched: true,
      skipped_day: null,
      latest_topic_day: null,
    });
    expect(await feed(token, '?day=2020-03-04')).toMatchObject({ topics_matched: true, latest_topic_day: null });
  });

  it('stays on the latest day when the topics match nothing anywhere', async () => {
    const token = await userFollowing('no match anywhere');
    expect(await feed(token)).toMatchObject({
      day: '2020-03-05',
      total: 1,
      topics_matched: false,
      skipped_day: null,
      latest_topic_day: null,
    });
  });

  it('says nothing about topics to a caller without any', async () => {
    const freshness = { day: '2020-03-05', topics_matched: null, skipped_day: null, latest_topic_day: null };
    expect(await feed(null)).toMatchObject(freshness);
    expect(await feed(await userFollowing())).toMatchObject(freshness);
  });
});
