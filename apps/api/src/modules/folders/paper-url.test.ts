import { describe, expect, it } from 'vitest';
import { resolvePaperUrl } from './paper-url';

describe('resolvePaperUrl', () => {
  it.each([
    [
      'an arXiv paper, by id on the export host',
      'arxiv',
      '2401.01234',
      'http://arxiv.org/pdf/2401.01234v2',
      'https://export.arxiv.org/pdf/2401.01234',
    ],
    [
      'an old-style arXiv id with its slash',
      'arxiv',
      'math/0601001',
      null,
      'https://export.arxiv.org/pdf/math/0601001',
    ],
    [
      'an ACL paper over http, made https',
      'acl',
      '2020.acl-main.1',
      'http://aclanthology.org/2020.acl-main.1.pdf',
      'https://aclanthology.org/2020.acl-main.1.pdf',
    ],
    ['an https link, unchanged', 'emnlp', 'x', 'https://aclanthology.org/x.pdf', 'https://aclanthology.org/x.pdf'],
    [
      'another platform pointing at arxiv.org',
      'other',
      'y',
      'http://www.arxiv.org/pdf/1234.5678',
      'https://export.arxiv.org/pdf/1234.5678',
    ],
    ['a paper without a PDF', 'acl', 'z', null, null],
    ['an upload, served by this server', 'upload', 'u1', null, '/api/uploads/u1/pdf'],
    [
      'an upload id with odd characters, encoded',
      'upload',
      'a/b c',
      'http://evil.example/x.pdf',
      '/api/uploads/a%2Fb%20c/pdf',
    ],
  ])('gives %s', (_label, platform, paperId, pdfUrl, expected) => {
    expect(resolvePaperUrl({ platform, paperId, pdfUrl })).toBe(expected);
  });
});
