import type { TSharedFolder } from '@paperbench/contract';
import { Link } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import type { TScreenProps } from '../../app/screen-props';
import { useFileListPanel } from '../../features/file-list/file-list-panel-state';
import { useForumListQuery } from '../../features/forum/api';
import { ModeBadge } from '../../features/forum/mode-badge';
import { ROLE_LABELS } from '../../features/forum/role-labels';
import { sharedFolderPath } from '../../lib/app-paths';
import '../../features/forum/forum.css';

function FolderMark() {
  return (
    <span className="forum-item-mark">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none">
        <path
          d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4.6l2 2h8.4A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z"
          stroke="currentColor"
          strokeWidth="1.7"
        />
      </svg>
    </span>
  );
}

/** One folder as a card row; the first of a group carries the group's heading (one list keeps one reading order). */
function ForumItem({ folder, groupTitle }: { folder: TSharedFolder; groupTitle?: string }) {
  const count = folder.file_count;
  return (
    <li className={groupTitle ? 'forum-entry is-group-start' : 'forum-entry'}>
      {groupTitle && <h2 className="forum-group-title">{groupTitle}</h2>}
      <div className="forum-item surface-card surface-card-interactive">
        <FolderMark />
        <div className="forum-item-body">
          <div className="forum-item-title">
            <Link className="forum-item-name" to={sharedFolderPath(folder.folder_id)}>
              {folder.name}
            </Link>
            <ModeBadge isPublic={folder.is_public} />
          </div>
          <p className="forum-item-meta">
            <span>{folder.role === 'owner' ? 'Shared by you' : `Shared by ${folder.owner_name || 'someone'}`}</span>
            <span className="forum-item-role">{folder.role ? ROLE_LABELS[folder.role] : 'Visitor'}</span>
            {count !== undefined && (
              <span>
                {count} {count === 1 ? 'paper' : 'papers'}
              </span>
            )}
          </p>
        </div>
        <span className="forum-item-chevron" aria-hidden="true">
          ›
        </span>
      </div>
    </li>
  );
}

function EmptyForum() {
  const { open } = useFileListPanel();
  return (
    <div className="empty-state forum-empty">
      <FolderMark />
      <h2>No shared folders yet</h2>
      <p>
        To share a folder, open the File List, choose the share button on one of your folders, and pick Public (anyone
        with the link can read it) or Private (only the people you add). Folders others share with you appear here too.
      </p>
      <button type="button" className="button button-primary" onClick={open}>
        Open the File List
      </button>
    </div>
  );
}

/** requirements §2 /rwf, the Related Work Forum: the folders the caller shares, is a member of, or has opened. */
export default function RwfScreen({ title }: TScreenProps) {
  const query = useForumListQuery();
  const mine = query.data?.filter((folder) => folder.role === 'owner') ?? [];
  const others = query.data?.filter((folder) => folder.role !== 'owner') ?? [];
  return (
    <section className="screen screen-narrow rwf">
      <h1>{title}</h1>
      <p className="lead">Shared folders of related work, and the discussion around their papers.</p>
      {query.isPending && (
        <p className="screen-loading" role="status">
          Loading shared folders…
        </p>
      )}
      {query.isError && (
        <p className="error-state" role="alert">
          The shared folders could not be loaded: {parseApiError(query.error).message}
        </p>
      )}
      {query.data?.length === 0 && <EmptyForum />}
      {query.data && query.data.length > 0 && (
        <ul className="forum-list" aria-label="Shared folders">
          {mine.map((folder, index) => (
            <ForumItem
              key={folder.folder_id}
              folder={folder}
              groupTitle={index === 0 ? 'My shared folders' : undefined}
            />
          ))}
          {others.map((folder, index) => (
            <ForumItem key={folder.folder_id} folder={folder} groupTitle={index === 0 ? 'Shared with me' : undefined} />
          ))}
        </ul>
      )}
    </section>
  );
}
