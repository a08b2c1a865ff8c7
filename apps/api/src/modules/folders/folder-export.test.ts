import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispositionOf } from '../../lib/download';
import {
  buildFolder,
  buildFolderFile,
  buildFolderMember,
  buildNamedUser,
  buildPaper,
  buildUser,
  shareFolder,
} from '../../test-support/factories';
import { createTestApp, pgliteOnly, type TestApp } from '../../test-support/test-app';
import { folderFilename } from './folder-export';

/** GET /api/folders/{id}/export: a folder's papers as BibTeX or RIS (docs/collaboration.md, File List). */
describe.each(pgliteOnly())('folder export (%s)', (driver) => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let folderId: number;

  const exportAs = (id: number, format: string, token?: string) =>
    t.app.inject({
      url: `/api/folders/${id}/export?format=${format}`,
      headers: token ? { 'x-user-id': token } : {},
    });

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    owner = await buildUser(t.db);
    folderId = (await buildFolder(t.db, { ownerId: owner.id, name: 'Gödel & friends' })).id;
    const arxiv = await buildPaper(t.db, {
      paperId: '1706.03762',
      title: 'Attention Is All You Need',
      authors: ['Ashish Vaswani', 'Noam Shazeer'],
      publishedDate: '2017-06-12',
    });
    const acl = await buildPaper(t.db, {
      platform: 'acl',
      paperId: 'N19-1423',
      title: 'Über BERT: 100% & {more}',
      authors: ['Jörg Müller'],
      publishedDate: '2019-06-02',
      doi: '10.18653/v1/N19-1423',
      pdfUrl: 'https://aclanthology.org/N19-1423.pdf',
    });
    await buildFolderFile(t.db, { folderId, paper: arxiv });
    await buildFolderFile(t.db, { folderId, paper: acl });
  });
  afterAll(() => t.close());

  it('exports BibTeX: keys, titles, authors, DOI and URL, with TeX specials and accents escaped', async () => {
    const response = await exportAs(folderId, 'bibtex', owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Godel & friends.bib"; filename*=UTF-8''G%C3%B6del%20%26%20friends.bib`,
    );
    const bib = response.body;
    expect(bib).toMatch(/^@misc\{Vaswani2017Attention,/);
    expect(bib).toContain('author = {Vaswani, Ashish and Shazeer, Noam}');
    expect(bib).toContain('title = {Attention {Is} {All} {You} {Need}}');
    expect(bib).toContain('url = {https://arxiv.org/abs/1706.03762}');
    expect(bib).toContain('@article{Muller2019Uber,');
    expect(bib).toContain('author = {M{\\" u}ller, J{\\" o}rg}');
    expect(bib).toContain('doi = {10.18653/v1/N19-1423}');
    expect(bib).toContain('url = {https://aclanthology.org/N19-1423.pdf}');
    // The title's &, % and braces are escaped, its Ü written as TeX.
    expect(bib).toContain('\\&');
    expect(bib).toContain('100\\%');
    expect(bib).toContain('\\textbraceleft{}more\\textbraceright{}');
    expect(bib).toContain('title = {{\\" {U}}ber {BERT}: 100');
    // The arXiv paper comes first: the File List's order, oldest added first.
    expect(bib.indexOf('Vaswani2017Attention')).toBeLessThan(bib.indexOf('Muller2019Uber'));
  });

  it('exports RIS from the same mapping: the same keys as IDs, UTF-8 kept as it is', async () => {
    const response = await exportAs(folderId, 'ris', owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="Godel & friends\.ris"/);
    const records = response.body.split(/^ER {2}- *$/m).filter((part) => part.trim() !== '');
    expect(records).toHaveLength(2);
    const [arxiv, acl] = records as [string, string];
    expect(arxiv).toMatch(/^TY {2}- GEN$/m);
    expect(arxiv).toMatch(/^ID {2}- Vaswani2017Attention$/m);
    expect(arxiv).toMatch(/^AU {2}- Vaswani, Ashish$/m);
    expect(arxiv).toMatch(/^AU {2}- Shazeer, Noam$/m);
    expect(arxiv).toMatch(/^TI {2}- Attention Is All You Need$/m);
    expect(arxiv).toMatch(/^PY {2}- 2017$/m);
    expect(arxiv).toMatch(/^UR {2}- https:\/\/arxiv\.org\/abs\/1706\.03762$/m);
    expect(acl).toMatch(/^TY {2}- JOUR$/m);
    expect(acl).toMatch(/^ID {2}- Muller2019Uber$/m);
    expect(acl).toMatch(/^AU {2}- Müller, Jörg$/m);
    expect(acl).toMatch(/^TI {2}- Über BERT: 100% & \{more\}$/m);
    expect(acl).toMatch(/^DO {2}- 10\.18653\/v1\/N19-1423$/m);
  });

  it('exports an empty folder as an empty file, not an error', async () => {
    const empty = await buildFolder(t.db, { ownerId: owner.id, name: 'Empty' });
    for (const format of ['bibtex', 'ris']) {
      const response = await exportAs(empty.id, format, owner.token);
      expect(response.statusCode, format).toBe(200);
      expect(response.body, format).toBe('');
    }
  });

  it("exports a shared folder for its viewer and a public one for anyone, and a stranger's folder is 404", async () => {
    const viewer = await buildNamedUser(t.db, { email: 'viewer@example.org', name: 'Viewer' });
    const shared = await buildFolder(t.db, { ownerId: owner.id, name: 'Shared' });
    await buildFolderFile(t.db, { folderId: shared.id });
    await shareFolder(t.db, shared.id);
    await buildFolderMember(t.db, { folderId: shared.id, email: viewer.email, role: 'viewer' });
    const asViewer = await exportAs(shared.id, 'bibtex', viewer.token);
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.body).toContain('title = {An untitled test paper}');

    const stranger = await buildUser(t.db);
    const missing = await exportAs(999_999, 'bibtex', stranger.token);
    for (const [id, token] of [
      [folderId, stranger.token],
      [shared.id, stranger.token],
      [folderId, undefined],
    ] as const) {
      const response = await exportAs(id, 'ris', token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: `Folder ${id} not found` });
    }
    expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'Folder 999999 not found' });

    await shareFolder(t.db, shared.id, { isPublic: true });
    expect((await exportAs(shared.id, 'ris', stranger.token)).statusCode).toBe(200);
    expect((await exportAs(shared.id, 'ris')).statusCode).toBe(200);
  });

  it.each([
    ['an unknown format', 'format=endnote', 'format'],
    ['no format', '', 'format'],
  ])('refuses %s with 400 naming the field', async (_label, query, field) => {
    const response = await t.app.inject({
      url: `/api/folders/${folderId}/export?${query}`,
      headers: { 'x-user-id': owner.token },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'INVALID_REQUEST', details: { fields: [{ in: 'query', field }] } });
  });

  it('refuses a malformed folder id with 400', async () => {
    const response = await exportAs(0, 'bibtex', owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: { fields: [{ in: 'path', field: 'id' }] } });
  });
});

// An ASCII name needs no filename* (RFC 6266 §4.3: the content-disposition package's standard form).
describe('the disposition of a folder export', () => {
  it.each([
    ['Reading list', 'bib', `attachment; filename="Reading list.bib"`],
    ['a/b\\c "d"', 'ris', `attachment; filename="a b c _d_.ris"; filename*=UTF-8''a%20b%20c%20%22d%22.ris`],
    ['日本', 'bib', `attachment; filename="__.bib"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.bib`],
    ['\u0000 ', 'bib', `attachment; filename="folder.bib"`],
  ])('names %j safely', (name, extension, header) => {
    expect(dispositionOf(folderFilename(name, extension))).toBe(header);
  });
});
