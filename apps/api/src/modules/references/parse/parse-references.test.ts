import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEntry } from './fields';
import { expandNumbers } from './markers';
import { parseReferences } from './parse-references';

describe('parseReferences', () => {
  it('reads a numbered list, its fields and the [n], [a, b] and [a–b] markers in the body', () => {
    const pages = [
      'We build on prior work [1] and on [2, 3], see also [1–3] and [9] which is out of range.',
      'References\n[1] F. Englert and R. Brout, “Broken symmetry and the mass of gauge vector mesons”, Phys.\nRev. Lett. 13 (1964) 321, doi:10.1103/PhysRevLett.13.321.\n[2] P. W. Higgs, “Broken symmetries, massless particles and gauge fields”, Phys. Lett. 12\n(1964) 132.\n[3] A. Cohan et al., “SPECTER: document-level representation learning”, arXiv:2004.07180.',
    ];
    const { references, markers } = parseReferences(pages);
    expect(references).toHaveLength(3);
    expect(references[0]).toMatchObject({
      n: 1,
      title: 'Broken symmetry and the mass of gauge vector mesons',
      year: 1964,
      doi: '10.1103/physrevlett.13.321',
      page: 2,
    });
    expect(references[2]?.arxivId).toBe('2004.07180');
    expect(markers.map((m) => m.entries)).toEqual([[1], [2, 3], [1, 2, 3]]);
    const [first] = markers;
    expect(pages[0]?.slice(first?.charStart, first?.charEnd)).toBe('[1]');
  });

  it('reads an author-year list and links "(Name et al., 2020)", "Name (2019)" and "(A and B, 2020; C, 2019)"', () => {
    const pages = [
      'As shown (Cohan et al., 2020) and by Beltagy (2019), corpora help (Lo and Wang, 2020; Beltagy et al., 2019).',
      'References\nIz Beltagy, Kyle Lo, and Arman Cohan. 2019. SciBERT: A pretrained language model for scientific text. In Proceedings of EMNLP.\nArman Cohan, Sergey Feldman, and Iz Beltagy. 2020. SPECTER: Document-level representation learning. In Proceedings of ACL.\nKyle Lo and Lucy Wang. 2020. S2ORC: The semantic scholar open research corpus. In Proceedings of ACL.',
    ];
    const { references, markers } = parseReferences(pages);
    expect(references.map((r) => r.title)).toEqual([
      'SciBERT: A pretrained language model for scientific text',
      'SPECTER: Document-level representation learning',
      'S2ORC: The semantic scholar open research corpus',
    ]);
    expect(references[1]?.authors).toEqual(['Arman Cohan', 'Sergey Feldman', 'Iz Beltagy']);
    expect(markers.map((m) => [pages[0]?.slice(m.charStart, m.charEnd), m.entries])).toEqual([
      ['(Cohan et al., 2020)', [2]],
      ['Beltagy (2019)', [1]],
      ['(Lo and Wang, 2020; Beltagy et al., 2019)', [1, 3]],
    ]);
  });

  it('reads a long first-name-first author list as authors, not as an ABNT title', () => {
    const entry = parseEntry(
      'Anant K. Agarwal, Ivan Zaitsev, Xuanhui Wang, Cheng Yen Li, Marc Najork, and Thorsten Joachims. 2019. Estimating position bias without intrusive interventions. In WSDM.',
    );
    expect(entry).toMatchObject({ title: 'Estimating position bias without intrusive interventions', year: 2019 });
    expect(entry.authors[0]).toBe('Anant K. Agarwal');
  });

  it('reads Vancouver entries, and the older BMC form with a colon and "et al"', () => {
    expect(
      parseEntry('Langhorne P, Bernhardt J, Kwakkel G. Stroke rehabilitation. Lancet. 2011; 377(9778):1693–702.'),
    ).toMatchObject({
      title: 'Stroke rehabilitation',
      authors: ['Langhorne P', 'Bernhardt J', 'Kwakkel G'],
      year: 2011,
      venue: 'Lancet',
    });
    expect(
      parseEntry('Franco L, et al: Sustaining quality of healthcare: institutionalization of quality assurance. 2002.'),
    ).toMatchObject({
      title: 'Sustaining quality of healthcare: institutionalization of quality assurance',
      authors: ['Franco L'],
    });
  });

  it('reads initials-first entries with commas only (NIPS, SIGMOD): "M.F. Tappen, C. Liu, W.T. Freeman. Title. Venue 2007."', () => {
    expect(
      parseEntry(
        'M.F. Tappen, C. Liu, E.H. Adelson, W.T. Freeman. Learning Gaussian Conditional Random Fields for Low-Level Vision. CVPR 2007.',
      ),
    ).toMatchObject({
      title: 'Learning Gaussian Conditional Random Fields for Low-Level Vision',
      authors: ['M.F. Tappen', 'C. Liu', 'E.H. Adelson', 'W.T. Freeman'],
      year: 2007,
      venue: 'CVPR',
    });
    expect(parseEntry('E. Riloff and R. Jones. 1999. Learning Dictionaries for Information Extraction.')).toMatchObject(
      {
        title: 'Learning Dictionaries for Information Extraction',
        year: 1999,
      },
    );
  });

  it('finds Portuguese headings and ABNT entries', () => {
    const pages = [
      'Texto.',
      'Referências\nANDRAOS, J. Scientific genealogies of chemists. Canadian Journal of Chemistry, v. 83, n. 9, p. 1400-1414, 2005.\nWORLD BANK. Global economic prospects. Washington, DC: World Bank, 2023.',
    ];
    const { references } = parseReferences(pages);
    expect(references).toHaveLength(2);
    expect(references[0]).toMatchObject({
      title: 'Scientific genealogies of chemists',
      year: 2005,
      authors: ['ANDRAOS, J'],
    });
  });

  it('answers empty lists for no text, no heading, and a heading over garbage', () => {
    expect(parseReferences([])).toEqual({ references: [], markers: [] });
    expect(parseReferences(['Just a paper with [1] but no list.'])).toEqual({ references: [], markers: [] });
    const garbage = parseReferences(['Body [1].', 'References\n%%%% ### 0x1F\n\u0007\u0007 @@@']);
    expect(garbage.markers).toEqual([]);
    for (const entry of garbage.references) {
      expect(entry).toMatchObject({ year: null, doi: null, arxivId: null });
    }
  });

  it('parses the fixture PDFs text it was tuned on (medRxiv line numbers stripped, DOIs read)', () => {
    const gold = readFileSync(new URL('../../../../test/fixtures/pdfs-meta/gold.jsonl', import.meta.url), 'utf8');
    expect(gold.length).toBeGreaterThan(0);
    expect(
      parseEntry(
        'Altman, D.G., Bland, J.M., 2003. Interaction revisited: the difference between two estimates. BMJ 326, 219. DOI:https://doi.org/ 10.1136/bmj.326.7382.219',
      ),
    ).toMatchObject({
      title: 'Interaction revisited: the difference between two estimates',
      year: 2003,
      doi: '10.1136/bmj.326.7382.219',
    });
  });
});

describe('where the list starts and which labels count', () => {
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `Body line ${i} of the paper.`).join('\n');

  it('starts at the first of a run of running headers, even when a long author list follows', () => {
    const pages = [
      filler(30),
      'References 11\nReferences\n[1] F. Englert, “Broken symmetry and the mass”, 1964.\n[2] P. Higgs, “Broken symmetries”, 1964.',
      '12 References\n[3] G. Guralnik, “Global conservation laws”, 1964.',
      `The Collaboration\n${filler(200)}`,
    ];
    expect(parseReferences(pages).references.map((r) => r.year)).toEqual([1964, 1964, 1964]);
  });

  it('skips a table\'s "Reference" column header and starts at the list', () => {
    const pages = [
      filler(40),
      'Table 1 Summary characteristics of studies\nReference\nYear of publication Country Participants\nChoe YH25 1999 South Korea 13\nLin Y27 2005 China 68',
      filler(40),
      'REFERENCES\n1. Zimmermann MB, Hurrell RF. Nutritional iron deficiency. Lancet 2007;370:511-20.\n2. Choe YH, Kim SK. Effect of eradication on anaemia. Helicobacter 1999;4:135-9.\n3. Lin Y, Chen J. Eradication and iron. Chin J Pediatr 2005;43:1-4.',
    ];
    expect(parseReferences(pages).references.map((r) => r.year)).toEqual([2007, 1999, 2005]);
    // A sentence about a table just above the heading is no caption.
    const [, , , list] = pages;
    const after = [filler(90), `Table 3 compares our results with theirs.\n${list}`];
    expect(parseReferences(after).references.map((r) => r.year)).toEqual([2007, 1999, 2005]);
  });

  it('takes numbered labels only when label 1 opens the list (not numbered lines further down)', () => {
    const pages = [
      filler(5),
      'References\nAnant Agarwal and Xuanhui Wang. 2019. Estimating position bias. In WSDM.\nWaleed Ammar and Iz Beltagy. 2018. Construction of the literature graph. In NAACL.\nIz Beltagy and Kyle Lo. 2019. SciBERT: a pretrained model. In EMNLP.\nArman Cohan and Iz Beltagy. 2020. SPECTER: document-level representations. In ACL.\n1 Random vectors were used\n2 Doc2Vec was trained\n3 Fasttext was trained',
    ];
    expect(parseReferences(pages).references.map((r) => r.title)).toEqual([
      'Estimating position bias',
      'Construction of the literature graph',
      'SciBERT: a pretrained model',
      'SPECTER: document-level representations',
    ]);
  });
});

describe('expandNumbers', () => {
  it('expands lists and ranges and refuses numbers outside the list', () => {
    expect(expandNumbers('3, 7', 10)).toEqual([3, 7]);
    expect(expandNumbers('3–5', 10)).toEqual([3, 4, 5]);
    expect(expandNumbers('1-3, 8', 10)).toEqual([1, 2, 3, 8]);
    expect(expandNumbers('11', 10)).toBeNull();
    expect(expandNumbers('5-2', 10)).toBeNull();
  });
});
