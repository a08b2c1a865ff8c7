import { useId, useState } from 'react';
import { Link } from 'react-router';
import { sharedFolderLink, sharedFolderPath } from '../../lib/app-paths';

/** The link to a shared folder (requirements §2 /rwf/{folderId}), with Copy (to the clipboard) and Open. */
export function ShareLink({ folderId, onOpen }: { folderId: number; onOpen?: () => void }) {
  const id = useId();
  const link = sharedFolderLink(folderId);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  // A refused clipboard (no permission, no focus, none at all) leaves the link to select in the field.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };
  return (
    <div className="share-link">
      <label htmlFor={id} className="share-link-label">
        Link to the shared folder
      </label>
      <div className="share-link-row">
        <input id={id} className="share-link-input" readOnly value={link} onFocus={(event) => event.target.select()} />
        <button type="button" className="button button-small" onClick={copy}>
          {copyState === 'copied' ? 'Copied' : 'Copy'}
        </button>
        <Link className="button button-small" to={sharedFolderPath(folderId)} onClick={onOpen}>
          Open
        </Link>
      </div>
      {copyState === 'failed' && (
        <p className="muted share-link-note" role="status">
          Could not copy: select the link and copy it.
        </p>
      )}
    </div>
  );
}
