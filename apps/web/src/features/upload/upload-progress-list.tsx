import type { TProgressEntry } from './use-upload-progress';

/** requirements §2: an upload list showing each dropped file's name and status. */
export function UploadProgressList({ entries }: { entries: readonly TProgressEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul className="upload-progress" aria-label="Uploads" aria-live="polite">
      {entries.map((entry) => (
        <li key={entry.id} className={`upload-entry is-${entry.status}`}>
          <span className="upload-entry-name">{entry.name}</span>
          <span className="upload-entry-status">{entry.text}</span>
        </li>
      ))}
    </ul>
  );
}
