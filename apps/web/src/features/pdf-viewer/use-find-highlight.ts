import { type RefObject, useEffect } from 'react';
import { findInText, LINE_BREAK, piecesInRange } from './find-matches';
import type { TPageFind } from './use-find';

export const FIND_MATCH_CLASS = 'pdf-find-match';
export const FIND_CURRENT_CLASS = 'pdf-find-current';

/**
 * docs/reading.md#find: marks a page's matches in its drawn text layer (the spans they touch; the current
 * match's spans stronger) and brings the current one into view. pdf.js draws a span per text item and a <br>
 * per line end, so the text read back here is the text the matches were counted in.
 */
export function useFindHighlight(
  textRef: RefObject<HTMLElement | null>,
  textLayerVersion: number,
  find: TPageFind | undefined,
) {
  const query = find?.query;
  const current = find?.current ?? null;
  useEffect(() => {
    const layer = textRef.current;
    if (!layer || textLayerVersion === 0) return undefined;
    const nodes = [...layer.querySelectorAll<HTMLElement>('span[role="presentation"], br[role="presentation"]')];
    const pieces = nodes.map((node) => (node.tagName === 'BR' ? LINE_BREAK : (node.textContent ?? '')));
    const marked: HTMLElement[] = [];
    findInText(pieces.join(''), query ?? '').forEach((range, index) => {
      const isCurrent = index === current;
      const spans = piecesInRange(pieces, range).flatMap((at) => (nodes[at]?.tagName === 'SPAN' ? [nodes[at]] : []));
      for (const span of spans) {
        span.classList.add(FIND_MATCH_CLASS);
        if (isCurrent) span.classList.add(FIND_CURRENT_CLASS);
        marked.push(span);
      }
      if (isCurrent) spans[0]?.scrollIntoView({ block: 'center' });
    });
    return () => {
      for (const span of marked) span.classList.remove(FIND_MATCH_CLASS, FIND_CURRENT_CLASS);
    };
  }, [textRef, textLayerVersion, query, current]);
}
