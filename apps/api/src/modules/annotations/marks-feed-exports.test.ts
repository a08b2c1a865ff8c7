import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPeople, buildSharedFolder, type CallArgs, injectAs } from '../../test-support/collaboration';
import { buildAnnotation, buildFolderFile, buildPageTexts, buildPaper } from '../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../test-support/test-app';

const PAGE = 'Transformers rely on attention. Attention is all you need, they say.';

/** docs/annotations.md#what-marks-feed: the exports carry the caller's own notes, BibTeX's annote only when asked. */
describe.each(testDrivers())('exports carry notes (%s)', (driver) => {
  let t: TestApp;
  let ada: { id: number; token: string; email: string };
  let bob: { id: number; token: string; email: string };
  let folderId: number;
  let paperId: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    [ada, bob] = await buildPeople(t.db, 'Ada', 'Bob');
    paperId = (await buildPaper(t.db, { title: 'Attention Paper', authors: ['Ada Lovelace'] })).paperId;
    await buildPageTexts(t.db, { paperId }, [PAGE]);
    folderId = (
      await buildSharedFolder(t.db, { ownerId: ada.id, name: 'Lab', members: [{ email: bob.email, role: 'editor' }] })
    ).id;
    await buildFolderFile(t.db, { folderId, paper: { paperId } });
    const paper = { paperId };
    await buildAnnotation(t.db, {
      userId: ada.id,
      paper,
      page: 1,
      exact: 'Attention is all you need',
      pageText: PAGE,
      note: 'Check {this} claim',
    });
    await buildAnnotation(t.db, {
      userId: bob.id,
      paper,
      page: 1,
      exact: 'Transformers rely on attention.',
      pageText: PAGE,
      note: "Bob's shared note",
      folderId,
    });
  });
  afterAll(() => t.close());

  const call = (...request: CallArgs) => injectAs(t, ...request);
  const folderExport = (token: string, query: string) => call(token, 'GET', `/api/folders/${folderId}/export?${query}`);

  it('folder BibTeX: annote with the caller’s own notes only when asked, braces escaped', async () => {
    const plain = await folderExport(ada.token, 'format=bibtex');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).not.toContain('annote');
    const annotated = (await folderExport(ada.token, 'format=bibtex&annote=true')).body;
    expect(annotated).toContain(
      "annote = {p. 1: ``Attention is all you need'' --- Check \\textbraceleft{}this\\textbraceright{} claim}",
    );
    expect(annotated).not.toContain('Bob');
    // Bob, an editor of the same folder, gets his notes, not Ada's.
    const his = (await folderExport(bob.token, 'format=bibtex&annote=true')).body;
    expect(his).toContain("Bob's shared note");
    expect(his).not.toContain('Check');
    expect((await folderExport(ada.token, 'format=bibtex&annote=false')).body).not.toContain('annote');
  });

  it('folder Markdown: a reading list, with the caller’s marks under each paper when asked', async () => {
    const plain = await folderExport(ada.token, 'format=markdown');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/markdown/);
    expect(plain.headers['content-disposition']).toContain('Lab.md');
    expect(plain.body).toContain('# Lab\n\n## Attention Paper\n\nAda Lovelace');
    expect(plain.body).not.toContain('p. 1');
    const annotated = (await folderExport(ada.token, 'format=markdown&annote=1')).body;
    expect(annotated).toContain('- p. 1: “Attention is all you need” — Check {this} claim');
    expect(annotated).not.toContain("Bob's shared note");
  });

  it('profile: library.bib carries annote when asked; the JSON export lists every own mark', async () => {
    expect((await call(ada.token, 'GET', '/api/profile/library.bib')).body).not.toContain('annote');
    expect((await call(ada.token, 'GET', '/api/profile/library.bib?annote=true')).body).toContain(
      'annote = {p. 1: ``Attention is all you need',
    );
    const exported = (await call(ada.token, 'GET', '/api/profile/export')).json();
    expect(exported.data.annotations).toEqual([
      expect.objectContaining({
        platform: 'arxiv',
        paper_id: paperId,
        page: 1,
        quote: { exact: 'Attention is all you need', prefix: '', suffix: '' },
        note: 'Check {this} claim',
        folder_id: null,
      }),
    ]);
  });
});
