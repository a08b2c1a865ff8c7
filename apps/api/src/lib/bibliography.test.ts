import { describe, expect, it } from 'vitest';
import { type BibliographyPaper, publicationYear, toBibliography, toBibtex, toCslItems } from './bibliography';

const paper = (overrides: Partial<BibliographyPaper> = {}): BibliographyPaper => ({
  platform: 'arxiv',
  paperId: '1706.03762',
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani', 'Noam Shazeer'],
  publishedDate: '2017-06-12',
  doi: null,
  pdfUrl: null,
  ...overrides,
});

describe('bibliography (BibTeX and RIS through citation-js)', () => {
  it('maps an arXiv paper to a preprint with its id, year and abstract page', () => {
    const bib = toBibtex([paper()]);
    expect(bib).toMatch(/^@misc\{Vaswani2017Attention,/);
    expect(bib).toContain('author = {Vaswani, Ashish and Shazeer, Noam}');
    expect(bib).toContain('year = {2017}');
    // Capitalised words are braced, so BibTeX styles keep their case.
    expect(bib).toContain('title = {Attention {Is} {All} {You} {Need}}');
    expect(bib).toContain('url = {https://arxiv.org/abs/1706.03762}');
    expect(bib).toContain('note = {arXiv:1706.03762}');
  });

  it("writes a note into annote with its braces escaped, so an unbalanced '}{' cannot end the field", () => {
    const bib = toBibtex([paper({ annote: 'p. 3: “see {x}” — }{ 50% $5 \\cite{y}' })]);
    const field = bib.match(/annote = \{(.*)\},\n/)?.[1] ?? '';
    expect(field).toContain('\\textbraceleft{}x\\textbraceright{}');
    expect(field).toContain('\\textbraceright{}\\textbraceleft{}');
    expect(field).toContain('50\\%');
    // Every brace left in the value opens and closes an empty group of a TeX command.
    expect(field.replace(/\{\}/g, '')).not.toMatch(/[{}]/);
    expect(toBibtex([paper()])).not.toContain('annote');
  });

  it('keeps a DOI, escapes TeX specials and gives clashing keys a, b', () => {
    const bib = toBibtex([
      paper({
        platform: 'acl',
        paperId: 'N19-1423',
        title: 'BERT & {friends} 100%',
        doi: '10.18653/v1/N19-1423',
        pdfUrl: 'https://aclanthology.org/N19-1423.pdf',
      }),
      paper({ paperId: '1706.00001' }),
      paper({ paperId: '1706.00002' }),
    ]);
    expect(bib).toContain('doi = {10.18653/v1/N19-1423}');
    expect(bib).toContain('@article{Vaswani2017BERT,');
    expect(bib).toContain('\\&');
    expect(bib).not.toMatch(/title = \{BERT & /);
    expect(bib).toContain('@misc{Vaswani2017Attention,');
    expect(bib).toContain('@misc{Vaswani2017Attentiona,');
  });

  it('leaves out what a paper lacks: no author, no date, no URL for a private upload', () => {
    const [item] = toCslItems([
      paper({ platform: 'upload', paperId: 'up-1', authors: [], publishedDate: null, title: 'Draft' }),
    ]);
    expect(item).toEqual({ id: 'Draft', 'citation-key': 'Draft', type: 'article', title: 'Draft' });
    expect(toBibtex([])).toBe('');
    expect(toBibliography([], 'ris')).toBe('');
  });

  it('treats an upload’s default date (requirements §9, 1900-01-01) as no date: no year in the key, BibTeX or RIS', () => {
    const undated = [
      paper({ platform: 'upload', paperId: 'up-2', authors: [], publishedDate: '1900-01-01', title: 'VESPA' }),
      paper({ platform: 'upload', paperId: 'up-3', publishedDate: '1900-01-01', title: 'Sparse attention' }),
    ];
    expect(toCslItems(undated).map((item) => item['citation-key'])).toEqual(['VESPA', 'VaswaniSparse']);
    expect(toCslItems(undated).some((item) => 'issued' in item)).toBe(false);
    const bib = toBibtex(undated);
    expect(bib).toContain('@article{VESPA,');
    expect(bib).not.toMatch(/1900|year/);
    expect(toBibliography(undated, 'ris')).not.toMatch(/1900|^PY {2}-|^DA {2}-/m);
    expect(publicationYear('1900-01-01')).toBeNull();
    expect(publicationYear(null)).toBeNull();
    expect(publicationYear('1901-01-01')).toBe(1901);
    expect(publicationYear('2017-06-12')).toBe(2017);
  });

  it('exports a date whose year alone is known as that year, never as 1 January', () => {
    const yearOnly = paper({
      platform: 'upload',
      paperId: 'up-4',
      publishedDate: '2016-01-01',
      publishedPrecision: 'year',
    });
    expect(toCslItems([yearOnly])[0]?.issued).toEqual({ 'date-parts': [[2016]] });
    const bib = toBibtex([yearOnly]);
    expect(bib).toContain('year = {2016}');
    expect(bib).not.toMatch(/month|2016-01-01/);
    expect(toBibliography([yearOnly], 'ris')).not.toMatch(/2016\/01\/01/);
    // A whole date keeps its month and day.
    expect(toCslItems([paper()])[0]?.issued).toEqual({ 'date-parts': [[2017, 6, 12]] });
  });

  it('writes RIS from the same records: the citation key is the ID, the DOI and URL kept', () => {
    const ris = toBibliography(
      [paper({ platform: 'acl', paperId: 'N19-1423', doi: '10.18653/v1/N19-1423', pdfUrl: 'https://x.org/a.pdf' })],
      'ris',
    );
    expect(ris).toMatch(/^TY {2}- JOUR$/m);
    expect(ris).toMatch(/^ID {2}- Vaswani2017Attention$/m);
    expect(ris).toMatch(/^DO {2}- 10\.18653\/v1\/N19-1423$/m);
    expect(ris).toMatch(/^UR {2}- https:\/\/x\.org\/a\.pdf$/m);
    expect(ris).toMatch(/^ER {2}- *$/m);
  });

  it('writes each RIS value on one line: a long title unfolded, its newlines folded, the key whole', () => {
    const title = `A very long title about attention\n  mechanisms ${'and more words '.repeat(8)}end`;
    const ris = toBibliography([paper({ title, authors: ['Maximilian Wolfeschlegelsteinhausen'] })], 'ris');
    expect(ris).toContain(`TI  - ${title.replace(/\s+/g, ' ')}\n`);
    expect(ris).toMatch(/^ID {2}- Wolfeschlegelsteinhausen2017very$/m);
    expect(ris.split('\n').every((line) => line === '' || /^[A-Z][A-Z0-9] {2}- /.test(line))).toBe(true);
  });
});
