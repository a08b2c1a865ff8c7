import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers, uploads } from '../../db/schema';
import { arxivFixture, startReplayServer } from '../../ingest/replay-server';
import { buildFolder, buildFolderFile, buildPaper, buildUser } from '../../test-support/factories';
import { laidOutPdf, samplePaperLines, scannedPdf } from '../../test-support/metadata-pdfs';
import { type MultipartPart, multipartBody } from '../../test-support/multipart';
import { PDF_FIXTURES_DIR } from '../../test-support/pdf-fixtures';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';
import { libraryState, pdfPart, postUpload } from '../../test-support/uploads';
import { recoverUploads } from './upload-recovery';

const JOSE = path.join(PDF_FIXTURES_DIR, '..', 'pdfs-meta', 'jose-2018-00013-schloss.pdf');
const SAMPLE_TITLE = 'Reading Metadata from Born-Digital Research Papers';
const SAMPLE_AUTHORS = ['Ada Lovelace', 'Charles Babbage', 'Mary Somerville'];
/** Each test's PDF differs by a trailing comment: the same bytes again would answer the earlier upload. */
const samplePdf = (tag: string, info: Record<string, string> = {}) =>
  Buffer.concat([laidOutPdf(samplePaperLines, info), Buffer.from(`\n% ${tag}\n`)]);

/** A Crossref REST API stand-in on 127.0.0.1: `works` maps a DOI to its record; others are 404. */
async function fakeCrossref(works: Record<string, unknown>, status = 200) {
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    const doi = decodeURIComponent((request.url ?? '').replace(/^\/works\//, ''));
    asked.push(doi);
    const work = works[doi.toLowerCase()];
    response.writeHead(work && status === 200 ? 200 : status === 200 ? 404 : status, {
      'content-type': 'application/json',
    });
    response.end(work && status === 200 ? JSON.stringify({ status: 'ok', message: work }) : '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.each(testDrivers())('metadata from the PDF (%s)', (driver) => {
  let t: TestApp;
  let owner: { id: number; token: string };
  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false, env: { UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) } });
    owner = await buildUser(t.db);
  });
  afterAll(() => t.close());

  const readMetadata = (parts: MultipartPart[], userId = owner.token, app = t) => {
    const { payload, headers } = multipartBody(parts);
    return app.app.inject({
      method: 'POST',
      url: '/api/upload/metadata',
      payload,
      headers: { ...headers, 'x-user-id': userId },
    });
  };
  const paperRow = async (paperId: string) =>
    (
      await t.db
        .select()
        .from(papers)
        .where(and(eq(papers.platform, 'upload'), eq(papers.paperId, paperId)))
    )[0];
  const uploadRow = async (paperId: string) =>
    (await t.db.select().from(uploads).where(eq(uploads.paperId, paperId)))[0];

  describe('POST /api/upload/metadata', () => {
    it('reads a real paper and stores nothing', async () => {
      const before = await libraryState(t);
      const response = await readMetadata([pdfPart(await readFile(JOSE), 'schloss.pdf')]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        title: 'The Riffomonas Reproducible Research Tutorial Series',
        authors: ['Patrick D Schloss'],
        published: '2018-08-30',
        doi: '10.21105/jose.00013',
        arxiv_id: null,
        sources: { title: 'document-info', authors: 'first-page-layout', doi: 'doi-pattern' },
      });
      expect(response.json().abstract).toMatch(/^The Riffomonas Reproducible Research tutorial series is/);
      expect(await libraryState(t)).toEqual(before);
    });

    it('answers every field null for a page without a text layer (a scan)', async () => {
      const response = await readMetadata([pdfPart(scannedPdf(), 'scan.pdf')]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        title: null,
        authors: null,
        published: null,
        abstract: null,
        doi: null,
        arxiv_id: null,
        sources: {},
      });
    });

    it('ignores an info Title that is a Word file name', async () => {
      const pdf = samplePdf('word', { Title: 'Microsoft Word - draft3.docx', Author: 'user' });
      const response = await readMetadata([pdfPart(pdf, 'draft3.pdf')]);
      expect(response.json()).toMatchObject({
        title: SAMPLE_TITLE,
        authors: SAMPLE_AUTHORS,
        sources: { title: 'first-page-layout', authors: 'first-page-layout' },
      });
    });

    it.each([
      {
        name: 'a file that is not a PDF',
        part: pdfPart(Buffer.from('just notes\n'), 'notes.pdf'),
        status: 415,
        message: /not a PDF/,
      },
      { name: 'an empty file', part: pdfPart(Buffer.alloc(0), 'empty.pdf'), status: 400, message: /empty/ },
      {
        name: 'a file over the upload limit',
        part: pdfPart(Buffer.concat([scannedPdf(), Buffer.alloc(3 * 1024 * 1024, 0x20)]), 'big.pdf'),
        status: 413,
        message: /larger than the upload limit/,
      },
    ])('refuses $name with $status, storing nothing', async ({ part, status, message }) => {
      const before = await libraryState(t);
      const response = await readMetadata([part]);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toMatch(message);
      expect(await libraryState(t)).toEqual(before);
    });

    it('refuses an anonymous caller (401) before reading anything', async () => {
      const { payload, headers } = multipartBody([pdfPart(samplePdf('anonymous'))]);
      const response = await t.app.inject({ method: 'POST', url: '/api/upload/metadata', payload, headers });
      expect(response.statusCode).toBe(401);
    });

    it("takes the corpus paper's record when the PDF prints its DOI", async () => {
      await buildPaper(t.db, {
        platform: 'acl',
        paperId: 'T21-0042',
        title: 'Reading Metadata from Born-Digital Research Papers (Corpus Record)',
        authors: ['Ada King Lovelace'],
        publishedDate: '2021-03-01',
        doi: '10.5555/test.2021.42',
      });
      const response = await readMetadata([pdfPart(samplePdf('corpus'), 'paper.pdf')]);
      expect(response.json()).toMatchObject({
        title: 'Reading Metadata from Born-Digital Research Papers (Corpus Record)',
        authors: ['Ada King Lovelace'],
        published: '2021-03-01',
        sources: { title: 'corpus-record', authors: 'corpus-record', published: 'corpus-record' },
      });
      await t.db.delete(papers).where(and(eq(papers.platform, 'acl'), eq(papers.paperId, 'T21-0042')));
    });
  });

  describe('an arXiv stamp (ARXIV_FETCH_MISSING)', () => {
    it('fetches the missing arXiv record the usual way; its record wins and the date is the stamp’s otherwise', async () => {
      const arxiv = await startReplayServer((params) =>
        params.get('id_list') === '1601.00001'
          ? arxivFixture('atom/api-query-id_list-1601.00001-2020.xml')
          : { status: 400 },
      );
      const app = await createTestApp(driver, {
        seed: false,
        env: { ARXIV_FETCH_MISSING: 'true', ARXIV_API_BASE_URL: arxiv.url, ARXIV_REQUEST_INTERVAL_MS: '0' },
      });
      try {
        const user = await buildUser(app.db);
        const stamped = (id: string) =>
          laidOutPdf([...samplePaperLines, { text: `arXiv:${id}v2 [cond-mat.mes-hall] 4 Jan 2016`, size: 10, y: 30 }]);
        const found = await readMetadata([pdfPart(stamped('1601.00001'))], user.token, app);
        expect(found.json()).toMatchObject({
          title: 'Inelastic effects in molecular transport junctions: The probe technique at high bias',
          authors: ['Michael Kilgour', 'Dvira Segal'],
          arxiv_id: '1601.00001',
          sources: { title: 'corpus-record', authors: 'corpus-record', arxiv_id: 'arxiv-stamp' },
        });
        // arXiv does not know this one: the PDF's own reading stands, dated by the stamp.
        const unknown = await readMetadata([pdfPart(stamped('1601.09999'))], user.token, app);
        expect(unknown.statusCode).toBe(200);
        expect(unknown.json()).toMatchObject({
          title: SAMPLE_TITLE,
          arxiv_id: '1601.09999',
          published: '2016-01-04',
          sources: { title: 'first-page-layout', published: 'arxiv-stamp', arxiv_id: 'arxiv-stamp' },
        });
      } finally {
        await app.close();
        await arxiv.close();
      }
    });
  });

  describe('Crossref (CROSSREF_BASE_URL)', () => {
    it("fills from Crossref's record of the DOI, and a failing Crossref changes nothing", async () => {
      const work = {
        title: ['Reading Metadata, as Crossref Has It'],
        author: [
          { given: 'Ada', family: 'Lovelace' },
          { given: 'Charles', family: 'Babbage' },
        ],
        issued: { 'date-parts': [[2021, 3, 12]] },
        abstract: '<jats:p>Crossref &amp; the abstract.</jats:p>',
      };
      const crossref = await fakeCrossref({ '10.5555/test.2021.42': work });
      const broken = await fakeCrossref({}, 500);
      const env = (url: string) => ({ CROSSREF_BASE_URL: url, CROSSREF_REQUEST_INTERVAL_MS: '0' });
      const withCrossref = await createTestApp(driver, { seed: false, env: env(crossref.url) });
      const withBroken = await createTestApp(driver, { seed: false, env: env(broken.url) });
      try {
        const user = await buildUser(withCrossref.db);
        const found = await readMetadata([pdfPart(samplePdf('crossref'))], user.token, withCrossref);
        expect(found.json()).toMatchObject({
          title: 'Reading Metadata, as Crossref Has It',
          authors: ['Ada Lovelace', 'Charles Babbage'],
          published: '2021-03-12',
          abstract: 'Crossref & the abstract.',
          doi: '10.5555/Test.2021.42',
          sources: { title: 'corpus-record', doi: 'doi-pattern' },
        });
        expect(crossref.asked).toEqual(['10.5555/Test.2021.42']);
        const other = await buildUser(withBroken.db);
        const fallback = await readMetadata([pdfPart(samplePdf('crossref-broken'))], other.token, withBroken);
        expect(fallback.statusCode).toBe(200);
        expect(fallback.json()).toMatchObject({ title: SAMPLE_TITLE, sources: { title: 'first-page-layout' } });
        expect(broken.asked).toHaveLength(1);
      } finally {
        await withCrossref.close();
        await withBroken.close();
        await crossref.close();
        await broken.close();
      }
    });
  });

  describe('uploads are filled by the text job', () => {
    it('fills every field an empty form left, and a folder export carries them', async () => {
      const response = await postUpload(t.app, owner.token, [pdfPart(samplePdf('empty-form'), 'scan_0042.pdf')]);
      expect(response.statusCode).toBe(201);
      const { paper_id } = response.json();
      await t.context.queue.drain();
      expect(await paperRow(paper_id)).toMatchObject({
        title: SAMPLE_TITLE,
        authors: SAMPLE_AUTHORS,
        publishedDate: '2021-03-12',
        doi: '10.5555/Test.2021.42',
      });
      expect(await uploadRow(paper_id)).toMatchObject({
        typedFields: [],
        metadataSources: { title: 'first-page-layout', authors: 'first-page-layout', doi: 'doi-pattern' },
        linkedPlatform: null,
      });
      const folder = await buildFolder(t.db, { ownerId: owner.id });
      const row = await paperRow(paper_id);
      if (!row) throw new Error('no paper row');
      await buildFolderFile(t.db, { folderId: folder.id, paper: row });
      const bib = await t.app.inject({
        url: `/api/folders/${folder.id}/export?format=bibtex`,
        headers: { 'x-user-id': owner.token },
      });
      expect(bib.body).toMatch(/^@article\{Lovelace2021Reading,/);
      expect(bib.body).toContain('title = {Reading {Metadata} from {Born}-{Digital} {Research} {Papers}}');
      expect(bib.body).toContain('author = {Lovelace, Ada and Babbage, Charles and Somerville, Mary}');
      expect(bib.body).toContain('year = {2021}');
    });

    it('never replaces what the uploader typed', async () => {
      const response = await postUpload(t.app, owner.token, [
        { name: 'title', value: 'My own title' },
        { name: 'published', value: '2020-01-02' },
        pdfPart(samplePdf('typed'), 'typed.pdf'),
      ]);
      const { paper_id } = response.json();
      await t.context.queue.drain();
      expect(await paperRow(paper_id)).toMatchObject({
        title: 'My own title',
        publishedDate: '2020-01-02',
        authors: SAMPLE_AUTHORS,
      });
      expect((await uploadRow(paper_id))?.typedFields).toEqual(['title', 'published']);
    });

    it('links the upload to the corpus paper of its DOI, shown by get_paper as also_on', async () => {
      await buildPaper(t.db, {
        platform: 'arxiv',
        paperId: '2103.00042',
        title: SAMPLE_TITLE,
        doi: '10.5555/TEST.2021.42',
      });
      const response = await postUpload(t.app, owner.token, [pdfPart(samplePdf('linked'), 'linked.pdf')]);
      const { paper_id } = response.json();
      await t.context.queue.drain();
      expect(await uploadRow(paper_id)).toMatchObject({ linkedPlatform: 'arxiv', linkedPaperId: '2103.00042' });
      const paper = await t.app.inject({
        method: 'POST',
        url: '/api/chat/get_paper',
        payload: { paper_id, platform: 'upload' },
        headers: { 'x-user-id': owner.token },
      });
      expect(paper.json().also_on).toEqual({ paper_id: '2103.00042', platform: 'arxiv' });
      await t.db.delete(papers).where(and(eq(papers.platform, 'arxiv'), eq(papers.paperId, '2103.00042')));
    });

    it('backfills an upload made before uploads read their PDF, keeping what was typed', async () => {
      const response = await postUpload(t.app, owner.token, [pdfPart(samplePdf('old'), 'old upload.pdf')]);
      const { paper_id } = response.json();
      await t.context.queue.drain();
      // As an upload made before this feature looks: form defaults, a typed abstract, nothing read yet.
      await t.db
        .update(papers)
        .set({ title: 'old upload', authors: [], publishedDate: '1900-01-01', abstract: 'Typed long ago.', doi: null })
        .where(eq(papers.paperId, paper_id));
      await t.db.update(uploads).set({ typedFields: null, metadataSources: null }).where(eq(uploads.paperId, paper_id));

      const recovered = await recoverUploads(t.context);
      expect(recovered.metadataQueued).toBe(1);
      await t.context.queue.drain();
      expect(await paperRow(paper_id)).toMatchObject({
        title: SAMPLE_TITLE,
        authors: SAMPLE_AUTHORS,
        publishedDate: '2021-03-12',
        abstract: 'Typed long ago.',
      });
      expect((await uploadRow(paper_id))?.typedFields).toEqual(['abstract']);
      expect((await recoverUploads(t.context)).metadataQueued).toBe(0);
    });
  });
});
