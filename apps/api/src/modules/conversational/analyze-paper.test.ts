import type { TAnalyzePaperResponse } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModelAndOfflineApps, startModelAndOfflineApps } from '../../test-support/ai-test-apps';
import { buildPassages, buildUpload, buildUser } from '../../test-support/factories';
import type { FakeLlmServer } from '../../test-support/fake-llm-server';
import { pgliteOnly, type TestApp } from '../../test-support/test-app';
import { ANALYSIS_ABSTENTION } from './analyze-paper.service';
import { ask, buildCorpus, CORPUS } from './conversational-test-support';

const URL = '/api/improved-conversational/analyze-paper';

/** The evolution paper's extracted full text: one passage a page. */
const FULL_TEXT = [
  { text: 'Directed evolution improves enzymes through rounds of mutation and selection in the laboratory.', page: 1 },
  {
    text: 'We use a protein language model to rank enzyme variants before each round of directed evolution, which halves the number of assays.',
    page: 2,
  },
  { text: 'All experiments were run on a single graphics card over two weeks.', page: 3 },
];

const REQUEST = 'protein language models for enzyme design';

describe.each(pgliteOnly())('POST /api/improved-conversational/analyze-paper (%s)', (driver) => {
  let apps: ModelAndOfflineApps;
  let fake: FakeLlmServer;
  let model: TestApp;
  let offline: TestApp;
  beforeAll(async () => {
    apps = await startModelAndOfflineApps(driver);
    ({ fake, model, offline } = apps);
    for (const app of [model, offline]) {
      await buildCorpus(app.db);
      await buildPassages(app.db, { paperId: CORPUS.evolution.paperId }, FULL_TEXT);
    }
  });
  afterAll(() => apps.close());

  const analyze = (app: TestApp, payload: object, token?: string) =>
    app.app.inject({ method: 'POST', url: URL, payload, headers: token ? { 'x-user-id': token } : {} });
  const analysisOf = async (app: TestApp, payload: object, token?: string) => {
    const response = await analyze(app, payload, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TAnalyzePaperResponse;
  };

  describe('offline (no model)', () => {
    it('quotes the abstract when there is no full text, each sentence cited, labelled extractive', async () => {
      const analysis = await analysisOf(offline, { turns: ask(REQUEST), paper_id: CORPUS.design.paperId });
      expect(analysis).toMatchObject({
        paper_id: CORPUS.design.paperId,
        platform: 'arxiv',
        source: 'abstract',
        mode: 'extractive',
        abstained: false,
        unsupported: [],
      });
      expect(analysis.citations.length).toBeGreaterThan(0);
      for (const citation of analysis.citations) {
        expect(citation.page).toBeNull();
        expect(`${CORPUS.design.title}. ${CORPUS.design.abstract}`).toContain(citation.quote);
        expect(analysis.text).toContain(`[${citation.n}]`);
      }
    });

    it('reads the full text when it is ready, with the page of each quote', async () => {
      const analysis = await analysisOf(offline, {
        turns: ask('which papers use language models for directed evolution?'),
        query: { terms: ['protein', 'language', 'model', 'enzyme', 'variants'] },
        paper_id: CORPUS.evolution.paperId,
      });
      expect(analysis).toMatchObject({ source: 'full_text', abstained: false, mode: 'extractive' });
      expect(analysis.citations).toContainEqual(expect.objectContaining({ page: 2, quote: FULL_TEXT[1]?.text }));
      expect(analysis.text).toContain(FULL_TEXT[1]?.text);
    });

    it('abstains when nothing in the paper bears on the conversation', async () => {
      const analysis = await analysisOf(offline, {
        turns: ask('lattice quantum chromodynamics'),
        paper_id: CORPUS.design.paperId,
      });
      expect(analysis).toMatchObject({ text: ANALYSIS_ABSTENTION, abstained: true, citations: [] });
    });
  });

  describe('with a model', () => {
    it('grounds the answer in the ranked passages and drops what the checker cannot verify', async () => {
      const before = fake.chatRequests().length;
      fake.reply({
        text: [
          'The paper ranks enzyme variants with a protein language model before each round of directed evolution [1]. It halves the number of assays by 90 % [2]. It was published in Nature [7].',
          'EVIDENCE:',
          '[1] "rank enzyme variants before each round of directed evolution"',
          '[2] "halves the number of assays"',
          '[7] "Nature"',
        ].join('\n'),
      });
      const analysis = await analysisOf(model, {
        turns: ask('language models that rank enzyme variants'),
        paper_id: CORPUS.evolution.paperId,
      });
      const system = fake.chatRequests()[before]?.body.messages[0].content as string;
      expect(system).toContain(`[1] (page 2)\n${FULL_TEXT[1]?.text}`);
      expect(analysis).toMatchObject({ source: 'full_text', mode: 'model', abstained: false });
      // [2]'s sentence claims a number its passage lacks, [7] is no passage: both dropped.
      expect(analysis.text).toBe(
        'The paper ranks enzyme variants with a protein language model before each round of directed evolution [1].',
      );
      expect(analysis.citations).toEqual([{ n: 1, quote: FULL_TEXT[1]?.text, page: 2 }]);
      expect(analysis.unsupported).toEqual(expect.arrayContaining([2, 7]));
    });

    it('abstains without calling the model when no passage covers the request', async () => {
      const before = fake.chatRequests().length;
      const analysis = await analysisOf(model, {
        turns: ask('lattice quantum chromodynamics'),
        paper_id: CORPUS.design.paperId,
      });
      expect(analysis).toMatchObject({ text: ANALYSIS_ABSTENTION, abstained: true, mode: 'model' });
      expect(fake.chatRequests()).toHaveLength(before);
    });

    it('abstains when the model says the paper does not bear on the request', async () => {
      fake.reply({ text: ANALYSIS_ABSTENTION });
      const analysis = await analysisOf(model, { turns: ask(REQUEST), paper_id: CORPUS.design.paperId });
      expect(analysis).toMatchObject({ text: ANALYSIS_ABSTENTION, abstained: true, source: 'abstract' });
    });

    it('answers 502 when the model fails', async () => {
      fake.reply({ status: 500 });
      const response = await analyze(model, { turns: ask(REQUEST), paper_id: CORPUS.design.paperId });
      expect(response.statusCode).toBe(502);
    });
  });

  describe('access and bad input', () => {
    it('answers 404 for a paper that does not exist', async () => {
      const response = await analyze(offline, { turns: ask(REQUEST), paper_id: '9999.99999' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Paper arxiv/9999.99999 not found' });
    });

    it("answers 404 for another user's upload, and analyses it for its owner", async () => {
      const [owner, stranger] = [await buildUser(offline.db), await buildUser(offline.db)];
      const upload = await buildUpload(offline.db, { ownerId: owner.id });
      const payload = { turns: ask('test factory paper'), platform: 'upload', paper_id: upload.paperId };
      expect((await analyze(offline, payload, stranger.token)).statusCode).toBe(404);
      expect((await analyze(offline, payload)).statusCode).toBe(404);
      const analysis = await analysisOf(offline, payload, owner.token);
      expect(analysis).toMatchObject({ paper_id: upload.paperId, platform: 'upload', source: 'abstract' });
    });

    it.each([
      ['a NUL in the paper id', { turns: ask(REQUEST), paper_id: '2103.\u000000001' }, 'NUL'],
      ['a NUL in a turn', { turns: ask('enzyme\u0000design'), paper_id: CORPUS.design.paperId }, 'NUL'],
      ['no turn', { turns: [], paper_id: CORPUS.design.paperId }, 'at least the new request'],
      ['a blank last turn', { turns: ask(' '), paper_id: CORPUS.design.paperId }, 'must not be empty'],
      ['no paper id', { turns: ask(REQUEST) }, 'paper_id'],
    ])('refuses %s with 400, calling no model', async (_name, payload, message) => {
      const before = fake.chatRequests().length;
      const response = await analyze(model, payload);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
      expect(fake.chatRequests()).toHaveLength(before);
    });
  });
});
