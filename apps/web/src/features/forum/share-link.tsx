import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { sharedFolderLink, sharedFolderPath } from '../../lib/app-paths';
import { useCopyToClipboard } from '../ui/use-copy-to-clipboard';

/** The link to a shared folder (requirements §2 /rwf/{folderId}), with Copy (to the clipboard) and Open. */
export function ShareLink({ folderId, onOpen }: { folderId: number; onOpen?: () => void }) {
  const id = useId();
  const link = sharedFolderLink(folderId);
  const field = useRef<HTMLInputElement>(null);
  const { copyState, copy } = useCopyToClipboard(field);
  return (
    <div className="share-link">
      <label htmlFor={id} className="share-link-label">
        Link to the shared folder
      </label>
      <div className="share-link-row">
        <input
          ref={field}
          id={id}
          className="share-link-input"
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button button-small" onClick={() => void copy(link)}>
          {copyState === 'copied' ? 'Copied' : 'Copy'}
        </button>
        <Link className="button button-small" to={sharedFolderPath(folderId)} onClick={onOpen}>
          Open
        </Link>
      </div>
      {copyState === 'refused' && (
        <p className="muted share-link-note" role="status">
          Could not copy: the link is selected, press Ctrl+C (⌘C on a Mac).
        </p>
      )}
    </div>
  );
}
