import type { TReviewFile, TReviewReference } from '@paperbench/contract';
import { paperRefKey, REVIEW_EXPORT_FORMATS } from '@paperbench/contract';
import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { viewerPdfUrl } from '../../lib/pdf-source';
import { formatRelativeTime } from '../../lib/relative-time';
import { useFileListPanel } from '../file-list/file-list-panel-state';
import { EXPORT_FILES, useExportDraftMutation } from './api';
import { ReviewDraftView } from './review-draft';
import type { useWriteStream } from './use-write-stream';

type TWritePaneProps = {
  sessionId: number;
  /** The session's write stream, kept by the session view so the draft outlives a tab switch. */
  writer: ReturnType<typeof useWriteStream>;
  files: readonly TReviewFile[] | undefined;
  hasLinks: boolean;
  isOffline: boolean;
};

/**
 * docs/review.md#writing: Write section streams a related-work section from the graph (outline, then
 * sections citing `[n]`, then the references and the checker's verdict); the latest draft exports as
 * Markdown, LaTeX or BibTeX.
 */
export function WritePane({ sessionId, writer, files, hasLinks, isOffline }: TWritePaneProps) {
  const { draft, write, stop } = writer;
  const exportDraft = useExportDraftMutation(sessionId);
  const { openPdf } = useFileListPanel();
  const [instructions, setInstructions] = useState('');
  const isStreaming = draft?.status === 'streaming';
  const hasPapers = (files?.length ?? 0) > 0;

  const openReference = (reference: TReviewReference) => {
    const file = files?.find((candidate) => paperRefKey(candidate) === paperRefKey(reference));
    const url = viewerPdfUrl(file?.paper_URL);
    if (!url) return null;
    return () => openPdf({ name: reference.title, url, fileKey: paperRefKey(reference), paper: reference });
  };

  return (
    <div className="review-write">
      <form
        className="review-write-form"
        onSubmit={(event) => {
          event.preventDefault();
          write(instructions);
        }}
      >
        <label className="review-field">
          <span>Instructions (optional)</span>
          <textarea
            rows={3}
            maxLength={5000}
            placeholder="Tone, length, what to stress…"
            value={instructions}
            disabled={isStreaming}
            onChange={(event) => setInstructions(event.target.value)}
          />
        </label>
        {isOffline && !draft && (
          <p className="notice" role="note">
            No AI model is configured on this server: the draft is extractive, your papers’ own sentences attributed to
            their authors.
          </p>
        )}
        <div className="review-toolbar">
          {isStreaming ? (
            <button type="button" className="button" onClick={stop}>
              Stop
            </button>
          ) : (
            <button type="submit" className="button button-primary" disabled={!hasPapers}>
              {draft ? 'Write again' : 'Write section'}
            </button>
          )}
          {!hasLinks && hasPapers && <span className="review-muted">Link papers in the Graph tab to group them.</span>}
        </div>
      </form>
      {draft?.status === 'error' && (
        <p className="review-error" role="alert">
          {draft.error}
        </p>
      )}
      {draft?.status === 'stopped' && (
        <p className="review-muted" role="status">
          You stopped this draft; nothing was saved.
        </p>
      )}
      {draft?.savedAt && (
        <p className="review-muted review-saved-draft">
          Your latest draft, written {formatRelativeTime(draft.savedAt)}. Write again to replace it.
        </p>
      )}
      {draft && <ReviewDraftView draft={draft} openReference={openReference} />}
      <section className="review-export" aria-labelledby="review-export-title">
        <h3 id="review-export-title">Export the latest draft</h3>
        <div className="review-toolbar">
          {REVIEW_EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              className="button button-small"
              disabled={exportDraft.isPending || isStreaming}
              onClick={() => exportDraft.mutate(format)}
            >
              {EXPORT_FILES[format].label}
            </button>
          ))}
        </div>
        {exportDraft.error != null && (
          <p className="review-error" role="alert">
            {parseApiError(exportDraft.error).status === 404
              ? 'Write a section first: there is no draft to export yet.'
              : parseApiError(exportDraft.error).message}
          </p>
        )}
      </section>
    </div>
  );
}
