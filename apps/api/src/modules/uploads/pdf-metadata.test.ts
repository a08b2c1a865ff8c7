import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gridAuthorLines, laidOutPdf, samplePaperLines, scannedPdf } from '../../test-support/metadata-pdfs';
import { PDF_FIXTURES_DIR } from '../../test-support/pdf-fixtures';
import { readPdfMetadata } from './pdf-metadata';
import { cleanDoi, dateFromWords, findArxivStamp, findDoi, pdfDate } from './pdf-metadata-ids';
import { namesFrom } from './pdf-metadata-layout';
import { plausibleAuthors, plausibleTitle } from './pdf-metadata-plausible';
import { extractPdfText } from './pdf-text';

const LIMITS = { maxPages: 1000, maxTextChars: 20_000_000, maxInflatedBytes: 2 ** 30 };
const META_DIR = path.join(PDF_FIXTURES_DIR, '..', 'pdfs-meta');
const read = async (bytes: Buffer) => readPdfMetadata(await extractPdfText(new Uint8Array(bytes), LIMITS));
const fixture = async (dir: string, name: string) => read(await readFile(path.join(dir, name)));

describe('metadata read from a PDF (docs/uploads.md#metadata-from-the-pdf)', () => {
  it('reads a JOSE paper: info title printed on page 1, layout authors, Published date, DOI', async () => {
    expect(await fixture(META_DIR, 'jose-2018-00013-schloss.pdf')).toMatchObject({
      title: 'The Riffomonas Reproducible Research Tutorial Series',
      authors: ['Patrick D Schloss'],
      published: '2018-08-30',
      doi: '10.21105/jose.00013',
      arxiv_id: null,
      sources: {
        title: 'document-info',
        authors: 'first-page-layout',
        published: 'first-page-layout',
        doi: 'doi-pattern',
      },
    });
  });

  it('reads a BMC paper: a four-line title, superscript-marked authors, the abstract up to Keywords', async () => {
    const found = await fixture(META_DIR, 'bmc-jner-2016-de-marchis-et-al.pdf');
    expect(found.title).toBe(
      'Multi-contact functional electrical stimulation for hand opening: electrophysiologically driven identification of the optimal stimulation site',
    );
    expect(found.authors).toEqual([
      'Cristiano De Marchis',
      'Thiago Santos Monteiro',
      'Cristina Simon-Martinez',
      'Silvia Conforto',
      'Alireza Gharabaghi',
    ]);
    // Its first page prints the year alone (© 2016): known to the year, not to 1 January.
    expect(found.published).toBe('2016-01-01');
    expect(found.published_precision).toBe('year');
    expect(found.doi).toBe('10.1186/s12984-016-0129-6');
    expect(found.abstract).toMatch(/^Background: Functional Electrical Stimulation .* neurorehabilitation\.$/);
  });

  it('reads a SciELO paper: the English title before the Portuguese one, authors beside their ORCID ids', async () => {
    expect(await fixture(META_DIR, 'scielo-transinformacao-2021-araujo-bufrem.pdf')).toMatchObject({
      title: 'The intellectual foundation of the elite of Brazilian researchers on knowledge organization domain',
      authors: ['Paula Carina de ARAÚJO', 'Leilah Santiago BUFREM'],
      doi: '10.1590/2318-0889202133e200068',
    });
  });

  it('reads a built first page and ignores a Word file-name title and an account-name author', async () => {
    const found = await read(laidOutPdf(samplePaperLines, { Title: 'Microsoft Word - draft3.docx', Author: 'user' }));
    expect(found).toEqual({
      title: 'Reading Metadata from Born-Digital Research Papers',
      authors: ['Ada Lovelace', 'Charles Babbage', 'Mary Somerville'],
      published: '2021-03-12',
      abstract:
        'We read the title, the authors and the abstract of a paper from the layout of its first page, and its identifier from the text printed in its margins and header.',
      doi: '10.5555/Test.2021.42',
      arxiv_id: null,
      sources: {
        title: 'first-page-layout',
        authors: 'first-page-layout',
        published: 'first-page-layout',
        abstract: 'first-page-layout',
        doi: 'doi-pattern',
      },
    });
  });

  it('reads authors set side by side and in a grid, past their affiliations, and no place as a name', async () => {
    const found = await read(laidOutPdf(gridAuthorLines));
    expect(found.title).toBe('Probabilistic Models over Trees');
    expect(found.authors).toEqual(['Ada Lovelace', 'Charles Babbage', 'Mary Somerville']);
  });

  it('takes no title from a page that is not a first page: body text, a table, a numbered section heading', async () => {
    const found = await read(
      laidOutPdf([
        { text: 'Field Task Dataset SOTA BERT-Base SCIBERT', size: 9, y: 760 },
        { text: 'Cite (Cohan et al., 2019). No prior published results exist for the', size: 10, y: 700 },
        { text: 'Paper Field dataset, so we report our own baselines on it here.', size: 10, y: 688 },
        { text: '5 Discussion', size: 12, y: 660 },
        { text: 'We find that in-domain pretraining helps on every task we measured,', size: 10, y: 640 },
        { text: 'and most on the biomedical ones, where the vocabulary differs most.', size: 10, y: 628 },
      ]),
    );
    expect(found.title).toBeNull();
  });

  it('finds nothing on a page without a text layer', async () => {
    expect(await read(scannedPdf())).toEqual({
      title: null,
      authors: null,
      published: null,
      abstract: null,
      doi: null,
      arxiv_id: null,
      sources: {},
    });
  });
});

describe('the pieces', () => {
  it('drops implausible info titles and authors', () => {
    for (const title of [
      'Microsoft Word - draft3.docx',
      'untitled',
      'paper_final_v2',
      'main.pdf',
      'Untitled-1',
      'Abstract',
    ]) {
      expect(plausibleTitle(title), title).toBeNull();
    }
    expect(plausibleTitle('Journal of Testing', ['Journal of Testing'])).toBeNull();
    expect(plausibleTitle('Reading Metadata from Papers')).toBe('Reading Metadata from Papers');
    for (const author of ['user', 'Administrator', 'DESKTOP-4F2A', 'jsmith'])
      expect(plausibleAuthors(author)).toBeNull();
    expect(plausibleAuthors('Kyle Lo ; Lucy Lu Wang')).toEqual(['Kyle Lo', 'Lucy Lu Wang']);
    expect(plausibleAuthors(['Lovelace, Ada', 'Babbage, Charles'])).toEqual(['Ada Lovelace', 'Charles Babbage']);
  });

  it('splits author lines on marks, commas, "and", ORCID ids and degrees', () => {
    expect(namesFrom(['Jie Liang, BS⟨1⟩; Yang Pan, BS⟨1⟩; Yongqian', 'Wang, PhD⟨2,3⟩ and Fanfan Zheng*'])).toEqual([
      'Jie Liang',
      'Yang Pan',
      'Yongqian Wang',
      'Fanfan Zheng',
    ]);
  });

  it('joins a name whose particle ends a line, and names each collaboration', () => {
    expect(namesFrom(['Toby Hodges⟨7⟩, Dafne van', 'Kuppevelt⟨8⟩, Berend Weel⟨9⟩'])).toEqual([
      'Toby Hodges',
      'Dafne van Kuppevelt',
      'Berend Weel',
    ]);
    expect(namesFrom(['The ATLAS and CMS Collaborations'])).toEqual(['ATLAS Collaboration', 'CMS Collaboration']);
    expect(namesFrom(['Petya Osenova, Paulo Ro-', 'cha, Bogdan Sacaleanu'])).toEqual([
      'Petya Osenova',
      'Paulo Rocha',
      'Bogdan Sacaleanu',
    ]);
  });

  it('reads the arXiv stamp, DOIs and dates', () => {
    expect(findArxivStamp(['arXiv:2004.07180v4 [cs.CL] 20 May 2020'])).toEqual({
      id: '2004.07180',
      published: '2020-05-20',
    });
    expect(findArxivStamp(['arXiv:hep-ph/0501234v1 12 Jan 2005'])).toEqual({
      id: 'hep-ph/0501234',
      published: '2005-01-12',
    });
    expect(cleanDoi('10.1000/xyz123).')).toBe('10.1000/xyz123');
    expect(cleanDoi('10.1002/(SICI)1097-4636(199603)31:3')).toBe('10.1002/(SICI)1097-4636(199603)31:3');
    expect(findDoi(['see 10.1000/other', 'DOI: 10.1234/mine.1', 'https://doi.org/10.1234/mine.1.'])).toBe(
      '10.1234/mine.1',
    );
    // Glued to the running head in one place, printed cleanly in another: the clean one.
    const glued = ['10.1590/2318-0889202335e227169TransInformação', 'https://doi.org/10.1590/2318-0889202335e227169'];
    expect(findDoi(glued)).toBe('10.1590/2318-0889202335e227169');
    expect(dateFromWords('Received 3 de março de 2021')).toBe('2021-03-03');
    expect(dateFromWords('March 19, 2024')).toBe('2024-03-19');
    expect(pdfDate('D:20200502083329Z')).toBe('2020-05-02');
    expect(pdfDate('garbage')).toBeNull();
  });
});
