import type { TCitationMarker, TPaperReference } from '@paperbench/contract';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { CitationCard } from './citation-card';
import { type TTextItem, wrapMarkers } from './marker-spans';
import './references.css';

/** How long the card stays once the pointer or focus has left both the marker and the card. */
const CLOSE_DELAY_MS = 250;
/** 22rem at the default 16 px: the card's widest (references.css). */
const CARD_MAX_WIDTH = 352;

type TPageCitationsProps = {
  /** The page box (position: relative), where the card is placed. */
  boxRef: RefObject<HTMLDivElement | null>;
  /** The text layer as drawn: one span per text item, and the items themselves. */
  layer: { textDivs: HTMLElement[]; items: TTextItem[] } | null;
  markers: readonly TCitationMarker[];
  references: readonly TPaperReference[];
};

/**
 * The in-text citation markers of one PDF page (docs/references.md#parsing): found in the text layer
 * from their stored offsets, made focusable, and a card with what they cite on hover or focus.
 */
export function PageCitations({ boxRef, layer, markers, references }: TPageCitationsProps) {
  const [active, setActive] = useState<{ index: number; left: number; top: number } | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const keepOpen = useCallback(() => window.clearTimeout(closeTimer.current), []);
  const closeSoon = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setActive(null), CLOSE_DELAY_MS);
  }, []);

  useEffect(() => {
    if (!layer || markers.length === 0) return undefined;
    const titleOf = (n: number) => {
      const entry = references.find((reference) => reference.n === n);
      return entry ? `[${n}] ${entry.title ?? entry.raw}` : `[${n}]`;
    };
    const spans = wrapMarkers(layer.textDivs, layer.items, markers, (marker) =>
      `Citation: ${marker.entries.map(titleOf).join('; ')}`.slice(0, 300),
    );
    const open = (event: Event) => {
      const span = event.currentTarget as HTMLElement;
      const box = boxRef.current?.getBoundingClientRect();
      const rect = span.getBoundingClientRect();
      keepOpen();
      // Kept inside the page: the card is min(22rem, 90%) wide (references.css).
      const width = box?.width ?? 0;
      const cardWidth = Math.min(CARD_MAX_WIDTH, width * 0.9);
      setActive({
        index: Number(span.dataset.marker),
        left: Math.max(0, Math.min(rect.left - (box?.left ?? 0), width - cardWidth - 4)),
        top: rect.bottom - (box?.top ?? 0) + 4,
      });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setActive(null);
    };
    for (const span of spans) {
      span.addEventListener('mouseenter', open);
      span.addEventListener('focus', open);
      span.addEventListener('mouseleave', closeSoon);
      span.addEventListener('blur', closeSoon);
      span.addEventListener('keydown', onKey);
    }
    return () => {
      for (const span of spans) {
        span.removeEventListener('mouseenter', open);
        span.removeEventListener('focus', open);
        span.removeEventListener('mouseleave', closeSoon);
        span.removeEventListener('blur', closeSoon);
        span.removeEventListener('keydown', onKey);
      }
    };
  }, [layer, markers, references, boxRef, keepOpen, closeSoon]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const marker = active ? markers[active.index] : undefined;
  if (!active || !marker) return null;
  return (
    <CitationCard
      marker={marker}
      references={references}
      position={{ left: active.left, top: active.top }}
      onPointerEnter={keepOpen}
      onPointerLeave={closeSoon}
      onClose={() => setActive(null)}
    />
  );
}
