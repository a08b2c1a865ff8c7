import { useRef, useState } from 'react';
import { parseArxivId } from '../../lib/arxiv-id';
import { Icon } from '../ui/icons';
import type { useAddReviewFilesMutation, useUploadReviewFileMutation } from './api';

type TAddPapersToolbarProps = {
  add: ReturnType<typeof useAddReviewFilesMutation>;
  upload: ReturnType<typeof useUploadReviewFileMutation>;
  isPicking: boolean;
  onTogglePicking: () => void;
};

/** Adding papers to a review session: from the File List (the picker), as a PDF, or by arXiv id or link. */
export function AddPapersToolbar({ add, upload, isPicking, onTogglePicking }: TAddPapersToolbarProps) {
  const [arxivInput, setArxivInput] = useState('');
  const [arxivProblem, setArxivProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const addArxiv = () => {
    const id = parseArxivId(arxivInput);
    setArxivProblem(id ? null : 'That is not an arXiv id (e.g. 1706.03762) or arxiv.org link.');
    if (id) add.mutate([{ paper_id: id, platform: 'arxiv' }], { onSuccess: () => setArxivInput('') });
  };

  return (
    <>
      <div className="review-toolbar">
        <button
          type="button"
          className="button button-primary button-small"
          aria-expanded={isPicking}
          onClick={onTogglePicking}
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
    </>
  );
}
