import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TPaper } from '@paperbench/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers, paperTexts, storedFiles, uploads } from '../../db/schema';
import { scannedPdf } from '../../test-support/metadata-pdfs';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createTestApp, issueUserId, type TestApp, testDrivers } from '../../test-support/test-app';
import { libraryState, pdfPart, postUpload } from '../../test-support/uploads';

describe.each(testDrivers())('POST /api/upload/ (%s)', (driver) => {
  let t: TestApp;
  let owner: string;
  let naacl: Buffer;
  beforeAll(async () => {
    t = await createTestApp(driver);
    owner = await issueUserId(t.app);
    naacl = await readPdfFixture(NAACL_PDF);
  });
  afterAll(() => t.close());

  const paperRow = async (paperId: string) => {
    const [row] = await t.db
      .select()
      .from(papers)
      .where(and(eq(papers.platform, 'upload'), eq(papers.paperId, paperId)));
    return row;
  };

  it('stores a real PDF as a paper, then extracts its text and page count', async () => {
    const response = await postUpload(t.app, owner, [
      pdfPart(naacl, 'N18-3011.pdf'),
      { name: 'title', value: '  Construction of the Literature Graph in Semantic Scholar ' },
      { name: 'authors', value: 'Waleed Ammar, Dirk Groeneveld ,, Oren Etzioni' },
      { name: 'published', value: '2018-06-01' },
      { name: 'abstract', value: 'We describe a deployed scalable system.' },
    ]);
    expect(response.statusCode).toBe(201);
    const { paper_id, platform } = response.json();
    expect(platform).toBe('upload');
    expect(paper_id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    expect(await paperRow(paper_id)).toMatchObject({
      title: 'Construction of the Literature Graph in Semantic Scholar',
      authors: ['Waleed Ammar', 'Dirk Groeneveld', 'Oren Etzioni'],
      publishedDate: '2018-06-01',
      abstract: 'We describe a deployed scalable system.',
      pdfUrl: `/api/uploads/${paper_id}/pdf`,
    });
    const hash = createHash('sha256').update(naacl).digest('hex');
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.paperId, paper_id));
    expect(upload).toMatchObject({ contentHash: hash, originalFilename: 'N18-3011.pdf' });
    const [stored] = await t.db.select().from(storedFiles).where(eq(storedFiles.contentHash, hash));
    expect(stored).toMatchObject({ byteSize: naacl.length, mimeType: 'application/pdf' });
    expect(stored?.storageKey).toBe(`pdf/${hash.slice(0, 2)}/${hash}.pdf`);
    expect(existsSync(path.join(t.context.config.STORAGE_DIR, stored?.storageKey ?? ''))).toBe(true);

    await t.context.queue.drain();
    const [text] = await t.db.select().from(paperTexts).where(eq(paperTexts.paperId, paper_id));
    expect(text).toMatchObject({ status: 'ready', pageCount: 8, error: null });
    expect(text?.text).toContain('Construction of the Literature Graph in Semantic Scholar');
  });

  it('titles an upload after its file name and dates it 1900-01-01 when the form and the PDF leave them empty', async () => {
    // A scan: no text layer, so the text job finds nothing to fill in (docs/uploads.md#metadata-from-the-pdf).
    const response = await postUpload(t.app, owner, [
      { name: 'published', value: '' },
      pdfPart(scannedPdf(), 'Literature Graph.PDF'),
    ]);
    expect(response.statusCode).toBe(201);
    await t.context.queue.drain();
    expect(await paperRow(response.json().paper_id)).toMatchObject({
      title: 'Literature Graph',
      authors: [],
      publishedDate: '1900-01-01',
      abstract: null,
    });
  });

  it('stores identical bytes once: one stored file, two papers', async () => {
    const bytes = Buffer.concat([naacl, Buffer.from('\n% copy for the dedup test\n')]);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const first = await postUpload(t.app, owner, [pdfPart(bytes, 'a.pdf')]);
    const second = await postUpload(t.app, await issueUserId(t.app), [pdfPart(bytes, 'b.pdf')]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().paper_id).not.toBe(second.json().paper_id);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.contentHash, hash))).toHaveLength(1);
    expect(await t.db.select().from(uploads).where(eq(uploads.contentHash, hash))).toHaveLength(2);
    const state = await libraryState(t);
    expect(state.files.filter((file) => file.includes(hash))).toHaveLength(1);
    expect(state.files.filter((file) => file.startsWith('tmp'))).toEqual([]);
  });

  describe('refusals leave nothing behind', () => {
    const refusals = [
      {
        name: 'a text file named .pdf (checked by content)',
        parts: () => [pdfPart(Buffer.from('Just some notes, not a PDF at all.\n'), 'notes.pdf')],
        status: 415,
        message: /not a PDF/,
      },
      {
        name: 'a file shorter than the PDF header',
        parts: () => [pdfPart(Buffer.from('%PD'), 'tiny.pdf')],
        status: 415,
        message: /not a PDF/,
      },
      { name: 'an empty file', parts: () => [pdfPart(Buffer.alloc(0), 'empty.pdf')], status: 400, message: /empty/ },
      {
        name: 'a published date in the future',
        parts: () => [pdfPart(naacl), { name: 'published', value: `${new Date().getUTCFullYear() + 1}-01-01` }],
        status: 400,
        message: /published must not be later than today/,
      },
      {
        name: 'a published date that is not a day',
        parts: () => [{ name: 'published', value: '2021-02-30' }, pdfPart(naacl)],
        status: 400,
        message: /published/,
      },
      {
        name: 'no file part',
        parts: () => [{ name: 'title', value: 'Only a title' }],
        status: 400,
        message: /no file part/,
      },
      {
        name: 'two files',
        parts: () => [pdfPart(naacl, 'one.pdf'), pdfPart(naacl, 'two.pdf')],
        status: 400,
        message: /exactly one file/,
      },
      {
        name: 'a file under another field name',
        parts: () => [pdfPart(naacl), { name: 'pdf', filename: 'x.pdf', content: naacl }],
        status: 400,
        message: /exactly one file|Unexpected file part/,
      },
      {
        name: 'an over-long title',
        parts: () => [pdfPart(naacl), { name: 'title', value: 'x'.repeat(1001) }],
        status: 400,
        message: /title/,
      },
    ];

    it.each(refusals)('$name → $status', async ({ parts, status, message }) => {
      const before = await libraryState(t);
      const response = await postUpload(t.app, owner, parts());
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toMatch(message);
      expect(await libraryState(t)).toEqual(before);
    });

    it('a body cut off before its closing boundary → 400', async () => {
      const before = await libraryState(t);
      const response = await postUpload(t.app, owner, [pdfPart(naacl)], { truncate: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST', message: expect.stringMatching(/multipart/) });
      expect(await libraryState(t)).toEqual(before);
    });

    it('no X-User-ID → 401', async () => {
      const before = await libraryState(t);
      const response = await postUpload(t.app, undefined, [pdfPart(naacl)]);
      expect(response.statusCode).toBe(401);
      expect(await libraryState(t)).toEqual(before);
    });

    it('a JSON body → 415', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/upload/',
        headers: { 'x-user-id': owner },
        payload: { title: 'no file' },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
    });
  });

  it('keeps uploads out of the public paper list, count and search, for everyone', async () => {
    const title = 'Zyxwvutsrq private upload';
    const countBefore = (await t.app.inject({ url: '/api/papers/count' })).json();
    const response = await postUpload(t.app, owner, [
      pdfPart(Buffer.concat([naacl, Buffer.from('\n% private\n')])),
      { name: 'title', value: title },
      { name: 'published', value: '2018-06-01' },
    ]);
    expect(response.statusCode).toBe(201);
    for (const headers of [{}, { 'x-user-id': owner }, { 'x-user-id': await issueUserId(t.app) }]) {
      expect((await t.app.inject({ url: '/api/papers/count', headers })).json()).toBe(countBefore);
      const recent = (await t.app.inject({ url: '/api/papers?limit=100', headers })).json() as TPaper[];
      expect(recent.filter((paper) => paper.platform === 'upload')).toEqual([]);
      const keyword = (await t.app.inject({ url: '/api/papers?keyword=Zyxwvutsrq', headers })).json();
      expect(keyword).toEqual([]);
      const search = await t.app.inject({
        method: 'POST',
        url: '/api/search/',
        headers,
        payload: { query: 'Zyxwvutsrq' },
      });
      expect(search.statusCode).toBe(200);
      expect(search.json()).toMatchObject({ total: 0, results: [] });
    }
    // Sanity: the paper itself does match the words, so the lists above left it out on purpose.
    const matching = await t.db
      .select({ id: papers.paperId })
      .from(papers)
      .where(sql`${papers.searchVector} @@ websearch_to_tsquery('english', 'Zyxwvutsrq')`);
    expect(matching).toEqual([{ id: response.json().paper_id }]);
  });
});

describe('upload size cap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, env: { UPLOAD_MAX_BYTES: '100000' } });
  });
  afterAll(() => t.close());

  it('refuses a file over UPLOAD_MAX_BYTES with 413 and keeps nothing', async () => {
    const owner = await issueUserId(t.app);
    const before = await libraryState(t);
    const response = await postUpload(t.app, owner, [pdfPart(await readPdfFixture(NAACL_PDF))]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      message: 'The file is larger than the upload limit of 100000 bytes',
    });
    expect(response.headers.connection).toBe('close');
    expect(await libraryState(t)).toEqual(before);
  });

  it('accepts a file of exactly the limit', async () => {
    const owner = await issueUserId(t.app);
    const exact = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100000 - 9, 0x20)]);
    const response = await postUpload(t.app, owner, [pdfPart(exact)]);
    expect(response.statusCode).toBe(201);
    await t.context.queue.drain();
    const [text] = await t.db.select().from(paperTexts).where(eq(paperTexts.paperId, response.json().paper_id));
    // Not a parseable PDF past its header: extraction records the failure instead of throwing.
    expect(text).toMatchObject({ status: 'failed', text: null, error: expect.any(String) });
  });
});
