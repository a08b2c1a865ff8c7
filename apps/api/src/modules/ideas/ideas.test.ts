import { STREAM_DONE, type TGenerateIdeasResponse, type TIdeaProposal, type TStreamEvent } from '@paperbench/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCitations } from '../../ai/grounding/check-citations';
import { ideas } from '../../db/schema';
import { type ModelAndOfflineApps, startModelAndOfflineApps } from '../../test-support/ai-test-apps';
import { findUserIdByToken } from '../../test-support/factories';
import type { FakeLlmServer } from '../../test-support/fake-llm-server';
import type { TestApp } from '../../test-support/test-app';
import { testDrivers } from '../../test-support/test-app';
import { parseEventStream } from '../chat/chat-test-support';
import { bestQuote, citingSentences } from '../conversational/grounded-text';
import { FALLBACK_REASON, USER_IDEA_QUOTA } from './ideas.service';
import { buildIdeasCorpus, buildIdeasUser, IDEAS_CORPUS, passageOf } from './ideas-test-support';
import { buildGnnCorpus, GNN_PAPERS, GNN_TOPIC, OFF_TOPIC_IDS } from './ideas-topic-corpus';

const TOPIC = 'attention for protein folding';
const CORPUS_SIZE = Object.keys(IDEAS_CORPUS).length + GNN_PAPERS.length;
/** The offline titles seen before key phrases: a bare template over single words ("Apply diffusion to road"). */
const TEMPLATE = /^Apply \S+ to \S+$/;

/** The model's ideas: one supported claim about [1], one unsupported about [2], an unknown paper 9. */
const MODEL_IDEAS = {
  ideas: [
    {
      title: 'Attention over folding pathways',
      problem:
        'Attention layers model residue contacts in protein folding [1]. Attention cures 95 % of folding diseases [2]. The order of folding steps is still open.',
      approach: 'Attend over intermediate states instead of residues.',
      novelty: 'Earlier work attends over residues only.',
      experiments: 'Compare predicted pathways with measured ones.',
      risks: 'Intermediate states are rarely observed.',
      based_on: [1, 9],
      scores: { interest: 8, feasibility: 6, novelty: 7 },
    },
    {
      title: 'Memory for folding',
      problem: 'Attention with external memory predicts protein folding pathways [2].',
      approach: 'Store partial folds in memory.',
      novelty: 'Memory of partial folds.',
      experiments: 'Ablate the memory.',
      risks: 'Memory may not help.',
      based_on: [2],
      scores: { interest: 6, feasibility: 7, novelty: 5 },
    },
  ],
};

/** Every cited sentence of every text field of an idea passes the checker against the basis passages. */
function expectCheckerPasses(idea: TIdeaProposal, passages: ReadonlyMap<number, string>) {
  for (const text of [idea.problem, idea.approach, idea.novelty, idea.experiments, idea.risks]) {
    const quotes = new Map(
      [...citingSentences(text)].map(([n, citing]) => [n, [bestQuote(passages.get(n) ?? '', citing)]] as const),
    );
    const verdict = checkCitations({ answer: text, quotes, passages });
    for (const sentence of verdict.sentences) {
      if (sentence.citations.length > 0) expect(sentence, text).toMatchObject({ supported: true });
    }
  }
}

describe.each(testDrivers())('/api/ideas (%s)', (driver) => {
  let apps: ModelAndOfflineApps;
  let fake: FakeLlmServer;
  let model: TestApp;
  let offline: TestApp;
  let modelUser: { token: string };
  let offlineUser: { token: string };
  beforeAll(async () => {
    apps = await startModelAndOfflineApps(driver);
    ({ fake, model, offline } = apps);
    await Promise.all([buildIdeasCorpus(model.db), buildIdeasCorpus(offline.db)]);
    await Promise.all([buildGnnCorpus(model.db), buildGnnCorpus(offline.db)]);
    [modelUser, offlineUser] = await Promise.all([buildIdeasUser(model.db), buildIdeasUser(offline.db)]);
  });
  afterAll(() => apps.close());

  const send = (app: TestApp, token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.app.inject({ method, url, payload, headers: { 'x-user-id': token } });
  const generate = async (app: TestApp, token: string, payload: object) => {
    const response = await send(app, token, 'POST', '/api/ideas/generate', payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TGenerateIdeasResponse;
  };
  const savedCount = async (app: TestApp) => (await app.db.select({ n: count() }).from(ideas))[0]?.n ?? 0;

  describe('offline: literature-based discovery', () => {
    it('proposes ideas from the selected papers and the topic, with evidence and a novelty check, labelled', async () => {
      const answer = await generate(offline, offlineUser.token, { topic: TOPIC, count: 3 });
      expect(answer).toMatchObject({ source: 'extractive', fallback_reason: null });
      // The selected papers first, then the topic's best search hits.
      expect(answer.basis.slice(0, 2).map((paper) => paper.paper_id)).toEqual([
        IDEAS_CORPUS.attention.paperId,
        IDEAS_CORPUS.attentionMemory.paperId,
      ]);
      const basisTexts = Object.values(IDEAS_CORPUS)
        .filter((paper) => answer.basis.some((basis) => basis.paper_id === paper.paperId))
        .map((paper) => `${paper.title} ${paper.abstract}`.toLowerCase());
      expect(answer.ideas.length).toBeGreaterThan(0);
      expect(answer.ideas.length).toBeLessThanOrEqual(3);
      for (const idea of answer.ideas) {
        expect(idea).toMatchObject({ source: 'extractive', scores: null, topic: TOPIC, plan: null });
        expect(idea.title).not.toMatch(TEMPLATE);
        expect(idea.title).toMatch(/attention|protein folding/i);
        const [ab, bc] = idea.evidence;
        expect(ab?.link).toBe('A-B');
        expect(bc?.link).toBe('B-C');
        expect(ab?.terms).toEqual([TOPIC, bc?.terms[0]]);
        const target = bc?.terms[1] ?? '';
        // A phrase of several words that no basis paper holds.
        expect(target.split(' ').length).toBeGreaterThan(1);
        expect(basisTexts.filter((text) => text.includes(target))).toEqual([]);
        expect(bc?.papers.length).toBeGreaterThan(0);
        const check = idea.novelty_check;
        expect(check.searched).toBe(CORPUS_SIZE);
        expect(check.nearest.length).toBeGreaterThan(0);
        expect(check.nearest.length).toBeLessThanOrEqual(5);
        expect(check.nearest.map((paper) => paper.n)).toEqual(check.nearest.map((_, index) => index + 1));
        expect(check.rationale_source).toBe('extractive');
        expect(['likely_novel', 'partly_explored', 'well_explored']).toContain(check.label);
      }
      const titles = answer.ideas.map((idea) => idea.title);
      expect(new Set(titles).size).toBe(titles.length);
      // Deterministic: the same request gives the same ideas.
      const again = await generate(offline, offlineUser.token, { topic: TOPIC, count: 3 });
      expect(again.ideas.map((idea) => idea.title)).toEqual(titles);
      expect(again.ideas.map((idea) => idea.novelty_check)).toEqual(answer.ideas.map((idea) => idea.novelty_check));
    });

    it('stays on a topic with ten papers or more: molecular and graph phrases, on-topic nearest papers', async () => {
      const onTopic = (id: string) => !OFF_TOPIC_IDS.has(id) && GNN_PAPERS.some((paper) => paper.paperId === id);
      for (const payload of [
        { topic: GNN_TOPIC, count: 3, use_selected: false },
        // With a paper selected it still finds ideas (it once found none).
        { topic: GNN_TOPIC, count: 3, selected_files: [{ platform: 'arxiv', paper_id: GNN_PAPERS[3].paperId }] },
      ]) {
        const answer = await generate(offline, offlineUser.token, payload);
        expect(
          answer.basis.every((paper) => onTopic(paper.paper_id)),
          JSON.stringify(answer.basis),
        ).toBe(true);
        expect(answer.ideas.length).toBe(3);
        for (const idea of answer.ideas) {
          expect(idea.title).not.toMatch(TEMPLATE);
          expect(idea.title).toMatch(/molecul|graph/i);
          expect(idea.title).not.toMatch(/gps|road|waveguide/i);
          for (const link of idea.evidence) {
            expect(
              link.papers.every((paper) => onTopic(paper.paper_id)),
              JSON.stringify(link),
            ).toBe(true);
          }
          // The novelty check compares with the topic's papers, never the GPS-tracking ones.
          expect(idea.novelty_check.nearest.length).toBeGreaterThan(0);
          expect(idea.novelty_check.nearest.every((paper) => onTopic(paper.paper_id))).toBe(true);
        }
      }
    });

    it('needs only a topic: the nearest corpus papers become the basis', async () => {
      const answer = await generate(offline, offlineUser.token, { topic: 'sleep and memory', use_selected: false });
      expect(answer.basis.length).toBeGreaterThan(0);
      const ids = answer.basis.map((paper) => paper.paper_id);
      expect(ids).toContain(IDEAS_CORPUS.sleep.paperId);
      expect(ids).not.toContain(IDEAS_CORPUS.parsing.paperId);
    });

    it('streams one idea event per saved idea, then done', async () => {
      const before = await savedCount(offline);
      const response = await send(offline, offlineUser.token, 'POST', '/api/ideas/stream_generate', {
        topic: TOPIC,
        count: 2,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      const events = parseEventStream(response.body);
      expect(events.at(-1)).toBe(STREAM_DONE);
      const typed = events.filter((event): event is TStreamEvent => event !== STREAM_DONE);
      expect(typed.slice(0, 2).map((event) => event.type)).toEqual(['sources', 'passages']);
      const ideaEvents = typed.filter((event) => event.type === 'idea');
      expect(ideaEvents.length).toBe(2);
      expect(typed.at(-1)).toMatchObject({ type: 'done', source: 'extractive', message_id: null, abstained: false });
      expect(await savedCount(offline)).toBe(before + 2);
    });

    it('lists, expands (an extractive plan), exports and deletes saved ideas; a stranger gets 404', async () => {
      const list = await send(offline, offlineUser.token, 'GET', '/api/ideas');
      expect(list.statusCode).toBe(200);
      const saved = list.json().ideas as TIdeaProposal[];
      expect(saved.length).toBeGreaterThan(0);
      const idea = saved[0] as TIdeaProposal;
      const stranger = (await buildIdeasUser(offline.db)).token;
      expect((await send(offline, stranger, 'GET', '/api/ideas')).json().ideas).toEqual([]);
      for (const [method, url, payload] of [
        ['POST', '/api/ideas/expand', { id: idea.id }],
        ['GET', `/api/ideas/${idea.id}/export`, undefined],
        ['DELETE', `/api/ideas/${idea.id}`, undefined],
      ] as const) {
        const refused = await send(offline, stranger, method, url, payload);
        expect(refused.statusCode, url).toBe(404);
        expect(refused.json().message).toBe(`Idea ${idea.id} not found`);
      }

      const expanded = await send(offline, offlineUser.token, 'POST', '/api/ideas/expand', { id: idea.id });
      expect(expanded.statusCode, expanded.body).toBe(200);
      const plan = expanded.json().plan;
      expect(plan.source).toBe('extractive');
      expect(plan.experiments.length).toBeGreaterThan(0);
      for (const entry of plan.related_work) {
        const nearest = idea.novelty_check.nearest.find((paper) => paper.n === entry.n);
        expect(nearest, entry.text).toBeDefined();
        expect(entry.text.endsWith(`[${entry.n}]`)).toBe(true);
      }
      expect(expanded.json().expanded_at).not.toBeNull();

      const exported = await send(offline, offlineUser.token, 'GET', `/api/ideas/${idea.id}/export`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toMatch(/^text\/markdown/);
      expect(exported.headers['content-disposition']).toMatch(
        new RegExp(`attachment; filename="idea-${idea.id}-[a-z0-9-]+\\.md"`),
      );
      expect(exported.body).toContain(`# ${idea.title}`);
      expect(exported.body).toContain('## Research plan (assembled without a model)');
      expect(exported.body).toContain(idea.novelty_check.nearest[0]?.title);

      const deleted = await send(offline, offlineUser.token, 'DELETE', `/api/ideas/${idea.id}`);
      expect(deleted.statusCode).toBe(200);
      expect((await send(offline, offlineUser.token, 'DELETE', `/api/ideas/${idea.id}`)).statusCode).toBe(404);
    });

    it('refuses a user past the saved-ideas quota before generating anything', async () => {
      const user = await buildIdeasUser(offline.db);
      const userId = await findUserIdByToken(offline.db, user.token);
      if (userId === null) throw new Error('no user');
      const row = { userId, topic: 'x', title: 'x', source: 'extractive', idea: {}, noveltyCheck: {} };
      await offline.db.insert(ideas).values(Array.from({ length: USER_IDEA_QUOTA }, () => row));
      for (const url of ['/api/ideas/generate', '/api/ideas/stream_generate']) {
        const refused = await send(offline, user.token, 'POST', url, { topic: TOPIC });
        expect(refused.statusCode, url).toBe(409);
        expect(refused.json()).toMatchObject({ error: 'CONFLICT', details: { quota: USER_IDEA_QUOTA } });
      }
      await offline.db.delete(ideas).where(eq(ideas.userId, userId));
    });

    it('refuses bad input with a clear error and saves nothing', async () => {
      const before = await savedCount(offline);
      const cases: [object, RegExp][] = [
        [{ topic: '' }, /topic must not be empty/],
        [{ topic: 'a\u0000b' }, /NUL/],
        [{ topic: TOPIC, count: 11 }, /10/],
        [{ topic: TOPIC, count: 0 }, /1/],
      ];
      for (const [payload, message] of cases) {
        const response = await send(offline, offlineUser.token, 'POST', '/api/ideas/generate', payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.body).toMatch(message);
      }
      const unreadable = await send(offline, offlineUser.token, 'POST', '/api/ideas/generate', {
        topic: TOPIC,
        selected_files: [{ platform: 'upload', paper_id: 'someone-else' }],
      });
      expect(unreadable.statusCode).toBe(404);
      const nothing = await send(offline, offlineUser.token, 'POST', '/api/ideas/generate', {
        topic: 'zzzz qqqq',
        use_selected: false,
      });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().message).toMatch(/No paper of the corpus matches this topic/);
      expect((await send(offline, offlineUser.token, 'POST', '/api/ideas/expand', { id: 999999 })).statusCode).toBe(
        404,
      );
      expect((await send(offline, offlineUser.token, 'GET', '/api/ideas/abc/export')).statusCode).toBe(400);
      expect(await savedCount(offline)).toBe(before);
      expect((await offline.app.inject({ method: 'GET', url: '/api/ideas' })).statusCode).toBe(401);
    });
  });

  describe('with a model', () => {
    const passages = new Map([
      [1, passageOf(IDEAS_CORPUS.attention)],
      [2, passageOf(IDEAS_CORPUS.attentionMemory)],
    ]);

    it('validates the ideas, keeps based_on to the basis, removes unverified claims; the checker passes on every idea', async () => {
      fake.reply(
        { text: JSON.stringify(MODEL_IDEAS) },
        { text: JSON.stringify({ rationale: 'Close to the attention papers.' }) },
        { text: JSON.stringify({ rationale: 'Close to memory networks.' }) },
      );
      const answer = await generate(model, modelUser.token, { topic: TOPIC, count: 2 });
      expect(answer).toMatchObject({ source: 'model', fallback_reason: null });
      const [first, second] = answer.ideas;
      expect(first?.problem).toBe(
        'Attention layers model residue contacts in protein folding [1]. The order of folding steps is still open.',
      );
      expect(first?.based_on.map((paper) => paper.n)).toEqual([1]);
      expect(first?.scores).toEqual({ interest: 8, feasibility: 6, novelty: 7 });
      expect(first?.novelty_check).toMatchObject({
        rationale: 'Close to the attention papers.',
        rationale_source: 'model',
      });
      expect(second?.based_on.map((paper) => paper.paper_id)).toEqual([IDEAS_CORPUS.attentionMemory.paperId]);
      for (const idea of answer.ideas) {
        expect(idea.source).toBe('model');
        expectCheckerPasses(idea, passages);
      }
      // Domain-neutral prompt: no field of research is named (the papers it lists may name theirs).
      const system = JSON.stringify(fake.chatRequests().at(-3)?.body.messages).split('Papers:')[0];
      expect(system).toMatch(/researchers of any discipline/);
      expect(system).not.toMatch(/machine learning|deep learning|neural/i);
    });

    it('repairs bad JSON once', async () => {
      const before = fake.chatRequests().length;
      fake.reply({ text: 'Here are ideas: {oops' }, { text: JSON.stringify(MODEL_IDEAS) }, { status: 500 });
      const answer = await generate(model, modelUser.token, { topic: TOPIC, count: 1 });
      expect(answer.source).toBe('model');
      expect(answer.ideas.length).toBe(1);
      // The rationale failed: the computed one stands in, labelled.
      expect(answer.ideas[0]?.novelty_check.rationale_source).toBe('extractive');
      expect(fake.chatRequests().length - before).toBe(3);
    });

    it('falls back to the offline method, labelled, when the JSON is bad twice', async () => {
      fake.reply({ text: 'not json' }, { text: '{"ideas": "still wrong"}' });
      const answer = await generate(model, modelUser.token, { topic: TOPIC, count: 2 });
      expect(answer).toMatchObject({ source: 'extractive', fallback_reason: FALLBACK_REASON });
      expect(answer.ideas.length).toBeGreaterThan(0);
      for (const idea of answer.ideas) {
        expect(idea).toMatchObject({ source: 'extractive', scores: null });
        expect(idea.novelty_check.rationale_source).toBe('extractive');
      }
    });

    it('streams model ideas; a failing model ends in an error event and saves nothing', async () => {
      fake.reply({ text: JSON.stringify(MODEL_IDEAS) }, { status: 500 }, { status: 500 });
      const ok = parseEventStream(
        (await send(model, modelUser.token, 'POST', '/api/ideas/stream_generate', { topic: TOPIC, count: 2 })).body,
      );
      expect(ok.filter((event) => event !== STREAM_DONE && event.type === 'idea').length).toBe(2);
      expect(ok.at(-2)).toMatchObject({ type: 'done', source: 'model' });

      const before = await savedCount(model);
      fake.reply({ status: 500 });
      const failed = parseEventStream(
        (await send(model, modelUser.token, 'POST', '/api/ideas/stream_generate', { topic: TOPIC })).body,
      );
      expect(failed.at(-2)).toMatchObject({ type: 'error', error: 'BAD_GATEWAY' });
      expect(await savedCount(model)).toBe(before);
      fake.reply({ status: 500 });
      expect((await send(model, modelUser.token, 'POST', '/api/ideas/generate', { topic: TOPIC })).statusCode).toBe(
        502,
      );
    });

    it('expands an idea into a plan whose related work passed the checker', async () => {
      const idea = ((await send(model, modelUser.token, 'GET', '/api/ideas')).json().ideas as TIdeaProposal[])[0];
      if (!idea) throw new Error('no saved idea');
      const nearest = idea.novelty_check.nearest[0];
      if (!nearest) throw new Error('no nearest paper');
      const paper = Object.values(IDEAS_CORPUS).find((p) => p.paperId === nearest.paper_id);
      fake.reply({
        text: JSON.stringify({
          summary: 'Test the idea in three steps.',
          experiments: ['Measure pathways.'],
          baselines: ['Residue attention.'],
          risks: ['Few observed states.'],
          related_work: [
            { n: 1, text: `${paper?.abstract.split('.')[0]}.` },
            { n: 1, text: 'It won a Nobel prize in 1999.' },
            { n: 42, text: 'A paper that was never sent.' },
          ],
        }),
      });
      const response = await send(model, modelUser.token, 'POST', '/api/ideas/expand', { id: idea.id });
      expect(response.statusCode, response.body).toBe(200);
      const plan = response.json().plan;
      expect(plan).toMatchObject({
        source: 'model',
        experiments: ['Measure pathways.'],
        baselines: ['Residue attention.'],
      });
      expect(plan.related_work).toEqual([{ n: 1, text: `${paper?.abstract.split('.')[0]}. [1]` }]);
      // Bad JSON twice: the plan is assembled without a model, labelled.
      fake.reply({ text: 'no plan' }, { text: '{"summary": 3}' });
      const fallback = await send(model, modelUser.token, 'POST', '/api/ideas/expand', { id: idea.id });
      expect(fallback.statusCode, fallback.body).toBe(200);
      expect(fallback.json().plan.source).toBe('extractive');
      fake.reply({
        text: JSON.stringify({
          summary: 'Again.',
          experiments: ['Measure.'],
          baselines: [],
          risks: ['None.'],
          related_work: [],
        }),
      });
      await send(model, modelUser.token, 'POST', '/api/ideas/expand', { id: idea.id });
      const saved = ((await send(model, modelUser.token, 'GET', '/api/ideas')).json().ideas as TIdeaProposal[]).find(
        (row) => row.id === idea.id,
      );
      expect(saved?.plan).toMatchObject({ source: 'model', summary: 'Again.', related_work: [] });
    });
  });
});
