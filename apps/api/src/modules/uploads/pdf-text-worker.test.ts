import { afterEach, describe, expect, it } from 'vitest';
import { deepNestingBomb, flateBomb, pageCountBomb, plainPdf, textFloodPdf } from '../../test-support/pdf-bombs';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { PdfLimitError, PdfRefusedError, type PdfTextLimits } from './pdf-text-limits';
import { createPdfTextExtractor, type PdfTextExtractor } from './pdf-text-worker';

const DEFAULTS: PdfTextLimits = {
  maxHeapMb: 512,
  timeoutMs: 30_000,
  maxPages: 2000,
  maxTextChars: 5_000_000,
  maxInflatedBytes: 64 * 1024 * 1024,
};

const bytes = (buffer: Buffer) => new Uint8Array(buffer);
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** RSS while `work` runs, sampled every 20 ms: its peak above the start, in MB. */
async function peakRssGrowth<T>(
  work: () => Promise<T>,
): Promise<{ result: PromiseSettledResult<T>; growthMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const [result] = await Promise.allSettled([work()]);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, growthMb: mb(peak - start) };
}

describe('PDF text extraction in bounded worker processes (docs/security.md#work-queue-and-pdf-limits)', () => {
  let extractor: PdfTextExtractor;
  const open = (limits: Partial<PdfTextLimits> = {}, concurrency = 2) => {
    extractor = createPdfTextExtractor({ limits: { ...DEFAULTS, ...limits }, concurrency });
    return extractor;
  };
  afterEach(() => extractor?.close());

  it('extracts text and page count of a real paper', async () => {
    const result = await open().extract(bytes(await readPdfFixture(NAACL_PDF)));
    expect(result.pageCount).toBe(8);
    expect(result.text).toContain('Construction of the Literature Graph');
  });

  it("reports pdf.js's reason for bytes that are not a PDF, and keeps working", async () => {
    const pdf = open();
    const refusal = pdf.extract(new TextEncoder().encode('%PDF-1.7 but nothing else'));
    await expect(refusal).rejects.toBeInstanceOf(PdfRefusedError);
    await expect(refusal).rejects.toThrow(/PDF/i);
    expect((await pdf.extract(bytes(plainPdf('still here')))).text).toBe('still here');
  });

  it('refuses a 1.4 KB page-count bomb (a million pages declared) before reading pages', async () => {
    const bomb = pageCountBomb();
    expect(bomb.length).toBeLessThan(2000);
    const started = Date.now();
    const refusal = open().extract(bytes(bomb));
    await expect(refusal).rejects.toBeInstanceOf(PdfLimitError);
    await expect(refusal).rejects.toThrow('the PDF declares 1000000 pages, more than the limit of 2000');
    expect(Date.now() - started).toBeLessThan(DEFAULTS.timeoutMs);
  });

  it('refuses a flate bomb (1 MB inflating to 1 GiB) with the process RSS bounded', async () => {
    const bomb = await flateBomb(1024 ** 3);
    const pdf = open();
    const { result, growthMb } = await peakRssGrowth(() => pdf.extract(bytes(bomb)));
    console.info(`flate bomb of ${mb(bomb.length)} MB → 1024 MB: peak RSS growth ${growthMb} MB`);
    expect(result.status).toBe('rejected');
    const reason = (result as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(PdfLimitError);
    expect(reason.message).toBe("the PDF's compressed content unpacks to more than 64 MB");
    // The old in-process extraction grew by ~3 GB on this; the server's own RSS now barely moves.
    expect(growthMb).toBeLessThan(100);
  });

  it('refuses arrays nested 100,000 deep', async () => {
    const refusal = open().extract(bytes(deepNestingBomb(100_000)));
    await expect(refusal).rejects.toBeInstanceOf(PdfLimitError);
    await expect(refusal).rejects.toThrow('the PDF is nested too deeply to read');
  });

  it('terminates a document past its wall-clock budget, and the next document still works', async () => {
    // A million real-looking pages under a page cap that lets them through: only the clock stops it.
    const pdf = open({ maxPages: 10_000_000, timeoutMs: 3000 }, 1);
    const started = Date.now();
    const refusal = pdf.extract(bytes(pageCountBomb()));
    await expect(refusal).rejects.toThrow('reading the PDF took longer than the limit of 3 s');
    // Not a timing measurement: the bomb alone runs for minutes, so stopping well inside that is the
    // clock's doing; the slack is for a loaded 2-core machine, where a worker's start alone took 6 s.
    expect(Date.now() - started).toBeLessThan(3000 + 20_000);
    expect((await pdf.extract(bytes(plainPdf('after the bomb')))).text).toBe('after the bomb');
  });

  it('kills a worker process that passes its heap cap, with that reason, and the server lives on', async () => {
    const flood = bytes(textFloodPdf(1, 30_000_000));
    // 512 MB, the default: through a worker thread this bomb aborted the whole process (V8 fatal OOM).
    const pdf = open({ maxHeapMb: 512, maxTextChars: 1_000_000_000, maxInflatedBytes: 1024 ** 3 }, 1);
    const { result, growthMb } = await peakRssGrowth(() => pdf.extract(flood));
    console.info(`one 30 M-character string under a 512 MB heap cap: server RSS growth ${growthMb} MB`);
    expect(result.status).toBe('rejected');
    // Whichever memory bound it meets first: V8's heap cap, or the resident-memory watchdog at twice that.
    expect((result as PromiseRejectedResult).reason.message).toMatch(
      /^reading the PDF (needed more than the memory limit of 512 MB|took more than 1024 MB of memory)$/,
    );
    // The extraction process held the memory, not the server.
    expect(growthMb).toBeLessThan(100);
    expect((await pdf.extract(bytes(plainPdf('after the flood')))).text).toBe('after the flood');
  }, 90_000);

  it('kills a process whose memory outside the heap passes twice the heap cap (a flate bomb past the inflate check)', async () => {
    // The inflate check lifted: pdf.js inflates into an ArrayBuffer the heap cap does not count. The
    // time limit is set far off so that on a slow or busy machine the memory watchdog, not the clock,
    // is what ends it (this test asserts which bound fired, not how fast).
    const pdf = open({ maxHeapMb: 128, maxInflatedBytes: 4 * 1024 ** 3, timeoutMs: 120_000 }, 1);
    const refusal = pdf.extract(bytes(await flateBomb(1024 ** 3)));
    await expect(refusal).rejects.toBeInstanceOf(PdfLimitError);
    await expect(refusal).rejects.toThrow('reading the PDF took more than 256 MB of memory');
  }, 150_000);

  it('refuses a text longer than the cap (not truncated)', async () => {
    const refusal = open({ maxTextChars: 1000 }).extract(bytes(textFloodPdf(200)));
    await expect(refusal).rejects.toThrow("the PDF's text is longer than the limit of 1000 characters");
  });

  it('runs documents side by side: a slow bomb does not hold up a normal PDF', async () => {
    const pdf = open({ maxPages: 10_000_000, timeoutMs: 20_000 }, 2);
    const bomb = pdf.extract(bytes(pageCountBomb())).catch((error: Error) => error);
    const started = Date.now();
    expect((await pdf.extract(bytes(plainPdf('not blocked')))).text).toBe('not blocked');
    expect(Date.now() - started).toBeLessThan(15_000);
    await pdf.close();
    expect(await bomb).toBeInstanceOf(Error);
  });

  it('close() with a bomb in progress terminates it within seconds', async () => {
    const pdf = open({ maxPages: 10_000_000, timeoutMs: 60_000 }, 1);
    // Warm: the process is up, so the bomb below is being read when close() comes.
    await pdf.extract(bytes(plainPdf()));
    const bomb = pdf.extract(bytes(pageCountBomb())).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const closing = Date.now();
    await pdf.close();
    expect(await bomb).toBeInstanceOf(Error);
    expect(Date.now() - closing).toBeLessThan(3000);
  });

  it('aborting terminates the document at once with the signal reason', async () => {
    const pdf = open({ maxPages: 10_000_000 }, 1);
    await pdf.extract(bytes(plainPdf()));
    const controller = new AbortController();
    const bomb = pdf.extract(bytes(pageCountBomb()), controller.signal);
    setTimeout(() => controller.abort(new Error('the server is shutting down')), 1000);
    await expect(bomb).rejects.toThrow('the server is shutting down');
  });
});
