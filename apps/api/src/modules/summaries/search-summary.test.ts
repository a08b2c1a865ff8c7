import type { TSearchSummary } from '@paperbench/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModelAndOfflineApps, startModelAndOfflineApps } from '../../test-support/ai-test-apps';
import type { FakeLlmServer } from '../../test-support/fake-llm-server';
import { createTestApp, issueUserId, pgliteOnly, type TestApp } from '../../test-support/test-app';
import { SEARCH_SUMMARY_ABSTENTION } from './search-summary.service';
import {
  GHANA_ABSTRACT,
  resultPaper,
  SCIDOCS_ABSTRACT,
  SEARCH_RESULTS,
  SPECTER_ABSTRACT,
} from './summary-test-support';

const QUERY = 'scientific document embeddings citation graph';

/** One supported synthesis sentence and one citing [9], which no result is. */
const MODEL_SUMMARY = [
  'SPECTER pretrains a Transformer on the citation graph to learn document embeddings [1]. Citation-informed embeddings outperform general language models on SciDocs [2]. They also win every Kaggle contest [9].',
  'EVIDENCE:',
  '[1] "pretraining a Transformer on the citation graph"',
  '[2] "Citation-informed embeddings outperform general language models"',
  '[9] "win every Kaggle contest"',
].join('\n');

describe.each(pgliteOnly())('POST /api/search-summary/ (%s)', (driver) => {
  let apps: ModelAndOfflineApps;
  let fake: FakeLlmServer;
  let t: TestApp;
  let offline: TestApp;
  let limited: TestApp;
  beforeAll(async () => {
    [apps, limited] = await Promise.all([
      startModelAndOfflineApps(driver),
      createTestApp(driver, { seed: false, env: { RATE_LIMIT_AI_PER_MINUTE: '2' } }),
    ]);
    ({ fake, model: t, offline } = apps);
  });
  afterAll(async () => {
    await Promise.all([apps.close(), limited.close()]);
  });

  const summarize = async (app: TestApp, payload: object, token?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/search-summary/',
      payload,
      headers: { 'x-user-id': token ?? (await issueUserId(app.app)) },
    });

  describe('with a model', () => {
    it('gives the model the abstracts numbered in result order and marks a fabricated citation unsupported', async () => {
      fake.reply({ text: MODEL_SUMMARY });
      const response = await summarize(t, { query: QUERY, papers: SEARCH_RESULTS, summary_type: 'full' });
      expect(response.statusCode).toBe(200);
      const summary = response.json() as TSearchSummary;
      const system = fake.chatRequests().at(-1)?.body.messages[0].content as string;
      expect(system).toContain(
        `[1] ("SPECTER: document-level representation learning", abstract)\n${SPECTER_ABSTRACT}`,
      );
      expect(system).toContain(`[2] ("SciDocs evaluation", abstract)\n${SCIDOCS_ABSTRACT}`);
      expect(system).toContain(`[3] ("Health services in Ghana", abstract)\n${GHANA_ABSTRACT}`);
      expect(system).toContain('one or two short paragraphs');
      expect(summary).toMatchObject({
        source: 'model',
        abstained: false,
        citations: { supported: [1, 2], unsupported: [9] },
      });
      // The quotes never reach the reader; the unsupported sentence stays, marked by its citation.
      expect(summary.summary).not.toContain('EVIDENCE');
      expect(summary.summary).toContain('every Kaggle contest [9]');
      expect(summary.passages.map(({ n, paper_id, page }) => ({ n, paper_id, page }))).toEqual([
        { n: 1, paper_id: '2004.07180', page: 1 },
        { n: 2, paper_id: '2004.07181', page: 1 },
        { n: 3, paper_id: '2101.00001', page: 1 },
      ]);
    });

    it('asks for 2-3 sentences when brief', async () => {
      fake.reply({ text: MODEL_SUMMARY });
      await summarize(t, { query: QUERY, papers: SEARCH_RESULTS, summary_type: 'brief' });
      const system = fake.chatRequests().at(-1)?.body.messages[0].content as string;
      expect(system).toContain('Write 2-3 sentences.');
      expect(system).not.toContain('paragraphs');
    });

    it('abstains without calling the model when no abstract bears on the query', async () => {
      const before = fake.chatRequests().length;
      const response = await summarize(t, { query: 'boiling point of mercury', papers: SEARCH_RESULTS });
      expect(response.json()).toMatchObject({ summary: SEARCH_SUMMARY_ABSTENTION, abstained: true, source: 'model' });
      expect(fake.chatRequests()).toHaveLength(before);
    });

    it('abstains when no sentence of the model survives the checker', async () => {
      fake.reply({ text: 'Embeddings are learnt from Wikipedia with 12 layers [1].\nEVIDENCE:\n[1] "Wikipedia"' });
      const response = await summarize(t, { query: QUERY, papers: SEARCH_RESULTS });
      expect(response.json()).toMatchObject({ summary: SEARCH_SUMMARY_ABSTENTION, abstained: true });
    });

    it('answers 502 when the model fails', async () => {
      fake.reply({ status: 500 });
      const response = await summarize(t, { query: QUERY, papers: SEARCH_RESULTS });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error: 'BAD_GATEWAY' });
    });
  });

  describe('offline (extractive)', () => {
    it('is verbatim sentences of the abstracts, each cited, labelled extractive', async () => {
      const response = await summarize(offline, { query: QUERY, papers: SEARCH_RESULTS, summary_type: 'full' });
      expect(response.statusCode).toBe(200);
      const summary = response.json() as TSearchSummary;
      expect(summary).toMatchObject({ source: 'extractive', abstained: false });
      const sentences = [...summary.summary.matchAll(/(.+?) \[(\d+)\](?: |$)/g)];
      expect(sentences.length).toBeGreaterThan(0);
      for (const [, sentence, n] of sentences) {
        const passage = summary.passages.find((candidate) => candidate.n === Number(n));
        expect(passage?.text).toContain(sentence);
      }
      expect(summary.citations.unsupported).toEqual([]);
      expect(summary.citations.supported).toContain(1);
    });

    it('is shorter when brief: at most 3 sentences, one per abstract', async () => {
      const brief = (await summarize(offline, { query: QUERY, papers: SEARCH_RESULTS, summary_type: 'brief' })).json();
      const cited = [...(brief as TSearchSummary).summary.matchAll(/\[(\d+)\]/g)].map((match) => match[1]);
      expect(cited.length).toBeGreaterThan(0);
      expect(cited.length).toBeLessThanOrEqual(3);
      expect(new Set(cited).size).toBe(cited.length);
    });

    it("chooses each abstract's sentence for the query, not its first, one per paper, the same each time", async () => {
      const papers = [
        resultPaper(
          '2201.00002',
          'Notes',
          'This note was prepared for a workshop in the spring. Citation graph embeddings of scientific documents need no labels. Document embeddings from citations transfer across scientific fields.',
        ),
        ...SEARCH_RESULTS,
      ];
      const first = (await summarize(offline, { query: QUERY, papers, summary_type: 'full' })).json() as TSearchSummary;
      expect(first.summary).not.toContain('workshop');
      expect(first.summary).toMatch(/(?:Citation graph embeddings|Document embeddings from citations)[^[]*\[1\]/);
      const cited = [...first.summary.matchAll(/\[(\d+)\]/g)].map((match) => match[1]);
      expect(new Set(cited).size).toBe(cited.length);
      const again = (await summarize(offline, { query: QUERY, papers, summary_type: 'full' })).json() as TSearchSummary;
      expect(again.summary).toBe(first.summary);
    });

    it('keeps result numbers when a result has no abstract, and abstains on an unrelated query', async () => {
      const papers = [resultPaper('2201.00001', 'No abstract here', null), ...SEARCH_RESULTS];
      const summary = (await summarize(offline, { query: QUERY, papers })).json() as TSearchSummary;
      expect(summary.passages.map((passage) => passage.n)).toEqual([2, 3, 4]);
      expect(summary.summary).toContain('[2]');
      const unrelated = await summarize(offline, { query: 'boiling point of mercury', papers });
      expect(unrelated.json()).toMatchObject({ summary: SEARCH_SUMMARY_ABSTENTION, abstained: true });
    });
  });

  it('counts against the ai budget (docs/ai.md#budgets)', async () => {
    const token = await issueUserId(limited.app);
    const payload = { query: QUERY, papers: SEARCH_RESULTS };
    for (let i = 0; i < 2; i += 1) expect((await summarize(limited, payload, token)).statusCode).toBe(200);
    const refused = await summarize(limited, payload, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS', details: { budget: 'ai' } });
  });
});
