import type { TPaperRef } from '@paperbench/contract';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { saveReadingPosition, useReadingPositionQuery } from './api';
import { goToPage, readingPlace } from './pdf-navigation';

/** How long the view must stay still before its place is saved (docs/reading.md#resume-reading). */
export const SAVE_AFTER_MS = 1000;

type TPlace = { page: number; offset: number };

/**
 * docs/reading.md#resume-reading: opens the paper where the user left it (unless it was opened at a cited
 * page: that wins), and saves the place a second after each scroll stops and when the page is hidden.
 * Returns the scroller's scroll listener.
 */
export function useReadingPosition({
  paper,
  scrollerRef,
  isLaidOut,
  citedPage,
}: {
  paper: TPaperRef | undefined;
  scrollerRef: RefObject<HTMLElement | null>;
  isLaidOut: boolean;
  citedPage: number | undefined;
}): () => void {
  const saved = useReadingPositionQuery(paper, !citedPage);
  // Nothing is saved before the saved place was restored (or found missing): opening must not overwrite it.
  const isSettled = useRef(Boolean(citedPage) || !paper);
  const pending = useRef<TPlace | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const scroller = scrollerRef.current;
    // A failed read (the paper unknown to the server) leaves saving off too.
    if (isSettled.current || !isLaidOut || !scroller || saved.isPending || saved.isError) return;
    isSettled.current = true;
    if (saved.data) goToPage(scroller, saved.data.page, saved.data.offset);
  }, [isLaidOut, saved.isPending, saved.isError, saved.data, scrollerRef]);

  const flush = useCallback(
    (keepalive: boolean) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const place = pending.current;
      pending.current = null;
      if (!place || !paper) return;
      saveReadingPosition(paper, place, { keepalive }).catch((error: unknown) => {
        // A lost position is a nicety lost, not an error to show while reading.
        console.error('Saving the reading position failed:', error);
      });
    },
    [paper],
  );

  useEffect(() => {
    const onHide = () => flush(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flush(true);
    };
  }, [flush]);

  return useCallback(() => {
    const scroller = scrollerRef.current;
    if (!paper || !scroller || !isSettled.current) return;
    pending.current = readingPlace(scroller);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => flush(false), SAVE_AFTER_MS);
  }, [paper, scrollerRef, flush]);
}
