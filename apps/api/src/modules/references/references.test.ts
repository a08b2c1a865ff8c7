import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperReferences, papers, paperTexts, referenceMarkers } from '../../db/schema';
import { buildUpload, buildUser } from '../../test-support/factories';
import { plainPdf } from '../../test-support/pdf-bombs';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';
import { pdfPart, postUpload } from '../../test-support/uploads';
import { backfillReferences, storeReferencesFromText } from './references.service';

const FIXTURE = path.join(import.meta.dirname, '../../../test/fixtures/pdfs-meta/jose-2025-00267-marshall.pdf');

/** docs/references.md: parsed at extraction, read through the references routes, checked like the paper. */
describe.each(testDrivers())('references and citations (%s)', (driver) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  let upload: string;
  let empty: string;

  async function uploadPdf(pdf: Buffer, title: string): Promise<string> {
    const response = await postUpload(t.app, owner, [{ name: 'title', value: title }, pdfPart(pdf)]);
    expect(response.statusCode).toBe(201);
    return response.json().paper_id;
  }
  const get = (url: string, user?: string) => t.app.inject({ url, headers: user ? { 'x-user-id': user } : {} });

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, env: { QUEUE_POLL_MS: '100' } });
    owner = await issueUserId(t.app);
    stranger = await issueUserId(t.app);
    // Corpus papers two of the fixture's entries cite (matched by DOI or title, and title with year).
    await t.db.insert(papers).values([
      {
        platform: 'arxiv',
        paperId: '2101.00001',
        title: 'Cloud-native repositories for big scientific data',
        doi: '10.1109/mcse.2021.3059437',
      },
      { platform: 'arxiv', paperId: '1905.00002', title: 'The datacube manifesto', publishedDate: '2017-01-01' },
    ]);
    upload = await uploadPdf(readFileSync(FIXTURE), 'Cloud-native geospatial data cube workflows');
    empty = await uploadPdf(plainPdf('A short note without any list of works at the end'), 'A note');
    await t.context.queue.drain();
  }, 120_000);
  afterAll(() => t.close());

  it("parses the upload's reference list at extraction and resolves entries by DOI and by title", async () => {
    const response = await get(`/api/papers/${upload}/references?platform=upload`, owner);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.length).toBeGreaterThanOrEqual(33);
    expect(list[0]).toMatchObject({
      n: 1,
      year: 2021,
      title: 'Cloud-native repositories for big scientific data',
      paper: { platform: 'arxiv', paper_id: '2101.00001' },
    });
    const manifesto = list.find((entry: { title: string | null }) => entry.title === 'The datacube manifesto');
    expect(manifesto).toMatchObject({ year: 2017, paper: { platform: 'arxiv', paper_id: '1905.00002' } });
    expect(list.filter((entry: { paper: unknown }) => entry.paper === null).length).toBe(list.length - 2);
  });

  it('stores author-year markers with page offsets into the extracted text', async () => {
    const body = (await get(`/api/papers/${upload}/citation-markers?platform=upload`, owner)).json();
    expect(body.text_status).toBe('ready');
    expect(body.markers.length).toBeGreaterThanOrEqual(3);
    const [first] = body.markers;
    expect(first.page).toBeGreaterThanOrEqual(1);
    expect(first.char_end).toBeGreaterThan(first.char_start);
  });

  it('lists the citing upload under the cited paper for its owner only', async () => {
    const mine = (await get('/api/papers/2101.00001/citations?platform=arxiv', owner)).json();
    expect(mine.map((p: { paper_id: string }) => p.paper_id)).toEqual([upload]);
    const theirs = await get('/api/papers/2101.00001/citations?platform=arxiv', stranger);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect((await get('/api/papers/2101.00001/citations?platform=arxiv')).json()).toEqual([]);
  });

  it('answers an empty list for a paper whose text has no references section, not an error', async () => {
    const response = await get(`/api/papers/${empty}/references?platform=upload`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    const markers = (await get(`/api/papers/${empty}/citation-markers?platform=upload`, owner)).json();
    expect(markers).toEqual({ text_status: 'ready', markers: [] });
  });

  it("is 404 for a stranger's upload and for an unknown paper, 400 for NUL in the platform", async () => {
    for (const route of ['references', 'citation-markers', 'citations']) {
      const strangers = await get(`/api/papers/${upload}/${route}?platform=upload`, stranger);
      expect(strangers.statusCode).toBe(404);
      expect((await get(`/api/papers/${upload}/${route}?platform=upload`)).statusCode).toBe(404);
      expect((await get(`/api/papers/9999.99999/${route}?platform=arxiv`, owner)).statusCode).toBe(404);
      const nul = await get(`/api/papers/2101.00001/${route}?platform=ar%00xiv`, owner);
      expect(nul.statusCode).toBe(400);
    }
  });

  it('replaces the list and markers in one go when the text is extracted again', async () => {
    const ref = { platform: 'upload', paper_id: upload };
    const pages = [
      'Intro citing [1] and [2, 3].',
      'References\n[1] A. Author, “A first title here”, 2001.\n[2] B. Author, “A second one”, 2002.\n[3] C. Author, “A third one”, 2003.',
    ];
    const count = await t.db.transaction((tx) => storeReferencesFromText(tx, ref, pages));
    expect(count).toBe(3);
    const key = and(eq(paperReferences.platform, 'upload'), eq(paperReferences.paperId, upload));
    expect(await t.db.select().from(paperReferences).where(key)).toHaveLength(3);
    const markers = await t.db
      .select()
      .from(referenceMarkers)
      .where(and(eq(referenceMarkers.platform, 'upload'), eq(referenceMarkers.paperId, upload)));
    expect(markers.map((m) => m.entries)).toEqual([[1], [2, 3]]);
  });

  it("never shows another user's upload an entry resolved to, nor lists the citing upload to its owner", async () => {
    const alice = await buildUser(t.db);
    const bob = await buildUser(t.db);
    const secret = await buildUpload(t.db, { ownerId: alice.id, title: 'A private manuscript on citation graphs' });
    const citing = await buildUpload(t.db, { ownerId: bob.id, title: 'Bob cites it' });
    const pages = [
      'Body text citing [1], [2] and [3].',
      'References\n[1] A. Alice, “A private manuscript on citation graphs”, 2020.\n[2] B. Other, “Something else entirely”, 2019.\n[3] C. Third, “The datacube manifesto”, 2017.',
    ];
    await t.db.transaction((tx) =>
      storeReferencesFromText(tx, { platform: 'upload', paper_id: citing.paperId }, pages),
    );
    const [first] = await t.db
      .select()
      .from(paperReferences)
      .where(and(eq(paperReferences.paperId, citing.paperId), eq(paperReferences.n, 1)));
    expect(first).toMatchObject({ citedPlatform: 'upload', citedPaperId: secret.paperId });
    // Stored as resolved (the title matched), but Bob may not read Alice's upload: null for him.
    const list = (await get(`/api/papers/${citing.paperId}/references?platform=upload`, bob.token)).json();
    expect(list.map((entry: { paper: unknown }) => entry.paper)).toEqual([
      null,
      null,
      { platform: 'arxiv', paper_id: '1905.00002' },
    ]);
    // Alice may not read Bob's upload: her paper's Cited by does not list it.
    const cited = await get(`/api/papers/${secret.paperId}/citations?platform=upload`, alice.token);
    expect(cited.statusCode).toBe(200);
    expect(cited.json()).toEqual([]);
    // Bob may not even ask about Alice's upload.
    expect((await get(`/api/papers/${secret.paperId}/citations?platform=upload`, bob.token)).statusCode).toBe(404);
  });

  it('parses at start-up the references of texts made ready before reference lists were, once', async () => {
    const key = and(eq(paperReferences.platform, 'upload'), eq(paperReferences.paperId, upload));
    await t.db.delete(paperReferences).where(key);
    await t.db
      .update(paperTexts)
      .set({ referencesParsedAt: null })
      .where(and(eq(paperTexts.platform, 'upload'), eq(paperTexts.paperId, upload)));

    expect(await backfillReferences(t.context)).toBe(1);
    await t.context.queue.drain();
    expect((await t.db.select().from(paperReferences).where(key)).length).toBeGreaterThanOrEqual(33);
    expect(await backfillReferences(t.context)).toBe(0);
  });
});
