import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLEANING_VERSION, cleanPages } from '../../ai/text/clean/clean-page-text';
import { cleanTextOf } from '../../ai/text/clean/text-edits';
import { paperReferences, paperTexts, passages, queueJobs } from '../../db/schema';
import { buildPaper, buildPassages } from '../../test-support/factories';
import { type FakeLlmServer, startFakeLlmServer } from '../../test-support/fake-llm-server';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { backfillCleanText } from './clean-stored-text';

/** A paper whose re-cut must fail half-way (its reference list throws): nothing of it may change. */
const FAILING = 'clean.failing';
vi.mock('../references/references.service', async (original) => {
  const actual = await original<typeof import('../references/references.service')>();
  return {
    ...actual,
    storeReferencesFromText: (...args: Parameters<typeof actual.storeReferencesFromText>) => {
      if (args[1].paper_id === FAILING) throw new Error('the reference list could not be stored');
      return actual.storeReferencesFromText(...args);
    },
  };
});

/** Four pages as pdf.js gives them: a running header, a word broken at a line end, spacing accents, a numbered list. */
const PAGES = [
  'Journal of Test Papers 12\nWe train embed-\ndings of papers with Gensim [1]. The embeddings are good.',
  '2 Journal of Test Papers\nThe self-\nattention layers help; see Ta- ble 3 and the self-attention maps.',
  'Journal of Test Papers 3\nTable 3 compares the embeddings of Radim ˇReh˚uˇrek [2] with ours [3].',
  '4 Journal of Test Papers\nReferences\n[1] Radim ˇReh˚uˇrek and Petr Sojka. 2010. Software framework for topic modelling. In LREC.\n[2] Ada Lovelace. 1843. Notes on the analytical engine. In Taylor.\n[3] Alan Turing. 1950. Computing machinery and intelligence. Mind.',
];

describe.each(testDrivers())('clean-stored-text: stored texts cut again with the current cleaning (%s)', (driver) => {
  let t: TestApp;
  let llm: FakeLlmServer;
  beforeAll(async () => {
    llm = await startFakeLlmServer();
    t = await createTestApp(driver, {
      seed: false,
      env: { QUEUE_POLL_MS: '100' },
      llm: { baseUrl: llm.baseUrl, embeddingModel: 'fake-embed' },
    });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  /** A text made ready before cleaning: raw passages (a page each), no cleaning version, no references. */
  async function storedBeforeCleaning(paperId: string, abstract = 'An abstract.') {
    await buildPaper(t.db, { paperId, abstract });
    await t.db.insert(paperTexts).values({ platform: 'arxiv', paperId, status: 'ready', pages: PAGES, pageCount: 4 });
    await buildPassages(
      t.db,
      { paperId },
      PAGES.map((text, index) => ({ text, page: index + 1 })),
    );
  }
  const passagesOf = (paperId: string) =>
    t.db.select().from(passages).where(eq(passages.paperId, paperId)).orderBy(asc(passages.ordinal));
  const textOf = async (paperId: string) =>
    (await t.db.select().from(paperTexts).where(eq(paperTexts.paperId, paperId)))[0];

  it('cuts old texts again once across starts: clean passages with exact page offsets, references parsed, embeddings redone', async () => {
    await storedBeforeCleaning('clean.old');
    // An abstract-only paper: its one passage is its abstract, whose TeX now reads as prose.
    await buildPaper(t.db, { paperId: 'clean.abstract', abstract: 'A framework ({\\m}) in $\\mathcal{O}(n^2)$ time.' });
    await t.db.insert(paperTexts).values({ platform: 'arxiv', paperId: 'clean.abstract', status: 'abstract-only' });
    await buildPassages(t.db, { paperId: 'clean.abstract' }, ['A framework ({\\m}) in $\\mathcal{O}(n^2)$ time.']);
    // Already current: not queued.
    await buildPaper(t.db, { paperId: 'clean.current' });
    await t.db.insert(paperTexts).values({
      platform: 'arxiv',
      paperId: 'clean.current',
      status: 'ready',
      pages: ['Already clean.'],
      cleanedVersion: CLEANING_VERSION,
    });

    // Two replicas starting together: each text is queued once.
    const queued = await Promise.all([backfillCleanText(t.context), backfillCleanText(t.context)]);
    expect(queued[0] + queued[1]).toBe(2);
    await t.context.queue.drain();

    const rows = await passagesOf('clean.old');
    expect(rows.map((row) => row.text)).toEqual([
      'We train embeddings of papers with Gensim [1]. The embeddings are good.',
      'The self-attention layers help; see Table 3 and the self-attention maps.',
      'Table 3 compares the embeddings of Radim Řehůřek [2] with ours [3].',
      expect.stringContaining('[1] Radim Řehůřek and Petr Sojka. 2010.'),
    ]);
    // Each passage's offsets select, in the page text the viewer shows, exactly what it was cleaned from.
    const clean = cleanPages(PAGES);
    for (const row of rows) {
      const page = clean[row.page - 1];
      expect(page && cleanTextOf(page, row.charStart, row.charEnd)).toBe(row.text);
    }
    expect(PAGES[0]?.slice(rows[0]?.charStart, rows[0]?.charEnd)).toContain('embed-\ndings');
    expect(rows.every((row) => row.embeddingModel === 'fake-embed')).toBe(true);

    const text = await textOf('clean.old');
    expect(text).toMatchObject({ cleanedVersion: CLEANING_VERSION, pages: PAGES });
    expect(text?.referencesParsedAt).not.toBeNull();
    const references = await t.db
      .select()
      .from(paperReferences)
      .where(eq(paperReferences.paperId, 'clean.old'))
      .orderBy(asc(paperReferences.n));
    expect(references.map((entry) => entry.n)).toEqual([1, 2, 3]);

    expect((await passagesOf('clean.abstract')).map((row) => row.text)).toEqual(['A framework in O(n^2) time.']);
    expect((await textOf('clean.abstract'))?.cleanedVersion).toBe(CLEANING_VERSION);
    expect(await backfillCleanText(t.context)).toBe(0);
  }, 60_000);

  it('a re-cut that fails half-way changes nothing of that paper (one transaction per paper)', async () => {
    await storedBeforeCleaning(FAILING);
    const before = await passagesOf(FAILING);
    expect(await backfillCleanText(t.context)).toBe(1);
    await t.context.queue.drain();

    expect(await passagesOf(FAILING)).toEqual(before);
    const text = await textOf(FAILING);
    expect(text?.cleanedVersion).toBeNull();
    expect(text?.referencesParsedAt).toBeNull();
    const [job] = await t.db
      .select()
      .from(queueJobs)
      .where(and(eq(queueJobs.kind, 'clean-stored-text'), eq(queueJobs.dedupeKey, `arxiv:${FAILING}`)));
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringMatching(/reference list/) });
    // No embedding job either: it is queued in the same transaction.
    const embedJobs = await t.db
      .select()
      .from(queueJobs)
      .where(and(eq(queueJobs.kind, 'embed-passages'), eq(queueJobs.dedupeKey, `arxiv:${FAILING}`)));
    expect(embedJobs).toEqual([]);
  }, 60_000);
});
