import { paperRefKey, type TSharedFolder } from '@paperbench/contract';
import { Link, useNavigate } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import type { TScreenProps } from '../../app/screen-props';
import { FolderUnreadCount } from '../../features/annotations/panel-mark-counts';
import { CommentThread } from '../../features/comments/comment-thread';
import { AddPapers } from '../../features/forum/add-papers';
import {
  isNotFound,
  useRemoveSharedFolderFileMutation,
  useSharedFolderFilesQuery,
  useSharedFolderQuery,
} from '../../features/forum/api';
import { MembersManager } from '../../features/forum/members-manager';
import { ModeBadge } from '../../features/forum/mode-badge';
import { ROLE_LABELS } from '../../features/forum/role-labels';
import { ShareLink } from '../../features/forum/share-link';
import { SharedPaper } from '../../features/forum/shared-paper';
import { ModeSwitch, StopSharingButton } from '../../features/forum/sharing-settings';
import { useCachedUser } from '../../features/identity/cached-user';
import NotFoundScreen from '../not-found/not-found-screen';
import '../../features/paper-card/paper-card.css';
import '../../features/forum/forum.css';

/** Why the comment box is missing: a visitor of a public folder, or a member who may only read. */
function readOnlyHint(folder: TSharedFolder, isSignedIn: boolean): string {
  if (!folder.role && !isSignedIn) return 'Sign in to join the discussion.';
  if (!folder.role) return 'Only members of this folder can comment; ask its owner to add you.';
  return 'Viewers read the discussion; ask the owner for the commenter role to join it.';
}

function FolderPapers({ folder }: { folder: TSharedFolder }) {
  const files = useSharedFolderFilesQuery(folder.folder_id);
  const remove = useRemoveSharedFolderFileMutation(folder.folder_id);
  const canEdit = folder.abilities?.edit ?? false;
  return (
    <section className="rwf-section rwf-papers" aria-labelledby="rwf-papers-title">
      <h2 id="rwf-papers-title" className="rwf-section-title">
        Papers
        {files.data && <span className="rwf-section-count"> ({files.data.length})</span>}
      </h2>
      {canEdit && <AddPapers folderId={folder.folder_id} existing={files.data ?? []} />}
      {files.isPending && <p className="muted">Loading papers…</p>}
      {files.isError && (
        <p className="error-state" role="alert">
          The papers could not be loaded: {parseApiError(files.error).message}
        </p>
      )}
      {remove.isError && (
        <p className="form-error" role="alert">
          The paper could not be removed: {parseApiError(remove.error).message}
        </p>
      )}
      {files.data?.length === 0 && (
        <p className="rwf-papers-empty">
          No papers in this folder yet.
          {canEdit && ' Add one from your library or by its arXiv id above.'}
        </p>
      )}
      {files.data && files.data.length > 0 && (
        <ul className="paper-list" aria-label={`Papers in ${folder.name}`}>
          {files.data.map((file) => (
            <SharedPaper
              key={paperRefKey(file)}
              file={file}
              onRemove={
                canEdit
                  ? (f) => {
                      if (window.confirm(`Remove “${f.filename}” from this shared folder?`)) remove.mutate(f);
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Managers: the link, the mode, the members, Stop sharing (the same parts as the File List's dialog). */
function ManagePanel({ folder }: { folder: TSharedFolder }) {
  const navigate = useNavigate();
  return (
    <section className="rwf-card rwf-manage sharing-settings" aria-labelledby="rwf-manage-title">
      <h2 id="rwf-manage-title" className="rwf-section-title">
        Sharing
      </h2>
      <ShareLink folderId={folder.folder_id} />
      <ModeSwitch folder={folder} />
      <MembersManager folder={folder} />
      <div className="sharing-stop">
        <StopSharingButton folderId={folder.folder_id} onStopped={() => navigate('/rwf')} />
      </div>
    </section>
  );
}

/**
 * requirements §2 /rwf/{folderId}: a shared folder (the route table has already checked digits only): its name,
 * mode, owner and the caller's role; its papers as paper cards (editors add and remove them); its
 * members for managers; and its discussion. A folder the caller may not see is the 404 page.
 */
export default function RwfFolderScreen({ params }: TScreenProps) {
  const folderId = Number(params.folderId);
  const query = useSharedFolderQuery(folderId);
  const user = useCachedUser();

  if (query.isPending) {
    return (
      <p className="screen-loading" role="status">
        Loading shared folder…
      </p>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundScreen />;
    return (
      <section className="screen screen-narrow">
        <h1>This shared folder could not be loaded</h1>
        <p className="lead">{parseApiError(query.error).message}</p>
        <Link className="button" to="/rwf">
          Back to the forum
        </Link>
      </section>
    );
  }

  const folder = query.data;
  const abilities = folder.abilities;
  return (
    <article className="screen rwf-folder" aria-labelledby="rwf-folder-title">
      <nav className="rwf-breadcrumb" aria-label="Breadcrumb">
        <Link to="/rwf">Related Work Forum</Link>
        <span aria-hidden="true" className="rwf-breadcrumb-sep">
          /
        </span>
        <span aria-current="page" className="rwf-breadcrumb-current">
          {folder.name}
        </span>
      </nav>
      <header className="rwf-folder-hero">
        <div className="rwf-folder-head">
          <h1 id="rwf-folder-title">{folder.name}</h1>
          <ModeBadge isPublic={folder.is_public} />
        </div>
        <p className="rwf-folder-meta">
          {folder.role === 'owner' ? 'Shared by you' : `Shared by ${folder.owner_name || 'someone'}`}
          {' · '}
          {folder.role ? `Your role: ${ROLE_LABELS[folder.role]}` : 'You are visiting a public folder (read-only)'}
        </p>
        {folder.role && <FolderUnreadCount folderId={folder.folder_id} />}
      </header>
      <div className="rwf-folder-layout">
        <FolderPapers folder={folder} />
        <aside className="rwf-folder-aside" aria-label="Discussion and sharing">
          <div className="rwf-card rwf-discussion">
            <CommentThread
              target={{ kind: 'shared', folderId: folder.folder_id }}
              title="Discussion"
              canComment={abilities?.comment ?? false}
              readOnlyHint={readOnlyHint(folder, user !== null)}
            />
          </div>
          {abilities?.manage && <ManagePanel folder={folder} />}
        </aside>
      </div>
    </article>
  );
}
