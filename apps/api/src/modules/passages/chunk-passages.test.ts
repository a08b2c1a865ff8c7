import { locateQuote, quoteLetters } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { cleanPages } from '../../ai/text/clean/clean-page-text';
import { cleanTextOf } from '../../ai/text/clean/text-edits';
import { NAACL_PDF, readPdfFixture } from '../../test-support/pdf-fixtures';
import { extractPdfText } from '../uploads/pdf-text';
import { chunkPassages, PASSAGE_WORDS } from './chunk-passages';

const words = (text: string) => text.match(/\S+/g)?.length ?? 0;
/**
 * `n` sentences of `length` words each, numbered so every one is distinct. Each starts with a
 * capital, as a real sentence does (the splitter merges a "sentence" that starts in lowercase back).
 */
const sentences = (n: number, length: number, tag = 's') =>
  Array.from(
    { length: n },
    (_, i) => `Start ${Array.from({ length: length - 2 }, () => `${tag}${i}`).join(' ')} end.`,
  ).join(' ');

/**
 * Every passage is the clean text of exactly its page span (docs/ai.md#clean-text), and the spans of
 * one page never overlap.
 */
function expectExactAndOrdered(pages: string[], passages: ReturnType<typeof chunkPassages>) {
  const clean = cleanPages(pages);
  for (const passage of passages) {
    const page = clean[passage.page - 1];
    expect(page && cleanTextOf(page, passage.charStart, passage.charEnd)).toBe(passage.text);
  }
  for (let i = 1; i < passages.length; i++) {
    const [before, after] = [passages[i - 1], passages[i]];
    if (before?.page === after?.page) expect(after?.charStart).toBeGreaterThanOrEqual(before?.charEnd ?? 0);
    else expect(after?.page).toBeGreaterThan(before?.page ?? 0);
  }
}

/** The share of passages the PDF viewer marks on their page. */
const viewerFound = (pages: string[], passages: ReturnType<typeof chunkPassages>) =>
  passages.filter((passage) => viewerFinds(pages[passage.page - 1] ?? '', passage.text)).length / passages.length;

/** Whether the viewer marks `quote` on a page of this text (its own rule, shared through the contract). */
const viewerFinds = (page: string, quote: string) => locateQuote(quoteLetters(page), quoteLetters(quote)) !== null;

describe('chunkPassages', () => {
  it.each([
    ['an empty paper', [], []],
    ['blank pages', ['', '  \n '], []],
    ['one short page', ['A single sentence.'], [[1, 3]]],
    [
      'two short pages stay apart, never merged across the page',
      ['First page.', 'Second page.'],
      [
        [1, 2],
        [2, 2],
      ],
    ],
    [
      'a page of 600 words in 20-word sentences: ≤ 250 words each',
      [sentences(30, 20)],
      [
        [1, 240],
        [1, 240],
        [1, 120],
      ],
    ],
    ['a short tail joins the passage before it', [sentences(13, 20)], [[1, 260]]],
    [
      'a sentence of 600 words is cut at word boundaries',
      [sentences(1, 600)],
      [
        [1, 250],
        [1, 250],
        [1, 100],
      ],
    ],
  ])('%s', (_name, pages, expected) => {
    const passages = chunkPassages(pages);
    expect(passages.map((passage) => [passage.page, words(passage.text)])).toEqual(expected);
    expectExactAndOrdered(pages, passages);
  });

  it('cuts at sentence ends: every passage ends with its last sentence', () => {
    const pages = [sentences(40, 17, 'a'), sentences(5, 30, 'b')];
    const passages = chunkPassages(pages);
    expect(passages.every((passage) => passage.text.endsWith('end.'))).toBe(true);
    expect(passages.every((passage) => words(passage.text) <= 300)).toBe(true);
    expect(passages.filter((passage) => passage.page === 2)).toHaveLength(1);
  });

  it('reads a word broken across lines whole, its span covering the hyphen and the line break', () => {
    const pages = [
      'We learn embeddings of papers. Our embed-\ndings beat the baselines. Self-attention helps.',
      'Header of the Journal\nThe self-\nattention layers and the embeddings are fine. Ta- ble 3 says so.',
      'Header of the Journal\nNothing else here about tables.',
      'Header of the Journal\nA table of contents and one more table.',
    ];
    const passages = chunkPassages(pages);
    expect(passages.map((passage) => passage.text)).toEqual([
      'We learn embeddings of papers. Our embeddings beat the baselines. Self-attention helps.',
      'The self-attention layers and the embeddings are fine. Table 3 says so.',
      'Nothing else here about tables.',
      'A table of contents and one more table.',
    ]);
    const [first, second] = passages;
    expect(pages[0]?.slice(first?.charStart, first?.charEnd)).toContain('embed-\ndings');
    expect(pages[1]?.slice(second?.charStart, second?.charEnd)).toBe(
      'The self-\nattention layers and the embeddings are fine. Ta- ble 3 says so.',
    );
    expectExactAndOrdered(pages, passages);
    expect(viewerFound(pages, passages)).toBe(1);
  });

  it('cuts a real paper into ~250-word passages, exact to each page (NAACL 2018, 8 pages)', async () => {
    const { pages } = await extractPdfText(new Uint8Array(await readPdfFixture(NAACL_PDF)), {
      maxPages: 100,
      maxTextChars: 5_000_000,
      maxInflatedBytes: 256 * 1024 * 1024,
    });
    const passages = chunkPassages(pages);
    expectExactAndOrdered(pages, passages);
    // The viewer finds a quote by its letters: one whose first or last 40 letters lost a footnote
    // number or a header line is not marked (1 of 23 here, a page-end run of footnote URLs).
    expect(viewerFound(pages, passages)).toBeGreaterThanOrEqual(0.95);
    expect(passages.some((passage) => passage.text.includes('literature'))).toBe(true);
    expect(passages.some((passage) => /\blitera-\s/.test(passage.text))).toBe(false);
    expect(new Set(passages.map((passage) => passage.page))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    const counts = passages.map((passage) => words(passage.text));
    expect(Math.max(...counts)).toBeLessThanOrEqual(300);
    // Most passages are full ones; only a page's end (or a page with little text) is shorter.
    const full = counts.filter((count) => count >= PASSAGE_WORDS * 0.6).length;
    expect(full / counts.length).toBeGreaterThan(0.6);
    expect(passages.length).toBeGreaterThanOrEqual(15);
  }, 30_000);
});
