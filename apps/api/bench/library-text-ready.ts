/**
 * Upload-to-text-ready. The server writes nothing observable when a text is extracted (no log line,
 * no status endpoint), so this runs the real app in this process (src/test-support/test-app.ts on an
 * in-memory PGlite, listening on 127.0.0.1) and uploads over real HTTP. "Text ready" is when the
 * extraction queue's drain() resolves; the paper_texts row is then checked to be 'ready' with the
 * expected page count.
 */
import { and, eq } from 'drizzle-orm';
import { paperTexts } from '../src/db/schema';
import { startBenchApp } from './bench-app';
import { onCleanup } from './cleanup';
import type { BenchPdf } from './library-pdfs';
import { type LatencySummary, summarize } from './stats';
import { withTimeout } from './with-timeout';

export interface TextReadyResult {
  label: string;
  pages: number;
  bytes: number;
  upload: LatencySummary;
  textReady: LatencySummary;
  /** Characters of extracted text in the last run (a sanity check that text was really extracted). */
  textChars: number;
}

const DRAIN_TIMEOUT_MS = 120_000;

export async function measureTextReady(pdfs: BenchPdf[], runs: number): Promise<TextReadyResult[]> {
  const t = await startBenchApp(undefined);
  const close = onCleanup(() => t.close());
  try {
    const address = t.baseUrl;
    const userId = (
      (await (await fetch(`${address}/api/user/get_id`, { method: 'POST' })).json()) as { user_id: string }
    ).user_id;
    const results: TextReadyResult[] = [];
    for (const pdf of pdfs) {
      const uploadMs: number[] = [];
      const readyMs: number[] = [];
      let textChars = 0;
      // One unmeasured upload first: pdf.js and the routes load on first use.
      for (let run = -1; run < runs; run++) {
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(pdf.bytes)], { type: 'application/pdf' }), 'paper.pdf');
        form.set('title', `${pdf.label} #${run}`);
        const started = performance.now();
        const response = await fetch(`${address}/api/upload/`, {
          method: 'POST',
          headers: { 'X-User-ID': userId },
          body: form,
          signal: AbortSignal.timeout(60_000),
        });
        const body = (await response.json()) as { paper_id?: string; platform?: string };
        const answered = performance.now();
        if (response.status !== 201 || !body.paper_id) {
          throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
        }
        await withTimeout(t.context.queue.drain(), DRAIN_TIMEOUT_MS, 'text extraction');
        const ready = performance.now();
        const [row] = await t.context.db
          .select({ status: paperTexts.status, pageCount: paperTexts.pageCount, text: paperTexts.text })
          .from(paperTexts)
          .where(and(eq(paperTexts.platform, 'upload'), eq(paperTexts.paperId, body.paper_id)));
        if (row?.status !== 'ready' || row.pageCount !== pdf.pages) {
          throw new Error(`text of ${pdf.label}: status ${row?.status}, ${row?.pageCount} pages (want ${pdf.pages})`);
        }
        textChars = row.text?.length ?? 0;
        if (run < 0) continue;
        uploadMs.push(answered - started);
        readyMs.push(ready - started);
      }
      results.push({
        label: pdf.label,
        pages: pdf.pages,
        bytes: pdf.bytes.length,
        upload: summarize(uploadMs),
        textReady: summarize(readyMs),
        textChars,
      });
    }
    return results;
  } finally {
    await close();
  }
}
