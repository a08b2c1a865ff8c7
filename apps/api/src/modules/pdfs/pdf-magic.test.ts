import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { requirePdfMagic, UPLOAD_PDF_ERRORS } from './pdf-magic';

const collect = async (chunks: string[]) => {
  const out: Buffer[] = [];
  for await (const chunk of requirePdfMagic(Readable.from(chunks.map((c) => Buffer.from(c))), UPLOAD_PDF_ERRORS))
    out.push(chunk);
  return Buffer.concat(out).toString();
};

describe('requirePdfMagic', () => {
  it('passes a PDF through unchanged, even with the header split across chunks', async () => {
    expect(await collect(['%P', 'DF', '-1.7\n', 'rest'])).toBe('%PDF-1.7\nrest');
  });

  it.each([
    [['<html>'], /not a PDF/],
    [['%PDx-'], /not a PDF/],
    [['%PD'], /not a PDF/],
    [[], /empty/],
  ])('refuses %j', async (chunks, message) => {
    await expect(collect(chunks)).rejects.toThrow(message);
  });
});
