import { paperRefKey, type TFolderFile, type TPaperRef } from '@paperbench/contract';
import { useId, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { parseArxivId } from '../../lib/arxiv-id';
import { useFoldersQuery } from '../library/api';
import { Icon } from '../ui/icons';
import { useAddSharedFolderFileMutation } from './api';

/**
 * For editors of a shared folder: add a paper from one of the caller's own folders, or by arXiv id
 * (POST /api/folders/{id}/files; the server fetches an arXiv paper the corpus lacks).
 */
export function AddPapers({ folderId, existing }: { folderId: number; existing: readonly TFolderFile[] }) {
  const pickId = useId();
  const arxivId = useId();
  const folders = useFoldersQuery();
  const add = useAddSharedFolderFileMutation(folderId);
  const [picked, setPicked] = useState('');
  const [arxivInput, setArxivInput] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);

  const inFolder = new Set(existing.map(paperRefKey));
  const choices = new Map<string, TFolderFile>();
  for (const folder of folders.data ?? []) {
    if (folder.id === folderId) continue;
    for (const file of folder.files) if (!inFolder.has(paperRefKey(file))) choices.set(paperRefKey(file), file);
  }

  const addPaper = (paper: TPaperRef, label: string, reset: () => void) => {
    setMessage(null);
    add.mutateAsync(paper).then(
      () => {
        reset();
        setMessage({ kind: 'done', text: `Added ${label}.` });
      },
      (reason: unknown) => setMessage({ kind: 'error', text: parseApiError(reason).message }),
    );
  };

  return (
    <div className="rwf-card rwf-add-papers-box">
      <h3 className="rwf-add-papers-title">
        <Icon name="plus" size={15} />
        Add papers
      </h3>
      <div className="rwf-add-papers-forms">
        <form
          className="rwf-add-papers"
          onSubmit={(event) => {
            event.preventDefault();
            const file = choices.get(picked);
            if (file)
              addPaper({ paper_id: file.paper_id, platform: file.platform }, file.filename, () => setPicked(''));
          }}
        >
          <label htmlFor={pickId}>From your library</label>
          <select
            id={pickId}
            value={picked}
            disabled={choices.size === 0}
            onChange={(event) => setPicked(event.target.value)}
          >
            <option value="">{choices.size ? 'Choose a paper…' : 'No other papers in your folders'}</option>
            {[...choices].map(([key, file]) => (
              <option key={key} value={key}>
                {file.filename}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-small button-primary" disabled={!picked || add.isPending}>
            Add paper
          </button>
        </form>
        <form
          className="rwf-add-papers"
          onSubmit={(event) => {
            event.preventDefault();
            const id = parseArxivId(arxivInput);
            if (!id) {
              setMessage({ kind: 'error', text: 'Enter an arXiv id such as 1706.03762, or an arxiv.org link.' });
              return;
            }
            addPaper({ paper_id: id, platform: 'arxiv' }, `arXiv ${id}`, () => setArxivInput(''));
          }}
        >
          <label htmlFor={arxivId}>arXiv id</label>
          <input
            id={arxivId}
            value={arxivInput}
            placeholder="1706.03762"
            onChange={(event) => setArxivInput(event.target.value)}
          />
          <button
            type="submit"
            className="button button-small button-primary"
            disabled={!arxivInput.trim() || add.isPending}
          >
            Add by id
          </button>
        </form>
      </div>
      {message && (
        <p
          className={message.kind === 'error' ? 'form-error' : 'muted rwf-add-papers-done'}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
