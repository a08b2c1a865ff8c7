import type { TPaperRef } from '@paperbench/contract';
import { DEFAULT_PUBLISHED_DATE } from '@paperbench/contract';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { buildUploadBody, checkChosenFile, todayIso, uploadFailureAlert } from '../../lib/upload-form';
import { Modal } from '../ui/modal';
import './upload-dialog.css';
import { useUploadPaperMutation } from './api';
import { type TPrefillState, usePdfPrefill } from './use-pdf-prefill';

/** The quiet line under the file input while and after the PDF is read (docs/uploads.md#metadata-from-the-pdf). */
const PREFILL_NOTES: Record<Exclude<TPrefillState, 'idle'>, string> = {
  reading: 'Reading the PDF…',
  filled: 'Read from the PDF: check the fields before you submit.',
  nothing: 'The PDF does not say its title or authors: fill them in if you like.',
  failed: 'The PDF could not be read for its details: fill them in if you like.',
};

type TUploadDialogProps = { onClose: () => void; onUploaded: (paper: TPaperRef) => void };

/**
 * requirements §2 Upload Paper dialog: Title, Authors, Published Date, Abstract, PDF File (required); Submit and
 * Cancel. requirements §5: a PDF only ('Please choose a PDF file.'), Submit disabled until a file is chosen, the
 * date at most today (empty → 1900-01-01). requirements §8: failures alert 'Upload Failed … Please try again.'.
 */
export function UploadDialog({ onClose, onUploaded }: TUploadDialogProps) {
  const [title, setTitle] = useState('');
  const [authors, setAuthors] = useState('');
  const [published, setPublished] = useState('');
  const [abstract, setAbstract] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadPaperMutation();
  const today = todayIso();
  const prefill = usePdfPrefill(
    { title: setTitle, authors: setAuthors, published: setPublished, abstract: setAbstract },
    today,
  );

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const checked = checkChosenFile(event.target.files?.[0]);
    if (checked.alert) {
      window.alert(checked.alert);
      event.target.value = '';
    }
    setFile(checked.file);
    prefill.readFile(checked.file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = buildUploadBody({ title, authors, published, abstract, file }, today);
    if (!built.ok) {
      window.alert(built.alert);
      return;
    }
    // mutateAsync: the outcome is handled even if the dialog was closed while the upload ran.
    upload.mutateAsync(built.body).then(
      ({ paper }) => {
        onClose();
        onUploaded(paper);
      },
      (error: unknown) => window.alert(uploadFailureAlert(error)),
    );
  };

  return (
    <Modal title="Upload Paper" onClose={onClose}>
      <form onSubmit={submit} noValidate={false}>
        <label className="form-field">
          Title
          <input type="text" value={title} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label className="form-field">
          Authors
          <input
            type="text"
            value={authors}
            placeholder="Comma-separated"
            onChange={(event) => setAuthors(event.target.value)}
          />
        </label>
        <label className="form-field">
          Published Date
          <input
            type="date"
            value={published}
            max={today}
            placeholder={DEFAULT_PUBLISHED_DATE}
            onChange={(event) => setPublished(event.target.value)}
          />
          <span className="form-hint">Optional: {DEFAULT_PUBLISHED_DATE} when empty; not later than today.</span>
        </label>
        <label className="form-field">
          Abstract
          <textarea value={abstract} onChange={(event) => setAbstract(event.target.value)} />
        </label>
        <label className="form-field">
          PDF File
          <input type="file" accept="application/pdf,.pdf" required onChange={chooseFile} />
        </label>
        {prefill.state !== 'idle' && (
          <p className="form-hint upload-prefill" role="status" aria-busy={prefill.state === 'reading'}>
            {prefill.state === 'reading' && <span className="upload-prefill-spinner" aria-hidden="true" />}
            {PREFILL_NOTES[prefill.state]}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={!file || upload.isPending}>
            {upload.isPending ? 'Uploading…' : 'Submit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
