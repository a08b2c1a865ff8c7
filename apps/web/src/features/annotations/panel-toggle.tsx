import type { TPaperRef } from '@paperbench/contract';
import { Icon } from '../ui/icons';
import { useAnnotationsQuery } from './api';
import { marksLabel } from './panel-mark-counts';

/** The id of the viewer's Annotations side panel, which the toggle controls. */
export const ANNOTATIONS_PANEL_ID = 'pdf-annotations';

/**
 * The PDF viewer header's Annotations toggle (docs/annotations.md#the-annotations-panel), beside Comments:
 * the number of marks is a badge and the title, so the button's name stays "Annotations".
 */
export function AnnotationsToggle({ paper, isOpen, onToggle }: TAnnotationsToggleProps) {
  const count = useAnnotationsQuery(paper).data?.length ?? 0;
  return (
    <button
      type="button"
      className="panel-action"
      aria-pressed={isOpen}
      aria-controls={isOpen ? ANNOTATIONS_PANEL_ID : undefined}
      title={marksLabel(count)}
      onClick={onToggle}
    >
      <Icon name="pencil" size={14} />
      <span className="pdf-panel-action-label">Annotations</span>
      {count > 0 && (
        <span className="badge" aria-hidden="true">
          {count}
        </span>
      )}
    </button>
  );
}
type TAnnotationsToggleProps = { paper: TPaperRef; isOpen: boolean; onToggle: () => void };
