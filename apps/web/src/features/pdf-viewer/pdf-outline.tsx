import { useEffect, useState } from 'react';
import type { PDFDocumentProxy } from './load-pdfjs';
import { currentOutlineNode, resolveOutline, type TOutlineNode } from './outline';

export const NO_OUTLINE_TEXT = 'This PDF has no outline.';

type TGoTo = (page: number, top: number | null) => void;

function OutlineEntries({
  nodes,
  current,
  onGoTo,
}: {
  nodes: TOutlineNode[];
  current: TOutlineNode | null;
  onGoTo: TGoTo;
}) {
  return (
    <ul className="pdf-outline-list">
      {nodes.map((node, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an outline is read once and never reordered.
        <li key={index}>
          {node.page === null ? (
            <span className="pdf-outline-entry" aria-disabled="true">
              {node.title}
            </span>
          ) : (
            <button
              type="button"
              className="pdf-outline-entry"
              aria-current={node === current ? 'location' : undefined}
              onClick={() => onGoTo(node.page as number, node.top)}
            >
              {node.title}
            </button>
          )}
          {node.children.length > 0 && <OutlineEntries nodes={node.children} current={current} onGoTo={onGoTo} />}
        </li>
      ))}
    </ul>
  );
}

/** docs/reading.md#outline: the PDF's table of contents, nested; the section being read is marked. */
export function PdfOutline({ doc, page, onGoTo }: { doc: PDFDocumentProxy; page: number; onGoTo: TGoTo }) {
  const [nodes, setNodes] = useState<TOutlineNode[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    resolveOutline(doc)
      .then((resolved) => !cancelled && setNodes(resolved))
      .catch((error: unknown) => {
        console.error('Reading the PDF outline failed:', error);
        if (!cancelled) setNodes([]);
      });
    return () => {
      cancelled = true;
    };
  }, [doc]);
  if (nodes === null) return <p className="pdf-sidebar-note">Loading outline…</p>;
  if (nodes.length === 0) return <p className="pdf-sidebar-note">{NO_OUTLINE_TEXT}</p>;
  return (
    <nav className="pdf-outline" aria-label="Outline">
      <OutlineEntries nodes={nodes} current={currentOutlineNode(nodes, page)} onGoTo={onGoTo} />
    </nav>
  );
}
