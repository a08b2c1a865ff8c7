import { accentEdits, normalizationEdits } from './compose-accents';
import { hyphenationEdits, vocabularyOf } from './line-hyphenation';
import { footnoteMarkerEdits, pageNumberEdits, runningLineEdits, stampEdits } from './page-furniture';
import { applyEdits, type CleanText, mergeEdits } from './text-edits';

/**
 * The version of the cleaning below. Stored with a paper's text (paper_texts.cleaned_version): a text
 * cleaned by an older version gets its passages cut again at start-up (the clean-stored-text job). Bump
 * it whenever what these functions produce changes.
 */
export const CLEANING_VERSION = 1;

/**
 * docs/ai.md#clean-text: a document's pages as passages should read them, each clean character
 * mapped back to its page characters. Running headers, footers, page numbers and arXiv's stamp go
 * first (a hyphen inside a dropped header is not rejoined), then line-end hyphenation is undone with
 * the document's own vocabulary, spacing accents are composed into their letters, NFC is applied and
 * footnote markers are dropped. The pages themselves are never changed.
 */
export function cleanPages(pages: readonly string[]): CleanText[] {
  const vocabulary = vocabularyOf(pages);
  const running = runningLineEdits(pages);
  const numbers = pageNumberEdits(pages);
  return pages.map((page, index) =>
    applyEdits(
      page,
      mergeEdits(
        running[index] ?? [],
        numbers[index] ?? [],
        stampEdits(page),
        hyphenationEdits(page, vocabulary),
        accentEdits(page),
        normalizationEdits(page),
        footnoteMarkerEdits(page),
      ),
    ),
  );
}
