import { describe, expect, it } from 'vitest';
import { cleanFilename, decodeTextPart, parseUploadForm } from './upload-form';

describe('parseUploadForm (requirements §5)', () => {
  it('defaults the title to the file name without .pdf and the date to 1900-01-01', () => {
    expect(parseUploadForm({ published: '' }, 'Attention Is All You Need.pdf')).toEqual({
      title: 'Attention Is All You Need',
      authors: [],
      publishedDate: '1900-01-01',
      abstract: null,
      filename: 'Attention Is All You Need.pdf',
      typedFields: [],
    });
  });

  it('records which fields the uploader typed, so the PDF fills only the others', () => {
    const form = parseUploadForm({ title: 'Mine', abstract: 'Typed too', published: '' }, 'a.pdf');
    expect(form.typedFields).toEqual(['title', 'abstract']);
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

describe('decodeTextPart (parts sent by the ts-rest typed client)', () => {
  it.each([
    ['"1900-01-01"', '1900-01-01'],
    ['"A \\"quoted\\" title"', 'A "quoted" title'],
    ['1900-01-01', '1900-01-01'],
    ['"Quoted" and "more"', '"Quoted" and "more"'],
    ['"', '"'],
    ['', ''],
  ])('%s → %s', (raw, expected) => {
    expect(decodeTextPart(raw)).toBe(expected);
  });

  it('lets a JSON-encoded form through the same rules as a plain one', () => {
    const fields = { title: '"Typed"', published: '"2001-02-03"', authors: '"A, B"' };
    expect(parseUploadForm(fields, 'x.pdf')).toMatchObject({
      title: 'Typed',
      publishedDate: '2001-02-03',
      authors: ['A', 'B'],
    });
  });
});
