import { describe, expect, it } from 'vitest';
import { cleanFilename, parseUploadForm } from './upload-form';

describe('parseUploadForm (spec §5)', () => {
  it('defaults the title to the file name without .pdf and the date to 1900-01-01', () => {
    expect(parseUploadForm({ published: '' }, 'Attention Is All You Need.pdf')).toEqual({
      title: 'Attention Is All You Need',
      authors: [],
      publishedDate: '1900-01-01',
      abstract: null,
      filename: 'Attention Is All You Need.pdf',
    });
  });

  it('splits authors on commas, trimmed, dropping empty names', () => {
    expect(parseUploadForm({ authors: ' Ada Lovelace, ,Alan Turing ,' }, 'a.pdf').authors).toEqual([
      'Ada Lovelace',
      'Alan Turing',
    ]);
  });

  it('refuses a future date, naming the field', () => {
    expect(() => parseUploadForm({ published: '2999-01-01' }, 'a.pdf')).toThrow(/published/);
  });
});

describe('cleanFilename', () => {
  it.each([
    ['C:\\Users\\ada\\paper.pdf', 'paper.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['bad\u0000name\u001f.pdf', 'badname.pdf'],
    ['', 'upload.pdf'],
    ['x'.repeat(300), 'x'.repeat(255)],
  ])('%j → %j', (raw, clean) => {
    expect(cleanFilename(raw)).toBe(clean);
  });
});
