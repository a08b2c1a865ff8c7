import { useEffect, useRef } from 'react';
import { Icon } from '../ui/icons';
import { matchCountText } from './find-matches';
import type { TFind } from './use-find';

/**
 * docs/reading.md#find: the search box over the document. Enter goes to the next match, Shift+Enter to the
 * previous one, Escape closes the bar (and gives the focus back to the pages).
 */
export function FindBar({ find, onClose }: { find: TFind; onClose: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  // Opened, or asked for again (Ctrl+F while open): the box takes the focus with its text selected.
  useEffect(() => {
    if (find.openCount === 0) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [find.openCount]);
  const hasQuery = find.query.trim() !== '';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a search landmark without a form (nothing is submitted).
    <div className="pdf-find-bar" role="search">
      <input
        ref={inputRef}
        type="search"
        className="pdf-find-input"
        aria-label="Find in document"
        placeholder="Find in document"
        value={find.query}
        onChange={(event) => find.search(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            find.step(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          }
        }}
      />
      <span className="pdf-find-count" role="status">
        {!hasQuery ? '' : find.isLoading ? 'Searching…' : matchCountText(find.current, find.count)}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label="Previous match"
        disabled={find.count === 0}
        onClick={() => find.step(-1)}
      >
        <Icon name="chevronUp" size={16} />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Next match"
        disabled={find.count === 0}
        onClick={() => find.step(1)}
      >
        <Icon name="chevronDown" size={16} />
      </button>
      <button type="button" className="icon-button" aria-label="Close search" onClick={onClose}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
