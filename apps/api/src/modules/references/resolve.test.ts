import { describe, expect, it } from 'vitest';
import type { ParsedReference } from './parse/parse-references';
import { resolutionKeys, resolveEntry } from './resolve';

const entry = (overrides: Partial<ParsedReference>): ParsedReference => ({
  n: 1,
  raw: '',
  page: 1,
  title: null,
  authors: [],
  year: null,
  venue: null,
  doi: null,
  arxivId: null,
  ...overrides,
});
const candidate = (paperId: string, overrides: { doi?: string; title?: string; year?: number | null } = {}) => ({
  platform: 'arxiv',
  paperId,
  doi: overrides.doi ?? null,
  title: overrides.title ?? `paper ${paperId}`,
  year: overrides.year ?? null,
});
const SELF = { platform: 'upload', paper_id: 'me' };

describe('resolveEntry (docs/references.md#resolution)', () => {
  it('tries the arXiv id first, then the DOI, then the title', () => {
    const candidates = {
      byArxiv: [candidate('2004.07180')],
      byDoi: [candidate('doi-paper', { doi: '10.1/x' })],
      byTitle: [candidate('title-paper', { title: 'specter: document-level representation learning' })],
    };
    const all = { arxivId: '2004.07180', doi: '10.1/x', title: 'SPECTER: Document-level Representation Learning' };
    expect(resolveEntry(entry(all), candidates, SELF)?.paper_id).toBe('2004.07180');
    expect(resolveEntry(entry({ ...all, arxivId: null }), candidates, SELF)?.paper_id).toBe('doi-paper');
    expect(resolveEntry(entry({ title: all.title }), candidates, SELF)?.paper_id).toBe('title-paper');
    expect(resolveEntry(entry({ title: 'Something else' }), candidates, SELF)).toBeNull();
  });

  it('wants the years within one of each other when both are known, and never answers the paper itself', () => {
    const byTitle = [candidate('p', { title: 'the datacube manifesto', year: 2017 })];
    const none = { byArxiv: [], byDoi: [] };
    const title = 'The Datacube Manifesto';
    expect(resolveEntry(entry({ title, year: 2018 }), { ...none, byTitle }, SELF)?.paper_id).toBe('p');
    expect(resolveEntry(entry({ title, year: 2012 }), { ...none, byTitle }, SELF)).toBeNull();
    expect(resolveEntry(entry({ title }), { ...none, byTitle }, SELF)?.paper_id).toBe('p');
    expect(resolveEntry(entry({ title }), { ...none, byTitle }, { platform: 'arxiv', paper_id: 'p' })).toBeNull();
  });

  it('looks up each key once', () => {
    const keys = resolutionKeys([
      entry({ doi: '10.1/x', title: 'A Title' }),
      entry({ doi: '10.1/x', title: 'a title' }),
    ]);
    expect(keys).toEqual({ arxivIds: [], dois: ['10.1/x'], titles: ['a title'] });
  });
});
