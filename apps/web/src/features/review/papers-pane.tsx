import { paperRefKey, type TGraphNode, type TReviewFile, type TTargetPaperDetails } from '@paperbench/contract';
import { useRef, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { parseArxivId } from '../../lib/arxiv-id';
import { formatAuthors } from '../../lib/paper-format';
import { Icon } from '../ui/icons';
import {
  useAddReviewFilesMutation,
  useClearTargetPaperMutation,
  useRemoveReviewFileMutation,
  useSetTargetPaperMutation,
  useUploadReviewFileMutation,
} from './api';
import { LibraryPicker } from './library-picker';
import { useOpenPaper } from './use-open-paper';

/** Asked before a paper leaves the session: its links and proposals go with it. */
export const REMOVE_PAPER_CONFIRM = 'Remove this paper from the review? Its links in the graph are removed too.';

type TPapersPaneProps = {
  sessionId: number;
  files: readonly TReviewFile[] | undefined;
  filesError: unknown;
  /** The graph's nodes: the same papers with their authors and year. */
  nodes: readonly TGraphNode[] | undefined;
  target: TTargetPaperDetails | null;
};

/** "Ada Lovelace, Alan Turing · 2021" under a paper's title; the year left out when unknown. */
export function paperByline(paper: Pick<TGraphNode, 'authors' | 'year'>): string {
  return paper.year === null ? formatAuthors(paper.authors) : `${formatAuthors(paper.authors)} · ${paper.year}`;
}

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
  const [arxivInput, setArxivInput] = useState('');
  const [arxivProblem, setArxivProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const failure = add.error ?? upload.error ?? remove.error ?? setTarget.error ?? clearTarget.error ?? filesError;

  const addArxiv = () => {
    const id = parseArxivId(arxivInput);
    setArxivProblem(id ? null : 'That is not an arXiv id (e.g. 1706.03762) or arxiv.org link.');
    if (id) add.mutate([{ paper_id: id, platform: 'arxiv' }], { onSuccess: () => setArxivInput('') });
  };

  return (
    <div className="review-papers">
      <div className="review-toolbar">
        <button
          type="button"
          className="button button-primary button-small"
          aria-expanded={isPicking}
          onClick={() => setIsPicking((open) => !open)}
        >
          <Icon name="plus" size={14} />
          Add from File List
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={upload.isPending}
          onClick={() => fileInput.current?.click()}
        >
          <Icon name="upload" size={14} />
          {upload.isPending ? 'Uploading…' : 'Upload PDF'}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          aria-label="PDF to upload"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
        <form
          className="review-arxiv"
          onSubmit={(event) => {
            event.preventDefault();
            addArxiv();
          }}
        >
          <input
            aria-label="arXiv id"
            placeholder="arXiv id or link"
            value={arxivInput}
            onChange={(event) => setArxivInput(event.target.value)}
          />
          <button type="submit" className="button button-small" disabled={!arxivInput.trim() || add.isPending}>
            Add
          </button>
        </form>
      </div>
      {arxivProblem && (
        <p className="review-error" role="alert">
          {arxivProblem}
        </p>
      )}
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
      {outsideTarget && (
        <section className="review-target-outside" aria-label="Target paper">
          <div className="review-file-text">
            <span className="review-target-outside-label">Target paper (not among the papers below)</span>
            <span className="review-file-title">{outsideTarget.title}</span>
            <span className="review-file-byline">{paperByline(outsideTarget)}</span>
          </div>
          <button
            type="button"
            className="button button-small"
            aria-label={`Clear target paper ${outsideTarget.title}`}
            disabled={clearTarget.isPending}
            onClick={() => clearTarget.mutate()}
          >
            Clear
          </button>
        </section>
      )}
      {files?.length === 0 && (
        <p className="review-empty">
          No papers yet. Add the papers your related-work section should discuss; each becomes a node of the graph.
        </p>
      )}
      {files && files.length > 0 && (
        <ul className="review-files" aria-label="Papers in this review">
          {files.map((file) => {
            const isTarget = paperRefKey(file) === targetKey;
            const node = nodesByKey.get(paperRefKey(file));
            return (
              <li key={paperRefKey(file)} className={isTarget ? 'review-file is-target' : 'review-file'}>
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
          })}
        </ul>
      )}
    </div>
  );
}
