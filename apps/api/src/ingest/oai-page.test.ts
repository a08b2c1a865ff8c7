import { describe, expect, it } from 'vitest';
import { MalformedOaiResponse, type OaiPage, parseOaiPage } from './oai-page';
import { arxivFixture } from './replay-server';

const records = (page: OaiPage) => {
  if (page.kind !== 'records') throw new Error(`expected records, got ${page.code}`);
  return page;
};
const paperOf = (page: OaiPage, index: number) => {
  const outcome = records(page).records[index]?.outcome;
  if (!outcome || !('paper' in outcome)) throw new Error(`record ${index} was skipped`);
  return outcome.paper;
};

describe('parseOaiPage', () => {
  it('reads an arXivRaw ListRecords page: entities, versions, DOIs and the resumption token', () => {
    const page = records(
      parseOaiPage(arxivFixture('oai-pmh/listrecords-arxivRaw-2015-6records-with-token.xml'), 'arXivRaw'),
    );
    expect(page.records).toHaveLength(6);
    expect(page.resumptionToken).toBe('726959|1001');
    expect(page.completeListSize).toBe(58011);
    expect(page.records[0]).toMatchObject({
      identifier: 'oai:arXiv.org:0704.0471',
      datestamp: '2014-11-18',
      deleted: false,
    });
    const first = paperOf(page, 0);
    expect(first).toMatchObject({
      paperId: '0704.0471',
      title:
        'Density dependence of the symmetry energy and the nuclear equation of state: A Dynamical and Statistical model perspective',
      authors: ['D.V. Shetty', 'S.J. Yennello', 'G.A. Souliotis'],
      categories: ['nucl-ex', 'nucl-th'],
      publishedDate: '2007-04-03',
      updatedDate: null,
      doi: '10.1103/PhysRevC.76.024606',
      comments: '16 pages, 14 figures',
    });
    expect(first.abstract).toContain('an extremely " stiff " and " soft "');
    // Four versions: published is v1's date, updated the latest's.
    expect(paperOf(page, 1)).toMatchObject({
      paperId: '0704.0716',
      publishedDate: '2007-04-05',
      updatedDate: '2008-11-14',
    });
  });

  it('keeps TeX accents of a GetRecord response as arXiv wrote them', () => {
    const page = parseOaiPage(arxivFixture('oai-pmh/getrecord-arxivRaw-1810.09584.xml'), 'arXivRaw');
    expect(paperOf(page, 0)).toMatchObject({
      paperId: '1810.09584',
      authors: ['Raphael Chetrite', 'Shamik Gupta', 'Izaak Neri', "\\'Edgar Rold\\'an"],
      categories: ['cond-mat.stat-mech', 'physics.bio-ph', 'physics.data-an'],
      publishedDate: '2018-10-22',
      updatedDate: '2019-01-13',
    });
    expect(paperOf(page, 0).abstract).toContain('$k_{\\rm B}T$');
    expect(records(page).resumptionToken).toBeNull();
  });

  it('reads a 387-record page', () => {
    const page = records(
      parseOaiPage(
        arxivFixture('oai-pmh/listrecords-arxivRaw-2016-387records-prettyprinted-with-token.xml'),
        'arXivRaw',
      ),
    );
    expect(page.records).toHaveLength(387);
    expect(page.records.filter((record) => 'paper' in record.outcome)).toHaveLength(387);
    expect(page.resumptionToken).toBe('1403493|1001');
  });

  it('reads oai_dc: id from the header, categories from the sets, comment apart from the abstract', () => {
    const page = parseOaiPage(arxivFixture('oai-pmh/listrecords-oai_dc-cs-2024-5records-with-token.xml'), 'oai_dc');
    expect(records(page).records).toHaveLength(5);
    expect(paperOf(page, 0)).toMatchObject({
      paperId: '1303.2033',
      title: 'Extended Fourier analysis of signals',
      authors: ['Vilnis Liepins'],
      categories: ['cs'],
    });
    expect(paperOf(page, 4)).toMatchObject({
      paperId: '2401.14040',
      comments: 'Accepted to the Findings of EACL 2024',
    });
    expect(records(page).resumptionToken).toBe('6960524|1001');
  });

  it('reads the arXiv format (synthetic page): structured authors, old-style ids, deleted records', () => {
    const page = records(parseOaiPage(arxivFixture('synthetic/listrecords-arXiv-2records.xml'), 'arXiv'));
    expect(paperOf(page, 0)).toMatchObject({
      paperId: '0704.0002',
      authors: ['Ileana Streinu', 'Louis Theran'],
      categories: ['math.CO', 'cs.CG'],
      publishedDate: '2007-03-30',
      updatedDate: '2008-12-13',
    });
    expect(page.records[1]).toMatchObject({ deleted: true, outcome: { reason: 'deleted on arXiv' } });
    expect(paperOf(page, 2)).toMatchObject({
      paperId: 'hep-th/9901001',
      title: 'An "old-style" identifier',
      authors: ["\\'Edgar Rold\\'an", 'John Smith Jr'],
    });
  });

  it('skips a malformed record with its reason, keeping the others', () => {
    const page = records(parseOaiPage(arxivFixture('synthetic/listrecords-arxivRaw-malformed-record.xml'), 'arXivRaw'));
    expect(page.records.map((record) => record.outcome)).toEqual([
      { paper: expect.objectContaining({ paperId: '2405.00001', authors: ['Ada Lovelace', 'Alan Turing'] }) },
      { reason: 'no title' },
      { reason: 'no id' },
      { paper: expect.objectContaining({ paperId: '2405.00004', categories: ['cs.PL', 'cs.SE'] }) },
    ]);
  });

  it.each([
    ['error-badArgument.xml', 'badArgument'],
    ['error-badResumptionToken.xml', 'badResumptionToken'],
    ['error-idDoesNotExist.xml', 'idDoesNotExist'],
    ['error-noRecordsMatch.xml', 'noRecordsMatch'],
  ])('reports the OAI error of %s', (file, code) => {
    expect(parseOaiPage(arxivFixture(`oai-pmh/${file}`), 'arXivRaw')).toEqual({
      kind: 'error',
      code,
      message: expect.any(String),
    });
  });

  it.each([
    ['an HTML error page', '<html><body><h1>Service unavailable</h1><p>oops</body></html>', /not well-formed/],
    ['a truncated body', '<?xml version="1.0"?><OAI-PMH><ListRecords><record>', /not well-formed/],
    ['another root', '<?xml version="1.0"?><feed><entry/></feed>', /root element is not <OAI-PMH>/],
    ['neither records nor error', '<OAI-PMH><responseDate>2024-01-01</responseDate></OAI-PMH>', /neither records/],
    ['plain text', 'Rate exceeded.', /not well-formed|root element/],
  ])('refuses %s as malformed', (_name, body, reason) => {
    expect(() => parseOaiPage(body, 'arXivRaw')).toThrow(MalformedOaiResponse);
    expect(() => parseOaiPage(body, 'arXivRaw')).toThrow(reason);
  });
});
