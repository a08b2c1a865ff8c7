import { afterEach, describe, expect, it } from 'vitest';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { createPdfTextWorker } from './pdf-text-worker';

describe('PDF text worker thread', () => {
  const worker = createPdfTextWorker();
  afterEach(() => worker.close());

  const bytes = async () => new Uint8Array(await readPdfFixture(NAACL_PDF));

  it('extracts text and page count on its thread', async () => {
    const result = await worker.extract(await bytes());
    expect(result.pageCount).toBe(8);
    expect(result.text).toContain('Construction of the Literature Graph');
  });

  it("reports pdf.js's reason for bytes that are not a PDF, and keeps working", async () => {
    await expect(worker.extract(new TextEncoder().encode('%PDF-1.7 but nothing else'))).rejects.toThrow(/PDF/i);
    expect((await worker.extract(await bytes())).pageCount).toBe(8);
  });

  it('starts a fresh thread after close', async () => {
    await worker.extract(await bytes());
    await worker.close();
    expect((await worker.extract(await bytes())).pageCount).toBe(8);
  });
});
