import type { TMonitorResponse } from '@paperbench/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers, topics } from '../../db/schema';
import type { NewPaper } from '../../ingest/arxiv-record';
import { buildPaper, buildUpload, buildUser } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { RECENT_WALK } from './monitor.repo';

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

describe.each(testDrivers())('paper monitor (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  const follow = (token: string, topic: string) =>
    t.app.inject({ method: 'POST', url: '/api/topics', payload: { topic }, headers: { 'x-user-id': token } });
  const monitor = async (token: string) => {
    const response = await t.app.inject({ url: '/api/monitor', headers: { 'x-user-id': token } });
    expect(response.statusCode).toBe(200);
    return response.json() as TMonitorResponse;
  };
  const markSeen = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/monitor/seen', payload, headers: { 'x-user-id': token } });
  /** Pretends the user followed (and last looked at) the topic `hours` ago. */
  const lastLookedAt = (userId: number, topic: string, at: Date) =>
    t.db
      .update(topics)
      .set({ lastSeenAt: at })
      .where(and(eq(topics.userId, userId), eq(topics.topic, topic)));
  const topicOf = async (token: string, topic: string) => (await monitor(token)).topics.find((x) => x.topic === topic);

  it('requires X-User-ID', async () => {
    expect((await t.app.inject({ url: '/api/monitor' })).statusCode).toBe(401);
    const seen = await t.app.inject({ method: 'POST', url: '/api/monitor/seen', payload: { topic: 'x' } });
    expect(seen.statusCode).toBe(401);
  });

  it('shows nothing for a user without topics', async () => {
    const user = await buildUser(t.db);
    const answer = await monitor(user.token);
    expect(answer.topics).toEqual([]);
    expect(Date.parse(answer.checked_at)).not.toBeNaN();
  });

  it('a freshly followed topic shows its latest matching papers, none of them new', async () => {
    const user = await buildUser(t.db);
    for (const [id, date] of [
      ['2001', '2019-01-05'],
      ['2002', '2019-03-01'],
      ['2003', '2018-07-07'],
    ] as const) {
      await buildPaper(t.db, { paperId: `frobnicator.${id}`, title: 'Frobnicator lattices', publishedDate: date });
    }
    await buildPaper(t.db, { title: 'Unrelated tableaux', publishedDate: '2019-12-31' });
    await follow(user.token, 'frobnicator');
    const [topic] = (await monitor(user.token)).topics;
    expect(topic).toMatchObject({ topic: 'frobnicator', new_count: 0 });
    expect(topic?.papers.map((p) => [p.paper_id, p.is_new])).toEqual([
      ['frobnicator.2002', false],
      ['frobnicator.2001', false],
      ['frobnicator.2003', false],
    ]);
    expect(topic?.papers[0]).toMatchObject({ title: 'Frobnicator lattices', categories: ['cs.DL'], platform: 'arxiv' });
  });

  it('counts the papers added since the user last looked, lists them first, and "seen" clears them', async () => {
    const user = await buildUser(t.db);
    await buildPaper(t.db, { title: 'Quuxotic flows, old', publishedDate: '2019-11-01', createdAt: hoursAgo(3) });
    await follow(user.token, 'quuxotic');
    await lastLookedAt(user.id, 'quuxotic', hoursAgo(2));
    // Seven arrive (a harvest), published earlier than the old one: new still comes first.
    for (let i = 0; i < 7; i += 1) {
      await buildPaper(t.db, {
        paperId: `quux.${i}`,
        title: `Quuxotic flows ${i}`,
        publishedDate: `2019-10-0${i + 1}`,
      });
    }
    const before = await topicOf(user.token, 'quuxotic');
    expect(before?.new_count).toBe(7);
    expect(before?.papers).toHaveLength(5);
    expect(before?.papers.every((p) => p.is_new)).toBe(true);
    expect(before?.papers.map((p) => p.paper_id)).toEqual(['quux.6', 'quux.5', 'quux.4', 'quux.3', 'quux.2']);

    expect((await markSeen(user.token, { topic: 'QUUXOTIC' })).json()).toEqual({ ok: true });
    const after = await topicOf(user.token, 'quuxotic');
    expect(after?.new_count).toBe(0);
    // Nothing is new any more, so the latest published comes first again.
    expect(after?.papers.map((p) => [p.title, p.is_new])[0]).toEqual(['Quuxotic flows, old', false]);
    expect(after?.papers.some((p) => p.is_new)).toBe(false);
    expect(Date.parse(after?.last_seen_at ?? '')).toBeGreaterThan(Date.parse(before?.last_seen_at ?? ''));

    await buildPaper(t.db, { paperId: 'quux.late', title: 'Quuxotic flows, late', publishedDate: '2018-01-01' });
    const later = await topicOf(user.token, 'quuxotic');
    expect(later?.new_count).toBe(1);
    expect(later?.papers[0]).toMatchObject({ paper_id: 'quux.late', is_new: true });
  });

  it('seen_at (the answer’s checked_at) keeps papers that arrived after it new; it never moves back', async () => {
    const user = await buildUser(t.db);
    await follow(user.token, 'zibberish');
    await lastLookedAt(user.id, 'zibberish', hoursAgo(5));
    await buildPaper(t.db, { title: 'Zibberish one', createdAt: hoursAgo(4) });
    const shown = await monitor(user.token);
    expect(shown.topics[0]?.new_count).toBe(1);
    await buildPaper(t.db, { title: 'Zibberish two' });
    expect((await markSeen(user.token, { topic: 'zibberish', seen_at: shown.checked_at })).json()).toEqual({
      ok: true,
    });
    expect((await topicOf(user.token, 'zibberish'))?.new_count).toBe(1);
    const seenAt = (await topicOf(user.token, 'zibberish'))?.last_seen_at;
    await markSeen(user.token, { topic: 'zibberish', seen_at: '2000-01-01T00:00:00Z' });
    expect((await topicOf(user.token, 'zibberish'))?.last_seen_at).toBe(seenAt);
  });

  it('a seen_at in the future stops at now, so later papers are still new', async () => {
    const user = await buildUser(t.db);
    await follow(user.token, 'glorpstone');
    await markSeen(user.token, { topic: 'glorpstone', seen_at: '2999-01-01T00:00:00Z' });
    // A second after the mark: PGlite's clock may give the mark and an insert right after it the same
    // instant, and a paper added at the very moment it was seen is not new.
    await buildPaper(t.db, { title: 'Glorpstone', createdAt: new Date(Date.now() + 1000) });
    expect((await topicOf(user.token, 'glorpstone'))?.new_count).toBe(1);
  });

  it('marking a topic the user does not follow answers ok: false; bad bodies are 400', async () => {
    const user = await buildUser(t.db);
    expect((await markSeen(user.token, { topic: 'never followed' })).json()).toEqual({ ok: false });
    const long = await markSeen(user.token, { topic: 'x'.repeat(10_000) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('topic must be at most 100 characters');
    const badTime = await markSeen(user.token, { topic: 'x', seen_at: 'yesterday' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().details.fields[0]).toMatchObject({ field: 'seen_at' });
  });

  it('matches a category topic by category, keeps topics in follow order, and shows only the caller’s', async () => {
    const [user, other] = [await buildUser(t.db), await buildUser(t.db)];
    await buildPaper(t.db, { title: 'A plain title', categories: ['nlin.AO', 'cs.MA'] });
    await follow(user.token, 'nlin.AO');
    await follow(user.token, 'frobnicator');
    await follow(other.token, 'elsewhere');
    const answer = await monitor(user.token);
    expect(answer.topics.map((x) => x.topic)).toEqual(['nlin.AO', 'frobnicator']);
    expect(answer.topics[0]?.papers.map((p) => p.title)).toEqual(['A plain title']);
  });

  it('never shows uploads, not even the caller’s own', async () => {
    const user = await buildUser(t.db);
    await buildUpload(t.db, { ownerId: user.id, title: 'Snarfblat private draft' });
    await follow(user.token, 'snarfblat');
    expect((await topicOf(user.token, 'snarfblat'))?.papers).toEqual([]);
  });

  it('shows the latest matches of a topic among the newest papers and of one older than all of them', async () => {
    const user = await buildUser(t.db);
    const paper = (paperId: string, title: string, publishedDate: string): NewPaper => ({
      platform: 'arxiv',
      paperId,
      title,
      authors: ['Walk Er'],
      abstract: 'Nothing to see.',
      categories: ['math.CO'],
      publishedDate,
      pdfUrl: null,
    });
    // More papers than the monitor tests before it reads every match, all newer than the old topic's.
    const id = (i: number) => String(i).padStart(5, '0');
    const newer = Array.from({ length: RECENT_WALK + 10 }, (_, i) =>
      i % 100 === 0
        ? paper(`walk.q${id(i)}`, `Quillothane notes ${i}`, '2021-06-01')
        : paper(`walk.n${id(i)}`, `Filler ${i}`, '2021-05-01'),
    );
    const quillothanes = newer.filter((p) => p.title.startsWith('Quillothane')).map((p) => p.paperId);
    for (let from = 0; from < newer.length; from += 500)
      await t.db.insert(papers).values(newer.slice(from, from + 500));
    const old = Array.from({ length: 7 }, (_, i) => paper(`walk.g${i}`, `Glimmerwort study ${i}`, `2001-01-0${i + 1}`));
    await t.db.insert(papers).values(old);
    await follow(user.token, 'quillothane');
    await follow(user.token, 'glimmerwort');
    const answer = await monitor(user.token);
    const shown = (topic: string) => answer.topics.find((x) => x.topic === topic)?.papers.map((p) => p.paper_id);
    // Among the newest: the walk finds them (ties on the date go by paper id, descending).
    expect(shown('quillothane')).toEqual(quillothanes.reverse().slice(0, 5));
    // Older than every paper the walk tests: read through the full-text index instead.
    expect(shown('glimmerwort')).toEqual(['walk.g6', 'walk.g5', 'walk.g4', 'walk.g3', 'walk.g2']);
  });
});
