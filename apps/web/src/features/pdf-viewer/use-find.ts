import { type RefObject, useEffect, useMemo, useState } from 'react';
import { findInDocument, indexOnPage, stepMatch, type TDocumentMatch } from './find-matches';
import type { PDFDocumentProxy } from './load-pdfjs';
import { loadPageTexts } from './page-texts';
import { goToPage, pageElement } from './pdf-navigation';

/** What one page marks: the query's matches, and which of them is the current one (null: none there). */
export type TPageFind = { query: string; current: number | null };

/**
 * docs/reading.md#find: the find bar's state. Searches every page's text (read once per document), steps
 * through the matches and brings the current one's page into view; the page marks its matches itself.
 */
export function useFind(doc: PDFDocumentProxy | null, scrollerRef: RefObject<HTMLElement | null>) {
  const [isOpen, setIsOpen] = useState(false);
  // Bumped by each open, so the box takes the focus again when asked for while open.
  const [openCount, setOpenCount] = useState(0);
  const [query, setQuery] = useState('');
  const [texts, setTexts] = useState<string[] | null>(null);
  const [current, setCurrent] = useState(0);

  const isSearching = isOpen && query.trim() !== '';
  useEffect(() => {
    if (!doc || !isSearching || texts) return undefined;
    let cancelled = false;
    loadPageTexts(doc)
      .then((loaded) => !cancelled && setTexts(loaded))
      .catch((error: unknown) => console.error('Reading the PDF text for find failed:', error));
    return () => {
      cancelled = true;
    };
  }, [doc, isSearching, texts]);

  const matches: TDocumentMatch[] = useMemo(
    () => (texts && isSearching ? findInDocument(texts, query) : []),
    [texts, isSearching, query],
  );
  const match = matches[current];

  // A page that is not drawn yet is scrolled to; a drawn one scrolls its marked match into view itself.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!match || !scroller) return;
    if (!pageElement(scroller, match.page)?.querySelector('.textLayer span')) goToPage(scroller, match.page);
  }, [match, scrollerRef]);

  return {
    isOpen,
    query,
    /** Whether the page texts are still being read for the first search. */
    isLoading: isSearching && !texts,
    count: matches.length,
    current: matches.length ? current : -1,
    openCount,
    open: () => {
      setIsOpen(true);
      setOpenCount((count) => count + 1);
    },
    close: () => setIsOpen(false),
    search: (next: string) => {
      setQuery(next);
      setCurrent(0);
    },
    step: (direction: 1 | -1) => {
      if (matches.length > 0) setCurrent((index) => stepMatch(index, matches.length, direction));
    },
    /** The page's part of the search, or undefined when it marks nothing. */
    forPage: (page: number): TPageFind | undefined =>
      isSearching && matches.some((found) => found.page === page)
        ? { query, current: match?.page === page ? indexOnPage(matches, current) : null }
        : undefined,
  };
}

export type TFind = ReturnType<typeof useFind>;
