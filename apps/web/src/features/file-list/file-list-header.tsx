import type { TFolder } from '@paperbench/contract';
import { Link } from 'react-router';
import { Icon } from '../ui/icons';
import { ShareListButton } from './share-list-button';

type TFileListHeaderProps = {
  folders: readonly TFolder[] | undefined;
  onNewFolder: () => void;
  onUpload: () => void;
  onClose: () => void;
};

/** requirements §2 File List panel header: title File List; New, Upload, Chat (link to /chat) and close. */
export function FileListHeader({ folders, onNewFolder, onUpload, onClose }: TFileListHeaderProps) {
  return (
    <header className="file-list-header">
      <div className="file-list-title-row">
        <h2 id="file-list-title">File List</h2>
        <button type="button" className="icon-button" aria-label="Close File List" onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </div>
      <div className="file-list-actions">
        <button type="button" className="panel-action" title="New folder" onClick={onNewFolder}>
          <Icon name="plus" size={15} />
          New
        </button>
        <button type="button" className="panel-action" title="Upload a PDF" onClick={onUpload}>
          <Icon name="upload" size={15} />
          Upload
        </button>
        <Link className="panel-action" to="/chat">
          <Icon name="chat" size={15} />
          Chat
        </Link>
        <ShareListButton folders={folders} />
      </div>
    </header>
  );
}
