import type { TFolder } from '@paperbench/contract';

/**
 * What the recommendations are based on: all of the user's files ("For you") or one folder, as a row
 * of chips (a folder's chip shows its paper count).
 */
export function ScopePicker({
  folders,
  folderId,
  onChange,
}: {
  folders: readonly TFolder[];
  folderId: number | null;
  onChange: (folderId: number | null) => void;
}) {
  return (
    <fieldset className="scope-picker">
      <legend className="visually-hidden">Recommend papers based on</legend>
      <button type="button" className="scope-chip" aria-pressed={folderId === null} onClick={() => onChange(null)}>
        For you
      </button>
      {folders.map((folder) => (
        <button
          key={folder.id}
          type="button"
          className="scope-chip"
          aria-pressed={folderId === folder.id}
          onClick={() => onChange(folder.id)}
        >
          {folder.name}
          <span className="scope-chip-count">
            {folder.files.length}
            <span className="visually-hidden"> papers</span>
          </span>
        </button>
      ))}
    </fieldset>
  );
}
