import { paperRefKey, type TPaperRef, type TReviewFile } from '@paperbench/contract';
import { useState } from 'react';
import { useUserFilesQuery } from '../library/api';

type TLibraryPickerProps = {
  sessionFiles: readonly TReviewFile[];
  isPending: boolean;
  onAdd: (papers: TPaperRef[]) => void;
  onClose: () => void;
};

/** requirements §1: papers come from the File List; the ones already in the session are not offered again. */
export function LibraryPicker({ sessionFiles, isPending, onAdd, onClose }: TLibraryPickerProps) {
  const files = useUserFilesQuery();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const inSession = new Set(sessionFiles.map(paperRefKey));
  const offered = files.data?.filter((file) => !inSession.has(paperRefKey(file))) ?? [];
  const toggle = (key: string) =>
    setPicked((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <form
      className="review-picker surface-card"
      aria-label="Add from File List"
      onSubmit={(event) => {
        event.preventDefault();
        onAdd(
          offered
            .filter((file) => picked.has(paperRefKey(file)))
            .map(({ paper_id, platform }) => ({ paper_id, platform })),
        );
        setPicked(new Set());
      }}
    >
      {files.isPending && <p className="review-muted">Loading your File List…</p>}
      {files.data && offered.length === 0 && (
        <p className="review-muted">
          {files.data.length === 0
            ? 'Your File List is empty: add papers from search or upload a PDF.'
            : 'Every paper of your File List is already in this review.'}
        </p>
      )}
      {offered.length > 0 && (
        <ul className="review-picker-list">
          {offered.map((file) => (
            <li key={paperRefKey(file)}>
              <label>
                <input
                  type="checkbox"
                  checked={picked.has(paperRefKey(file))}
                  onChange={() => toggle(paperRefKey(file))}
                />
                <span>{file.filename}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="review-picker-actions">
        <button type="submit" className="button button-primary button-small" disabled={isPending || picked.size === 0}>
          {picked.size > 1 ? `Add ${picked.size} papers` : 'Add paper'}
        </button>
        <button type="button" className="button button-small" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
