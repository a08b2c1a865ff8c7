import type { TGraphNode, TReviewFile } from '@paperbench/contract';
import { formatAuthors } from '../../lib/paper-format';
import { Icon } from '../ui/icons';
import type { useClearTargetPaperMutation, useRemoveReviewFileMutation, useSetTargetPaperMutation } from './api';

/** Asked before a paper leaves the session: its links and proposals go with it. */
export const REMOVE_PAPER_CONFIRM = 'Remove this paper from the review? Its links in the graph are removed too.';

/** "Ada Lovelace, Alan Turing · 2021" under a paper's title; the year left out when unknown. */
export function paperByline(paper: Pick<TGraphNode, 'authors' | 'year'>): string {
  return paper.year === null ? formatAuthors(paper.authors) : `${formatAuthors(paper.authors)} · ${paper.year}`;
}

type TReviewFileItemProps = {
  file: TReviewFile;
  /** The paper's graph node, for its authors and year. */
  node: TGraphNode | undefined;
  isTarget: boolean;
  openPaper: (file: TReviewFile) => void;
  remove: ReturnType<typeof useRemoveReviewFileMutation>;
  setTarget: ReturnType<typeof useSetTargetPaperMutation>;
  clearTarget: ReturnType<typeof useClearTargetPaperMutation>;
};

/** One paper of the session: open it, make it (or stop it being) the target paper, remove it. */
export function ReviewFileItem({
  file,
  node,
  isTarget,
  openPaper,
  remove,
  setTarget,
  clearTarget,
}: TReviewFileItemProps) {
  return (
    <li className={isTarget ? 'review-file is-target' : 'review-file'}>
      <div className="review-file-text">
        <button type="button" className="review-file-name" onClick={() => openPaper(file)} title="Open">
          {file.filename}
        </button>
        {node && <span className="review-file-byline">{paperByline(node)}</span>}
      </div>
      {isTarget ? (
        <button
          type="button"
          className="button button-small review-target-on"
          aria-pressed="true"
          aria-label={`Target paper: ${file.filename}. Clear target`}
          disabled={clearTarget.isPending}
          onClick={() => clearTarget.mutate()}
        >
          Target
        </button>
      ) : (
        <button
          type="button"
          className="button button-small"
          aria-pressed="false"
          aria-label={`Make ${file.filename} the target paper`}
          disabled={setTarget.isPending}
          onClick={() => setTarget.mutate(file)}
        >
          Set as target
        </button>
      )}
      <button
        type="button"
        className="icon-button icon-button-small"
        aria-label={`Remove ${file.filename}`}
        disabled={remove.isPending}
        onClick={() => window.confirm(REMOVE_PAPER_CONFIRM) && remove.mutate(file)}
      >
        <Icon name="trash" size={14} />
      </button>
    </li>
  );
}
