import type { TCitationMarker, TPaperReference } from '@paperbench/contract';
import { Link } from 'react-router';
import { paperDetailPath } from '../../lib/app-paths';
import { AddToFileListButton } from '../folders-picker/add-to-file-list-button';
import { ReferenceLinks, referenceSummary } from './reference-links';

type TCitationCardProps = {
  marker: TCitationMarker;
  references: readonly TPaperReference[];
  position: { left: number; top: number };
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onClose: () => void;
};

/**
 * docs/references.md: what an in-text marker points to, shown when it is hovered or focused: each
 * entry's title, authors and year; "Open" and "Add to File List" when it is in the corpus, its
 * DOI or arXiv link otherwise.
 */
export function CitationCard({
  marker,
  references,
  position,
  onPointerEnter,
  onPointerLeave,
  onClose,
}: TCitationCardProps) {
  const entries = marker.entries.map((n) => references.find((entry) => entry.n === n) ?? null);
  return (
    <div
      className="citation-card"
      role="dialog"
      aria-label={`Citation ${marker.entries.map((n) => `[${n}]`).join(' ')}`}
      style={{ left: position.left, top: position.top }}
      onMouseEnter={onPointerEnter}
      onMouseLeave={onPointerLeave}
      onFocus={onPointerEnter}
      onBlur={onPointerLeave}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      {entries.map((entry, index) => {
        const n = marker.entries[index];
        if (!entry) return <p key={n}>Reference [{n}] is not in the parsed list.</p>;
        const { title, byline } = referenceSummary(entry);
        return (
          <div key={n} className="citation-card-entry">
            <strong>
              [{n}] {title}
            </strong>
            {byline && <span className="muted">{byline}</span>}
            <div className="citation-card-actions">
              {entry.paper ? (
                <>
                  <Link className="button button-small button-primary" to={paperDetailPath(entry.paper)}>
                    Open
                  </Link>
                  <AddToFileListButton paper={entry.paper} small />
                </>
              ) : (
                <ReferenceLinks entry={entry} />
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
