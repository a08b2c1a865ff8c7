import { describe, expect, it } from 'vitest';
import { countEntries, decodeBibliography, detectKind, entriesFromCsl, parseBibliography } from './bibliography-input';
import { familyName, findArxivId, normaliseDoi, normaliseTitle, titlePrefix } from './entry-ids';
import { readRisRecords } from './ris-records';

/** docs/import-export.md: reading BibTeX, RIS and CSL-JSON into entries, and the ids entries are matched by. */
describe('bibliography input', () => {
  it('reads Better BibTeX output: biblatex dates, @online, braces, TeX accents, string macros', () => {
    const bbt = `@comment{jabref-meta: databaseType:biblatex;}
@string{acl = {Association for Computational Linguistics}}
@online{vaswaniAttentionAllYou2017,
  title = {Attention {{Is All You Need}}},
  author = {Vaswani, Ashish and Shazeer, Noam and Parmar, Niki},
  date = {2017-06-12},
  eprint = {1706.03762},
  eprinttype = {arxiv},
  eprintclass = {cs},
  langid = {english},
  keywords = {Computer Science - Computation and Language},
}
@inproceedings{devlin2019,
  title = {{BERT}: Pre-Training of Deep Bidirectional Transformers},
  author = {Devlin, Jacob and Chang, Ming-Wei},
  booktitle = acl,
  date = {2019-06},
  doi = {10.18653/v1/N19-1423},
  abstract = {We introduce a new language representation model.},
}
@article{g\\"odel,
  title = {{\\"U}ber formal unentscheidbare S{\\"a}tze},
  author = {G{\\"o}del, Kurt},
  year = {1931},
}`;
    const kind = detectKind(bbt);
    expect(kind).toBe('bibtex');
    expect(countEntries(bbt, kind)).toBe(3);
    const entries = parseBibliography(bbt, kind);
    expect(entries).toMatchObject([
      {
        label: 'vaswaniAttentionAllYou2017',
        title: 'Attention Is All You Need',
        authors: ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar'],
        year: 2017,
        publishedDate: '2017-06-12',
        arxivId: '1706.03762',
      },
      {
        label: 'devlin2019',
        doi: '10.18653/v1/N19-1423',
        publishedDate: '2019-06-01',
        abstract: 'We introduce a new language representation model.',
        arxivId: null,
      },
      { title: 'Über formal unentscheidbare Sätze', authors: ['Kurt Gödel'], publishedDate: '1931-01-01' },
    ]);
  });

  it('reads RIS: repeated tags, folded lines, ID as the label, DO as the DOI', () => {
    const ris = [
      'TY  - JOUR',
      'ID  - smith19',
      'TI  - A title that a writer',
      'folded onto a second line',
      'AU  - Smith, John',
      'AU  - Doe, Jane',
      'PY  - 2019///',
      'DO  - https://doi.org/10.1000/XYZ',
      'UR  - https://arxiv.org/pdf/1901.00001v2.pdf',
      'ER  - ',
    ].join('\r\n');
    expect(readRisRecords(ris)).toEqual([
      {
        TY: 'JOUR',
        ID: 'smith19',
        TI: 'A title that a writer folded onto a second line',
        AU: ['Smith, John', 'Doe, Jane'],
        PY: '2019///',
        DO: 'https://doi.org/10.1000/XYZ',
        UR: 'https://arxiv.org/pdf/1901.00001v2.pdf',
      },
    ]);
    expect(parseBibliography(ris, detectKind(ris))).toMatchObject([
      {
        label: 'smith19',
        title: 'A title that a writer folded onto a second line',
        authors: ['John Smith', 'Jane Doe'],
        year: 2019,
        doi: '10.1000/XYZ',
        arxivId: '1901.00001',
      },
    ]);
  });

  it('reads CSL-JSON as Zotero writes it: the arXiv id from the URL, number or arXiv DOI', () => {
    const entries = entriesFromCsl([
      {
        id: 'u/A',
        type: 'article',
        title: 'One',
        number: 'arXiv:2101.00001',
        issued: { 'date-parts': [['2021', '2', '3']] },
      },
      { id: 'u/B', type: 'article', title: 'Two', DOI: '10.48550/arXiv.hep-th/9901001' },
      { id: 'u/C', type: 'book', title: 'Three', author: [{ literal: 'The Consortium' }], issued: { raw: '1999' } },
    ]);
    expect(entries.map(({ arxivId, publishedDate, authors }) => ({ arxivId, publishedDate, authors }))).toEqual([
      { arxivId: '2101.00001', publishedDate: '2021-02-03', authors: [] },
      { arxivId: 'hep-th/9901001', publishedDate: null, authors: [] },
      { arxivId: null, publishedDate: '1999-01-01', authors: ['The Consortium'] },
    ]);
  });

  it('tells formats by content and refuses what is not a bibliography', () => {
    expect(detectKind('  \n[{"type":"book","title":"x"}]')).toBe('csljson');
    expect(detectKind('TY  - BOOK\nER  - \n')).toBe('ris');
    expect(() => detectKind('Dear editor,\nplease find attached')).toThrow(/not a bibliography/);
    expect(() => decodeBibliography(Buffer.from([0xff, 0xfe, 0x00, 0x41]))).toThrow(/not UTF-8/);
    expect(decodeBibliography(Buffer.from('\uFEFF@misc{a, title={x}}'))).toBe('@misc{a, title={x}}');
    expect(() => parseBibliography('[{"title": "x"}, 3]', 'csljson')).toThrow(/not CSL-JSON/);
  });

  it('finds ids and compares titles and names as matching needs', () => {
    expect(findArxivId(['1706.03762v5'], [])).toBe('1706.03762');
    expect(findArxivId([], ['see arXiv: math.GT/0309136v1 for details'])).toBe('math.GT/0309136');
    expect(findArxivId([], ['https://www.arxiv.org/abs/2301.12345'])).toBe('2301.12345');
    expect(findArxivId(['not an id'], ['https://example.org/2301.12345'])).toBeNull();
    expect(normaliseDoi('doi: 10.1145/3292500.3330701')).toBe('10.1145/3292500.3330701');
    expect(normaliseDoi('http://dx.doi.org/10.1/x')).toBe('10.1/x');
    expect(normaliseDoi('not a doi')).toBeNull();
    expect(normaliseTitle('Attention is   all you need!')).toBe(normaliseTitle('ATTENTION IS ALL YOU NEED'));
    expect(normaliseTitle('Über')).toBe(normaliseTitle('Uber'));
    expect(familyName('Müller, Jörg')).toBe('muller');
    expect(familyName('Jörg Müller')).toBe('muller');
    expect(titlePrefix('BERT: Pre-training')).toBe('bert');
    expect(titlePrefix('Attention Is All You Need')).toBe('attention is all you need');
    expect(titlePrefix('Über alles: a test')).toBe('über alles');
    expect(titlePrefix("'; drop table papers; --")).toBe('');
  });
});
