import { cleanPages } from '../../ai/text/clean/clean-page-text';
import { type CleanText, pageSpanOf } from '../../ai/text/clean/text-edits';
import { splitSentences } from '../../ai/text/sentences';

/**
 * One passage: its clean text, and the offsets in `pages[page - 1]` of the page characters it was
 * cleaned from (docs/ai.md#clean-text): `cleanTextOf(cleanPages(pages)[page - 1], charStart, charEnd) === text`.
 */
export interface PassageSpan {
  /** 1-based page. */
  page: number;
  charStart: number;
  charEnd: number;
  text: string;
}

/** docs/ai.md#full-text-and-passages: about 250 words, as peers cut papers (OpenScholar 256). */
export const PASSAGE_WORDS = 250;
/** A page's short last passage joins the one before while both together stay under this. */
const MERGED_TAIL_WORDS = 300;

/** A run of text within one page: [start, end) with its word count. */
interface Span {
  start: number;
  end: number;
  words: number;
}

const wordsIn = (text: string) => text.match(/\S+/g)?.length ?? 0;

/** A sentence longer than a passage, cut at word boundaries into spans of at most `PASSAGE_WORDS` words. */
function cutAtWords(page: string, start: number, end: number): Span[] {
  const words = [...page.slice(start, end).matchAll(/\S+/g)];
  const spans: Span[] = [];
  for (let first = 0; first < words.length; first += PASSAGE_WORDS) {
    const group = words.slice(first, first + PASSAGE_WORDS);
    const head = group[0] as RegExpMatchArray;
    const tail = group.at(-1) as RegExpMatchArray;
    spans.push({
      start: start + (head.index ?? 0),
      end: start + (tail.index ?? 0) + tail[0].length,
      words: group.length,
    });
  }
  return spans;
}

/** Sentences (or word-cut pieces of long ones) packed greedily into spans of at most PASSAGE_WORDS words. */
function packPage(page: string): Span[] {
  const pieces = splitSentences(page).flatMap((sentence) => {
    const words = wordsIn(sentence.text);
    if (words === 0) return [];
    return words > PASSAGE_WORDS
      ? cutAtWords(page, sentence.start, sentence.end)
      : [{ start: sentence.start, end: sentence.end, words }];
  });
  const spans: Span[] = [];
  for (const piece of pieces) {
    const current = spans.at(-1);
    if (current && current.words + piece.words <= PASSAGE_WORDS) {
      current.end = piece.end;
      current.words += piece.words;
    } else {
      spans.push({ ...piece });
    }
  }
  const last = spans.at(-1);
  const beforeLast = spans.at(-2);
  if (last && beforeLast && beforeLast.words + last.words <= MERGED_TAIL_WORDS) {
    beforeLast.end = last.end;
    beforeLast.words += last.words;
    spans.pop();
  }
  return spans;
}

/**
 * A paper's pages cut into passages (docs/ai.md#full-text-and-passages): the pages cleaned once
 * (docs/ai.md#clean-text: hyphenation undone, accents composed, running headers, page numbers and
 * footnote markers dropped), then sentences packed up to about 250 words, never across a page, so
 * "page N" citations are exact; a sentence longer than a passage is cut at word boundaries. Offsets
 * are into the page's own text, which is never altered: the viewer's text layer is that text.
 */
export function chunkPassages(pages: readonly string[]): PassageSpan[] {
  return chunkCleanPages(cleanPages(pages));
}

/** Passages of pages already cleaned (bench/clean-text.bench.ts also cuts the uncleaned pages, to compare). */
export function chunkCleanPages(pages: readonly CleanText[]): PassageSpan[] {
  return pages.flatMap((clean, index) =>
    packPage(clean.text).map(({ start, end }) => ({
      page: index + 1,
      ...rename(pageSpanOf(clean, start, end)),
      text: clean.text.slice(start, end),
    })),
  );
}

const rename = ({ start, end }: { start: number; end: number }) => ({ charStart: start, charEnd: end });
