import type { TAnnotationKind } from '@paperbench/contract';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ColorChoices } from './color-choices';
import type { TReaderMarks } from './reader-marks';
import { selectionTarget, type TSelectionTarget } from './selection-target';

/** Room above the selection's first line for the toolbar (its height and a gap). */
const TOOLBAR_ROOM = 44;
/** Keyboard selection changes in steps: the toolbar waits for a pause before it reads the selection. */
const SETTLE_MS = 120;

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The selection in the viewer's text layers, read when it settles: after the pointer is released, or a
 * moment after the last keyboard change. While a pointer drag selects, marks let the pointer through
 * to the text under them (marks.css: [data-selecting]).
 */
function useViewerSelection(marks: TReaderMarks, toolbarRef: React.RefObject<HTMLDivElement | null>) {
  const [selection, setSelection] = useState<TSelectionTarget | null>(null);
  const { scrollerRef, pages } = marks;
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    let isDragging = false;
    let timer: number | undefined;
    const read = () => {
      const current = document.getSelection();
      if (!current || current.rangeCount === 0 || current.isCollapsed) {
        // Tabbing into the toolbar keeps what was selected.
        if (!toolbarRef.current?.contains(document.activeElement)) setSelection(null);
        return;
      }
      const range = current.getRangeAt(0);
      const inViewer = scroller.contains(range.commonAncestorContainer) && !isEditable(document.activeElement);
      setSelection(inViewer ? selectionTarget(range, pages) : null);
    };
    const settle = (delay: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(read, delay);
    };
    const onChange = () => {
      if (!isDragging) settle(SETTLE_MS);
    };
    const onDown = (event: PointerEvent) => {
      // A drag that selects starts on a page's text, not on a mark, the toolbar or a popover.
      const target = event.target as Element;
      if (!scroller.contains(target) || !target.closest?.('.textLayer')) return;
      isDragging = true;
      scroller.dataset.selecting = '';
    };
    const onUp = () => {
      if (!isDragging) return;
      isDragging = false;
      delete scroller.dataset.selecting;
      settle(0);
    };
    document.addEventListener('selectionchange', onChange);
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('pointerup', onUp, true);
    document.addEventListener('pointercancel', onUp, true);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('selectionchange', onChange);
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('pointerup', onUp, true);
      document.removeEventListener('pointercancel', onUp, true);
    };
  }, [scrollerRef, pages, toolbarRef]);
  return [selection, setSelection] as const;
}

type TAction = { name: string; key: string; run: (selection: TSelectionTarget) => void; needsPaper: boolean };

/**
 * docs/annotations.md#in-the-reader: selecting text in the viewer shows this toolbar above the selection:
 * Highlight, Underline, Add note, Copy quote, Ask AI and the colour to mark in. Each has a one-key
 * shortcut while it shows (aria-keyshortcuts); Tab moves into it; Escape closes it. Without a known
 * paper only Copy quote is offered.
 */
export function SelectionToolbar({ marks }: { marks: TReaderMarks }) {
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useViewerSelection(marks, toolbarRef);

  const done = () => {
    setSelection(null);
    document.getSelection()?.removeAllRanges();
  };
  const mark =
    (kind: TAnnotationKind, openNote = false) =>
    (current: TSelectionTarget) => {
      marks.createMark(kind, current.target, { openNote });
      done();
    };
  const actions: TAction[] = [
    { name: 'Highlight', key: 'H', run: mark('highlight'), needsPaper: true },
    { name: 'Underline', key: 'U', run: mark('underline'), needsPaper: true },
    { name: 'Add note', key: 'N', run: mark('note', true), needsPaper: true },
    {
      name: 'Copy quote',
      key: 'C',
      run: (current) => marks.copyQuote(current.target.quote.exact, current.target.page),
      needsPaper: false,
    },
    {
      name: 'Ask AI',
      key: 'A',
      run: (current) => marks.askAi(current.target.quote.exact, current.target.page),
      needsPaper: true,
    },
  ];
  const offered = actions.filter((action) => !action.needsPaper || marks.paper);

  // Shortcuts, Escape and Tab while the toolbar shows (focus is then on the page, not in a field).
  const latest = useRef({ selection, offered, done });
  latest.current = { selection, offered, done };
  useEffect(() => {
    if (!selection) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const { selection: current, offered: choices, done: close } = latest.current;
      if (!current || isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const toolbar = toolbarRef.current;
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key === 'Tab' && toolbar && !toolbar.contains(document.activeElement) && !event.shiftKey) {
        event.preventDefault();
        toolbar.querySelector<HTMLElement>('button')?.focus();
        return;
      }
      const action = choices.find((choice) => choice.key.toLowerCase() === event.key.toLowerCase());
      if (action && !event.shiftKey) {
        event.preventDefault();
        action.run(current);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selection]);

  if (!selection) return null;
  const width = selection.box.clientWidth;
  const top = selection.anchor.top >= TOOLBAR_ROOM ? selection.anchor.top - TOOLBAR_ROOM : selection.anchor.top + 24;
  return createPortal(
    <div
      ref={toolbarRef}
      role="toolbar"
      aria-label="Selection"
      className="selection-toolbar"
      style={{ top, left: Math.max(0, Math.min(selection.anchor.left, width - 360)) }}
      // Pressing a button must not clear the selection it acts on.
      onMouseDown={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        // The toolbar pattern: Left and Right move between its buttons too (Tab does as well).
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        const buttons = [...(toolbarRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
        const at = buttons.indexOf(document.activeElement as HTMLElement);
        const step = event.key === 'ArrowRight' ? 1 : -1;
        buttons[(at + step + buttons.length) % buttons.length]?.focus();
        event.preventDefault();
      }}
    >
      {offered.map((action) => (
        <button
          key={action.name}
          type="button"
          className="selection-toolbar-button"
          aria-keyshortcuts={action.key}
          title={`${action.name} (${action.key})`}
          onClick={() => action.run(selection)}
        >
          {action.name}
        </button>
      ))}
      {marks.paper && <ColorChoices current={marks.color} onPick={marks.setColor} />}
    </div>,
    selection.box,
  );
}
