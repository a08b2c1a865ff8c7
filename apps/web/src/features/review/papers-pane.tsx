import { paperRefKey, type TGraphNode, type TReviewFile, type TTargetPaperDetails } from '@paperbench/contract';
import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { AddPapersToolbar } from './add-papers-toolbar';
import {
  useAddReviewFilesMutation,
  useClearTargetPaperMutation,
  useRemoveReviewFileMutation,
  useSetTargetPaperMutation,
  useUploadReviewFileMutation,
} from './api';
import { LibraryPicker } from './library-picker';
import { paperByline, ReviewFileItem } from './review-file-item';
import { useOpenPaper } from './use-open-paper';

type TPapersPaneProps = {
  sessionId: number;
  files: readonly TReviewFile[] | undefined;
  filesError: unknown;
  /** The graph's nodes: the same papers with their authors and year. */
  nodes: readonly TGraphNode[] | undefined;
  target: TTargetPaperDetails | null;
};

/** The session's papers (the graph's nodes): add from the File List, by arXiv id or as a PDF; remove; choose the target. */
export function PapersPane({ sessionId, files, filesError, nodes, target }: TPapersPaneProps) {
  const targetKey = target ? paperRefKey(target) : null;
  const nodesByKey = new Map((nodes ?? []).map((node) => [paperRefKey(node), node]));
  // The target need not be one of the papers (docs/review.md#sessions-files-and-target-paper): shown apart.
  const outsideTarget = target && !files?.some((file) => paperRefKey(file) === targetKey) ? target : null;
  const add = useAddReviewFilesMutation(sessionId);
  const upload = useUploadReviewFileMutation(sessionId);
  const remove = useRemoveReviewFileMutation(sessionId);
  const setTarget = useSetTargetPaperMutation(sessionId);
  const clearTarget = useClearTargetPaperMutation(sessionId);
  const openPaper = useOpenPaper(files);
  const [isPicking, setIsPicking] = useState(false);
  const failure = add.error ?? upload.error ?? remove.error ?? setTarget.error ?? clearTarget.error ?? filesError;

  return (
    <div className="review-papers">
      <AddPapersToolbar
        add={add}
        upload={upload}
        isPicking={isPicking}
        onTogglePicking={() => setIsPicking((open) => !open)}
      />
      {failure != null && (
        <p className="review-error" role="alert">
          {parseApiError(failure).message}
        </p>
      )}
      {isPicking && (
        <LibraryPicker
          sessionFiles={files ?? []}
          isPending={add.isPending}
          onAdd={(papers) => add.mutate(papers, { onSuccess: () => setIsPicking(false) })}
          onClose={() => setIsPicking(false)}
        />
      )}
      {outsideTarget && <OutsideTarget target={outsideTarget} clearTarget={clearTarget} />}
      {files?.length === 0 && (
        <p className="review-empty">
          No papers yet. Add the papers your related-work section should discuss; each becomes a node of the graph.
        </p>
      )}
      {files && files.length > 0 && (
        <ul className="review-files" aria-label="Papers in this review">
          {files.map((file) => (
            <ReviewFileItem
              key={paperRefKey(file)}
              file={file}
              node={nodesByKey.get(paperRefKey(file))}
              isTarget={paperRefKey(file) === targetKey}
              openPaper={openPaper}
              remove={remove}
              setTarget={setTarget}
              clearTarget={clearTarget}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The target paper when it is not one of the session's papers (docs/review.md#sessions-files-and-target-paper). */
function OutsideTarget({
  target,
  clearTarget,
}: {
  target: TTargetPaperDetails;
  clearTarget: ReturnType<typeof useClearTargetPaperMutation>;
}) {
  return (
    <section className="review-target-outside" aria-label="Target paper">
      <div className="review-file-text">
        <span className="review-target-outside-label">Target paper (not among the papers below)</span>
        <span className="review-file-title">{target.title}</span>
        <span className="review-file-byline">{paperByline(target)}</span>
      </div>
      <button
        type="button"
        className="button button-small"
        aria-label={`Clear target paper ${target.title}`}
        disabled={clearTarget.isPending}
        onClick={() => clearTarget.mutate()}
      >
        Clear
      </button>
    </section>
  );
}
