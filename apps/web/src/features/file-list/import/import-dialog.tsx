import type { TFolder, TImportReport } from '@paperbench/contract';
import { type FormEvent, useState } from 'react';
import { parseApiError } from '../../../api/parse-api-error';
import { Modal } from '../../ui/modal';
import { SegmentedOptions } from '../../ui/segmented-options';
import { useImportFileMutation, useImportZoteroMutation } from './api';
import { ImportReport } from './import-report';
import { NO_ZOTERO_FIELDS, type TZoteroFields, ZoteroFields, zoteroRequest } from './zotero-fields';
import './import-dialog.css';

type TSource = 'file' | 'zotero';
const SOURCES = [
  { value: 'file', label: 'File' },
  { value: 'zotero', label: 'Zotero' },
] as const satisfies readonly { value: TSource; label: string }[];

/**
 * docs/import-export.md: the folder's Import references dialog. A .bib, .ris or .json file, or a Zotero
 * library (type, id, key, optional collection); then the server's report. The key stays in this form's
 * state only (docs/security.md#zotero-api-keys).
 */
export function ImportDialog({ folder, onClose }: { folder: TFolder; onClose: () => void }) {
  const [source, setSource] = useState<TSource>('file');
  const [file, setFile] = useState<File | null>(null);
  const [zotero, setZotero] = useState<TZoteroFields>(NO_ZOTERO_FIELDS);
  const [report, setReport] = useState<TImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importFile = useImportFileMutation(folder.id);
  const importZotero = useImportZoteroMutation(folder.id);
  const isPending = importFile.isPending || importZotero.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const run =
      source === 'file' && file ? importFile.mutateAsync(file) : importZotero.mutateAsync(zoteroRequest(zotero));
    run.then(setReport, (failure: unknown) => setError(parseApiError(failure).message));
  };

  const canSubmit = source === 'file' ? file !== null : zotero.libraryId.trim() !== '' && zotero.apiKey.trim() !== '';
  return (
    <Modal title={`Import references into ${folder.name}`} onClose={onClose}>
      {report ? (
        <>
          <ImportReport report={report} />
          <div className="modal-actions">
            <button type="button" className="button button-primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} className="import-form">
          <fieldset className="segmented" aria-label="Import from">
            <SegmentedOptions options={SOURCES} value={source} onChange={setSource} />
          </fieldset>
          {source === 'file' ? (
            <label className="form-field">
              Bibliography file
              <input
                type="file"
                accept=".bib,.bibtex,.ris,.json,application/x-bibtex,application/x-research-info-systems,application/json"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              <span className="form-hint">BibTeX (.bib), RIS (.ris) or CSL-JSON (.json), up to 5 MB.</span>
            </label>
          ) : (
            <ZoteroFields value={zotero} onChange={setZotero} />
          )}
          {error && (
            <p className="import-error" role="alert">
              {error}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={!canSubmit || isPending}>
              {isPending ? 'Importing…' : 'Import'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
