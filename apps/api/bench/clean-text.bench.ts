/**
 * The clean-text section of `pnpm bench` (`bench/run.ts --clean-text`, or `--clean-text-only`): text
 * artefacts in the passages of PDFs, cut from the uncleaned pages (as before docs/ai.md#clean-text)
 * and from the cleaned ones. No server, no database. The cleaning was tuned on the five CC-BY fixtures
 * (test/fixtures/pdfs) only; the 20 PDFs of test/fixtures/pdfs-meta were measured once it stopped.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { locateQuote, quoteLetters } from '@paperbench/contract';
import { cleanPages } from '../src/ai/text/clean/clean-page-text';
import { runningKey, runningKeys } from '../src/ai/text/clean/page-furniture';
import { applyEdits } from '../src/ai/text/clean/text-edits';
import { chunkCleanPages, type PassageSpan } from '../src/modules/passages/chunk-passages';
import { extractPdfText } from '../src/modules/uploads/pdf-text';

const SETS = {
  'tuning: test/fixtures/pdfs': path.join(import.meta.dirname, '../test/fixtures/pdfs'),
  'held-out: test/fixtures/pdfs-meta': path.join(import.meta.dirname, '../test/fixtures/pdfs-meta'),
};

export interface ArtefactCounts {
  passages: number;
  /** A word split by a hyphen and a line break or space ("embed-\ndings", "Ta- ble"), suspended hyphens before and/or aside. */
  hyphenSplits: number;
  /** Spacing accents next to a letter ("ˇReh˚uˇrek"). */
  spacingAccents: number;
  /** Lines of a passage that are the document's running header or footer (bare numbers are table cells as often as page numbers). */
  runningLines: number;
  /** The share of passages the web viewer's quote matching finds on their page (apps/web/src/lib/quote-spans.ts). */
  viewerFound: number;
}

const HYPHEN_SPLIT = /\p{L}[-\u00AD\u2010](?:[ \t]*\n[ \t]*| )(?!(?:and|or|nor)\b)\p{L}/gu;
const SPACING_ACCENT =
  /[\u02C7\u02DA\u00A8\u00B4\u02DC\u02C6\u02D8\u02D9\u02DD](?=\p{L})|(?<=\p{L})[\u02C7\u02DA\u00A8\u02DD]/gu;

/** The viewer's rule (locateQuote, shared with apps/web). */
const viewerFinds = (page: string, quote: string) => locateQuote(quoteLetters(page), quoteLetters(quote)) !== null;

function count(pages: readonly string[], passages: readonly PassageSpan[]): ArtefactCounts {
  const running = runningKeys(pages);
  const lines = passages.flatMap((passage) => passage.text.split('\n'));
  return {
    passages: passages.length,
    hyphenSplits: passages.reduce((sum, passage) => sum + (passage.text.match(HYPHEN_SPLIT)?.length ?? 0), 0),
    spacingAccents: passages.reduce((sum, passage) => sum + (passage.text.match(SPACING_ACCENT)?.length ?? 0), 0),
    runningLines: lines.filter((line) => running.has(runningKey(line))).length,
    viewerFound: passages.filter((passage) => viewerFinds(pages[passage.page - 1] ?? '', passage.text)).length,
  };
}

const add = (a: ArtefactCounts, b: ArtefactCounts): ArtefactCounts => ({
  passages: a.passages + b.passages,
  hyphenSplits: a.hyphenSplits + b.hyphenSplits,
  spacingAccents: a.spacingAccents + b.spacingAccents,
  runningLines: a.runningLines + b.runningLines,
  viewerFound: a.viewerFound + b.viewerFound,
});
const ZERO: ArtefactCounts = { passages: 0, hyphenSplits: 0, spacingAccents: 0, runningLines: 0, viewerFound: 0 };

export type CleanTextResult = Record<string, { documents: number; before: ArtefactCounts; after: ArtefactCounts }>;

export async function runCleanTextBench(log: (message: string) => void): Promise<CleanTextResult> {
  const result: CleanTextResult = {};
  for (const [name, dir] of Object.entries(SETS)) {
    const files = (await readdir(dir)).filter((file) => file.endsWith('.pdf')).sort();
    let [before, after] = [ZERO, ZERO];
    for (const file of files) {
      const data = new Uint8Array(await readFile(path.join(dir, file)));
      const { pages } = await extractPdfText(data, {
        maxPages: 500,
        maxTextChars: 20_000_000,
        maxInflatedBytes: 2 ** 30,
      });
      before = add(before, count(pages, chunkCleanPages(pages.map((page) => applyEdits(page, [])))));
      after = add(after, count(pages, chunkCleanPages(cleanPages(pages))));
    }
    log(`clean text: ${name} measured`);
    result[name] = { documents: files.length, before, after };
  }
  return result;
}

export function renderCleanTextReport(result: CleanTextResult, date: string): string {
  const rows = Object.entries(result).flatMap(([name, { documents, before, after }]) =>
    (['before', 'after'] as const).map((when) => {
      const c = when === 'before' ? before : after;
      const found = `${c.viewerFound}/${c.passages}`;
      return `| ${name}, ${documents} PDFs | ${when} | ${c.passages} | ${c.hyphenSplits} | ${c.spacingAccents} | ${c.runningLines} | ${found} |`;
    }),
  );
  return [
    `## Clean text: artefacts in passages, ${date}`,
    '',
    '| set | when | passages | words split by a line-end hyphen | spacing accents | running header/footer lines | found by the viewer |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}
