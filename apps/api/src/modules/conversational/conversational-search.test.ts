import type { TConversationalSearchResponse, TStructuredQuery } from '@paperbench/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQueries } from '../../db/schema';
import { type ModelAndOfflineApps, startModelAndOfflineApps } from '../../test-support/ai-test-apps';
import type { FakeLlmServer } from '../../test-support/fake-llm-server';
import { createTestApp, issueUserId, pgliteOnly, type TestApp } from '../../test-support/test-app';
import { SEARCH_SUMMARY_ABSTENTION } from '../summaries/search-summary.service';
import { NO_SEARCH_WORDS_ANSWER } from './conversational-search.service';
import { ask, buildCorpus, CORPUS } from './conversational-test-support';
import { parseConversation } from './parse-request';

const URL = '/api/improved-conversational/search';

/** A valid model rewrite of "protein language models for enzymes since 2019 in q-bio.BM, not reviews". */
const MODEL_QUERY = {
  terms: ['protein language models', 'enzyme'],
  phrases: [],
  categories: ['q-bio.BM', 'cs.XX'],
  date_from: '2019-01-01',
  date_to: null,
  exclude: ['review'],
};

/** One supported sentence about paper [1], one citing [2], which is not among the results. */
const MODEL_SYNTHESIS = [
  'Protein language models were fine-tuned to design enzymes with higher catalytic activity [1]. They also cure cancer in mice [2].',
  'EVIDENCE:',
  '[1] "fine-tune protein language models to design enzymes with higher catalytic activity"',
  '[2] "cure cancer in mice"',
].join('\n');

const MODEL_SUGGESTIONS = {
  suggestions: ['only since 2021', 'focus on catalytic activity', 'without directed evolution'],
};

describe.each(pgliteOnly())('POST /api/improved-conversational/search (%s)', (driver) => {
  let apps: ModelAndOfflineApps;
  let fake: FakeLlmServer;
  let model: TestApp;
  let offline: TestApp;
  beforeAll(async () => {
    apps = await startModelAndOfflineApps(driver);
    ({ fake, model, offline } = apps);
    await Promise.all([buildCorpus(model.db), buildCorpus(offline.db)]);
  });
  afterAll(() => apps.close());

  const converse = (app: TestApp, payload: object) => app.app.inject({ method: 'POST', url: URL, payload });
  const answerOf = async (app: TestApp, payload: object) => {
    const response = await converse(app, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TConversationalSearchResponse;
  };
  const ids = (answer: TConversationalSearchResponse) => answer.papers.map((paper) => paper.paper_id).sort();
  const recordedQueries = async (app: TestApp) => (await app.db.select({ n: count() }).from(searchQueries))[0]?.n;

  describe('offline (no model)', () => {
    it('parses the request, searches the corpus and cites the abstracts, labelled extractive', async () => {
      const answer = await answerOf(offline, { turns: ask('work on protein language models, not reviews') });
      expect(answer).toMatchObject({
        mode: 'extractive',
        query_source: 'parser',
        query: { terms: ['protein', 'language', 'models'], exclude: ['reviews'], categories: [], date_from: null },
        search_query: 'protein language models -reviews',
        total: 3,
      });
      expect(ids(answer)).toEqual([CORPUS.design.paperId, CORPUS.evolution.paperId, CORPUS.structure.paperId].sort());
      const { synthesis } = answer;
      expect(synthesis).toMatchObject({ source: 'extractive', abstained: false, checked: true, unsupported: [] });
      expect(synthesis.citations.length).toBeGreaterThan(0);
      for (const citation of synthesis.citations) {
        // [n] is papers[n-1], and its quote is that paper's own abstract sentence, cited in the text.
        const paper = answer.papers[citation.n - 1];
        expect(citation.paper_id).toBe(paper?.paper_id);
        expect(paper?.abstract).toContain(citation.quote);
        expect(synthesis.text).toContain(`${citation.quote} [${citation.n}]`);
      }
      expect(answer.suggestions.length).toBeGreaterThan(0);
      expect(answer.suggestions.length).toBeLessThanOrEqual(4);
      // Built queries are not popular completions.
      expect(await recordedQueries(offline)).toBe(0);
    });

    it('reads "recent" as the two years before the newest paper of the corpus', async () => {
      const answer = await answerOf(offline, { turns: ask('recent work on protein language models, not reviews') });
      // The newest paper is the review (2022-01-01), excluded itself; the design paper (2021) is recent.
      expect(answer.query).toMatchObject({ terms: ['protein', 'language', 'models'], date_from: '2020-01-01' });
      expect(ids(answer)).toEqual([CORPUS.design.paperId]);
    });

    it('refines the previous query on a follow-up instead of starting over', async () => {
      const first = await answerOf(offline, { turns: ask('protein language models, not reviews') });
      const turns = [
        ...ask('protein language models, not reviews'),
        { role: 'assistant', text: first.synthesis.text.slice(0, 2000) },
        { role: 'user', text: 'only since 2019' },
      ];
      const second = await answerOf(offline, { turns, previous_query: first.query });
      expect(second.query).toEqual({ ...first.query, date_from: '2019-01-01' });
      expect(ids(second)).toEqual([CORPUS.design.paperId, CORPUS.evolution.paperId].sort());
      const third = await answerOf(offline, {
        turns: [...turns, { role: 'assistant', text: 'Two papers.' }, { role: 'user', text: 'focus on enzyme design' }],
        previous_query: second.query,
      });
      expect(third.query.terms).toEqual(['protein', 'language', 'models', 'enzyme', 'design']);
      expect(ids(third)).toEqual([CORPUS.design.paperId]);
      // The chips as the user edited them are what a follow-up refines.
      const edited: TStructuredQuery = { ...second.query, terms: ['directed', 'evolution'] };
      const fourth = await answerOf(offline, { turns, previous_query: edited });
      expect(fourth.query.terms).toEqual(['directed', 'evolution']);
      expect(ids(fourth)).toEqual([CORPUS.evolution.paperId]);
    });

    it('runs chips the user edited as given (query_edited): the turn is not read again, so a removed filter stays removed', async () => {
      const request = ask('protein language models in q-bio.BM before 2022');
      const first = await answerOf(offline, { turns: request });
      expect(first.query).toMatchObject({ categories: ['q-bio.BM'], date_to: '2021-12-31' });
      const withoutCategory: TStructuredQuery = { ...first.query, categories: ['q-bio.BM', 'xx.NOPE'].slice(1) };
      // Without the flag the request is read on top of the chips and brings the category back.
      const reread = await answerOf(offline, { turns: request, previous_query: withoutCategory });
      expect(reread.query.categories).toEqual(['q-bio.BM']);
      const edited = await answerOf(offline, { turns: request, previous_query: withoutCategory, query_edited: true });
      expect(edited.query_source).toBe('user');
      // An unknown category the user typed is dropped, as for the model's.
      expect(edited.query).toEqual({ ...first.query, categories: [] });
      expect(edited.total).toBeGreaterThan(first.total);
    });

    it('filters by category and date range, and relaxes when every term together finds nothing', async () => {
      const inCategory = await answerOf(offline, { turns: ask('protein language models in q-bio.BM before 2022') });
      expect(inCategory.query).toMatchObject({ categories: ['q-bio.BM'], date_to: '2021-12-31' });
      expect(ids(inCategory)).toEqual([CORPUS.design.paperId, CORPUS.structure.paperId].sort());
      const relaxed = await answerOf(offline, { turns: ask('enzyme parsing') });
      expect(relaxed.search_query).toBe('enzyme OR parsing');
      expect(relaxed.papers.map((paper) => paper.paper_id)).toContain(CORPUS.parsing.paperId);
      expect(relaxed.total).toBe(4);
      // Three terms or more: any two of them before any one.
      const pairs = await answerOf(offline, { turns: ask('enzyme variants parsing') });
      expect(pairs.search_query).toBe('enzyme variants OR enzyme parsing OR variants parsing');
      expect(ids(pairs)).toEqual([CORPUS.design.paperId, CORPUS.evolution.paperId].sort());
    });

    it('abstains, without searching, when the request names no topic', async () => {
      const answer = await answerOf(offline, { turns: ask('since 2018') });
      expect(answer).toMatchObject({
        papers: [],
        total: 0,
        search_query: '',
        suggestions: [],
        synthesis: { text: NO_SEARCH_WORDS_ANSWER, abstained: true, citations: [] },
      });
    });

    it('abstains when nothing is found', async () => {
      const answer = await answerOf(offline, { turns: ask('lattice chromodynamics') });
      expect(answer).toMatchObject({ total: 0, synthesis: { text: SEARCH_SUMMARY_ABSTENTION, abstained: true } });
    });
  });

  describe('with a model', () => {
    it('rewrites the turn into a structured query, cites only what the checker verifies, and suggests follow-ups', async () => {
      const before = fake.chatRequests().length;
      fake.reply(
        { text: JSON.stringify(MODEL_QUERY) },
        { text: MODEL_SYNTHESIS },
        { text: JSON.stringify(MODEL_SUGGESTIONS) },
      );
      const answer = await answerOf(model, {
        turns: ask('protein language models for enzymes since 2019 in q-bio.BM, not reviews'),
      });
      const calls = fake.chatRequests().slice(before);
      expect(calls).toHaveLength(3);
      expect(JSON.stringify(calls[0]?.body.messages)).toContain('protein language models for enzymes since 2019');
      expect(answer).toMatchObject({
        mode: 'model',
        query_source: 'model',
        // A category the corpus does not have is dropped, not searched for.
        query: {
          terms: ['protein language models', 'enzyme'],
          categories: ['q-bio.BM'],
          date_from: '2019-01-01',
          exclude: ['review'],
        },
        search_query: 'protein language models enzyme -review',
      });
      expect(ids(answer)).toEqual([CORPUS.design.paperId]);
      expect(answer.synthesis).toEqual({
        text: 'Protein language models were fine-tuned to design enzymes with higher catalytic activity [1].',
        source: 'model',
        citations: [
          {
            n: 1,
            platform: 'arxiv',
            paper_id: CORPUS.design.paperId,
            quote: 'We fine-tune protein language models to design enzymes with higher catalytic activity.',
          },
        ],
        unsupported: [2],
        abstained: false,
        checked: true,
      });
      expect(answer.suggestions).toEqual(MODEL_SUGGESTIONS.suggestions);
    });

    it('sends the previous query with a follow-up', async () => {
      const before = fake.chatRequests().length;
      const previous = { ...MODEL_QUERY, categories: ['q-bio.BM'] };
      fake.reply(
        { text: JSON.stringify({ ...previous, date_from: '2021-01-01' }) },
        { text: MODEL_SYNTHESIS },
        { text: JSON.stringify(MODEL_SUGGESTIONS) },
      );
      const answer = await answerOf(model, { turns: ask('only since 2021'), previous_query: previous });
      const prompt = JSON.stringify(fake.chatRequests()[before]?.body.messages);
      expect(prompt).toContain('Previous query');
      expect(prompt).toContain('q-bio.BM');
      expect(answer.query.date_from).toBe('2021-01-01');
    });

    it('abstains when no sentence of the synthesis survives the checker', async () => {
      fake.reply(
        { text: JSON.stringify(MODEL_QUERY) },
        { text: 'Enzymes are designed by quantum computers [3].\nEVIDENCE:\n[3] "quantum computers"' },
        { text: JSON.stringify(MODEL_SUGGESTIONS) },
      );
      const answer = await answerOf(model, { turns: ask('protein language models for enzymes') });
      expect(answer.synthesis).toMatchObject({
        text: SEARCH_SUMMARY_ABSTENTION,
        abstained: true,
        citations: [],
        unsupported: [3],
        source: 'model',
      });
    });

    it('repairs an invalid rewrite once', async () => {
      const before = fake.chatRequests().length;
      fake.reply(
        { text: 'Sure! The query is about protein language models.' },
        { text: JSON.stringify(MODEL_QUERY) },
        { text: MODEL_SYNTHESIS },
        { text: JSON.stringify(MODEL_SUGGESTIONS) },
      );
      const answer = await answerOf(model, { turns: ask('protein language models for enzymes') });
      expect(answer.query_source).toBe('model');
      const repair = fake.chatRequests()[before + 1];
      expect(JSON.stringify(repair?.body.messages)).toContain('Your reply was not valid');
    });

    it('falls back to the offline parser, and says so, when the rewrite stays invalid', async () => {
      const text = 'protein language models in q-bio.BM, not reviews';
      fake.reply(
        { text: 'no JSON here' },
        { text: '{"terms": "not a list"}' },
        { text: MODEL_SYNTHESIS },
        { text: JSON.stringify(MODEL_SUGGESTIONS) },
      );
      const answer = await answerOf(model, { turns: ask(text) });
      expect(answer).toMatchObject({
        mode: 'model',
        query_source: 'parser',
        query: parseConversation(ask(text), undefined),
      });
      expect(answer.query.categories).toEqual(['q-bio.BM']);
    });

    it('falls back to offline suggestions when the model gives none usable', async () => {
      fake.reply(
        { text: JSON.stringify(MODEL_QUERY) },
        { text: MODEL_SYNTHESIS },
        { text: JSON.stringify({ suggestions: ['', 'x'] }) },
      );
      const answer = await answerOf(model, {
        turns: ask('protein language models'),
        previous_query: { ...MODEL_QUERY, categories: [], date_from: null, terms: ['protein', 'language', 'models'] },
      });
      expect(answer.suggestions.length).toBeGreaterThan(0);
      for (const suggestion of answer.suggestions) expect(suggestion).toMatch(/^(focus on|only in|only since) /);
    });

    it('answers 502 when the model fails to write the synthesis', async () => {
      fake.reply({ text: JSON.stringify(MODEL_QUERY) }, { status: 500 });
      const response = await converse(model, { turns: ask('protein language models for enzymes') });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error: 'BAD_GATEWAY' });
    });
  });

  it('counts against the ai budget (both routes)', async () => {
    const limited = await createTestApp(driver, { seed: false, env: { RATE_LIMIT_AI_PER_MINUTE: '2' } });
    try {
      await buildCorpus(limited.db);
      const token = await issueUserId(limited.app);
      const headers = { 'x-user-id': token };
      const search = { method: 'POST' as const, url: URL, payload: { turns: ask('protein language models') }, headers };
      expect((await limited.app.inject(search)).statusCode).toBe(200);
      const analyze = {
        method: 'POST' as const,
        url: '/api/improved-conversational/analyze-paper',
        payload: { turns: ask('protein language models'), paper_id: CORPUS.design.paperId },
        headers,
      };
      expect((await limited.app.inject(analyze)).statusCode).toBe(200);
      for (const request of [search, analyze]) {
        const refused = await limited.app.inject(request);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS', details: { budget: 'ai' } });
      }
    } finally {
      await limited.close();
    }
  });

  describe('bad input', () => {
    const twentyOne = Array.from({ length: 21 }, (_, index) => ({
      role: index % 2 === 0 ? 'user' : 'assistant',
      text: `turn ${index}`,
    }));
    it.each([
      ['a NUL character', { turns: ask('protein\u0000models') }, 'NUL'],
      ['more than 20 turns', { turns: twentyOne }, 'at most 20 turns'],
      ['no turn', { turns: [] }, 'at least the new request'],
      ['a blank last turn', { turns: ask('   ') }, 'must not be empty'],
      ['an assistant last turn', { turns: [...ask('graphs'), { role: 'assistant', text: 'ok' }] }, "user's request"],
      ['a turn over 2,000 characters', { turns: ask('x'.repeat(2001)) }, 'at most 2000'],
      ['a bad previous date', { turns: ask('graphs'), previous_query: { date_from: '2019-02-30' } }, 'calendar date'],
      ['a bad category', { turns: ask('graphs'), previous_query: { categories: ['cs.CL; drop'] } }, 'category'],
      ['a limit over 50', { turns: ask('graphs'), limit: 51 }, 'limit'],
    ])('refuses %s with 400, calling no model and writing nothing', async (_name, payload, message) => {
      const before = fake.chatRequests().length;
      const response = await converse(model, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('INVALID_REQUEST');
      expect(JSON.stringify(response.json())).toContain(message);
      expect(fake.chatRequests()).toHaveLength(before);
      expect(await recordedQueries(model)).toBe(0);
    });
  });
});
