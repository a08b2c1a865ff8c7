import { useEffect } from 'react';
import type { TReaderMarks } from './reader-marks';
import { SelectionToolbar } from './selection-toolbar';
import { useMarkNavigation } from './use-mark-navigation';

/**
 * What the reader's marks add to the viewer as a whole (docs/annotations.md#in-the-reader): the selection
 * toolbar, next/previous mark on `]` and `[`, Escape for the area tool, and a status line ("Quote copied").
 */
export function ReaderMarksOverlay({ marks, currentPage }: { marks: TReaderMarks; currentPage: number }) {
  useMarkNavigation(marks, currentPage);
  // Escape puts the area tool away (a drag in progress takes the first Escape: area-capture.tsx).
  const { isAreaTool, setAreaTool } = marks;
  useEffect(() => {
    if (!isAreaTool) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setAreaTool(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isAreaTool, setAreaTool]);
  return (
    <>
      <SelectionToolbar marks={marks} />
      <p className="annotation-status" role="status">
        {marks.status}
      </p>
    </>
  );
}
