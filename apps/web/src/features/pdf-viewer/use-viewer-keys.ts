import type { KeyboardEvent, RefObject } from 'react';
import { goToPage } from './pdf-navigation';

/** A control where keys type or choose: the viewer's shortcuts leave them alone (Ctrl/Cmd+F aside). */
const isEditable = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

type TViewerActions = {
  page: number;
  pageCount: number;
  onFind: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFitWidth: () => void;
};

const zoomCommand = (key: string, actions: TViewerActions) =>
  ({ '+': actions.onZoomIn, '=': actions.onZoomIn, '-': actions.onZoomOut, '0': actions.onFitWidth })[key];

/** The page a paging key goes to; null for any other key. */
export function pageForKey(key: string, page: number, pageCount: number): number | null {
  if (key === 'PageDown') return Math.min(pageCount, page + 1);
  if (key === 'PageUp') return Math.max(1, page - 1);
  if (key === 'Home') return 1;
  if (key === 'End') return pageCount;
  return null;
}

function pageCommand(event: KeyboardEvent, scroller: HTMLElement, actions: TViewerActions) {
  const target = event.shiftKey ? null : pageForKey(event.key, actions.page, actions.pageCount);
  return target === null ? undefined : () => goToPage(scroller, target);
}

/**
 * docs/reading.md#keyboard, with the focus in the viewer: Ctrl/Cmd+F opens the find bar; Ctrl/Cmd + and -
 * zoom, Ctrl/Cmd+0 fits the width; PageUp/PageDown go page by page, Home/End to the first and last page.
 */
export function useViewerKeys(scrollerRef: RefObject<HTMLElement | null>, actions: TViewerActions) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const scroller = scrollerRef.current;
    const withCommand = event.ctrlKey || event.metaKey;
    if (withCommand && !event.altKey && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      actions.onFind();
      return;
    }
    if (!scroller || isEditable(event.target) || event.altKey) return;
    const command = withCommand ? zoomCommand(event.key, actions) : pageCommand(event, scroller, actions);
    if (!command) return;
    event.preventDefault();
    command();
  };
}
