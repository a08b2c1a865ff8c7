import type { TSharedFolder } from '@paperbench/contract';
import { useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { useSetForumModeMutation, useStopSharingMutation } from './api';
import { MembersManager } from './members-manager';
import { ShareLink } from './share-link';

/** The confirm prompt before a folder stops being shared. */
export const STOP_SHARING_CONFIRM = 'Stop sharing this folder? Its members lose access; the folder and its files stay.';

/** requirements §4 Folder mode: public (anyone with the link may read) or private (only its members). */
export function ModeSwitch({ folder }: { folder: TSharedFolder }) {
  const setMode = useSetForumModeMutation(folder.folder_id);
  const [error, setError] = useState<string | null>(null);
  const choose = (isPublic: boolean) => {
    if (isPublic === folder.is_public) return;
    setError(null);
    setMode.mutateAsync(isPublic).catch((reason: unknown) => setError(parseApiError(reason).message));
  };
  return (
    <div className="mode-switch">
      <fieldset className="segmented" aria-label="Sharing mode" disabled={setMode.isPending}>
        <button type="button" className="segmented-option" aria-pressed={folder.is_public} onClick={() => choose(true)}>
          Public
        </button>
        <button
          type="button"
          className="segmented-option"
          aria-pressed={!folder.is_public}
          onClick={() => choose(false)}
        >
          Private
        </button>
      </fieldset>
      <p className="muted mode-hint">
        {folder.is_public
          ? 'Anyone with the link can read the papers and the discussion. Only members can comment or edit.'
          : 'Only you and the members below can open it.'}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** "Stop sharing" with a confirm; `onStopped` runs once the server has unshared the folder. */
export function StopSharingButton({ folderId, onStopped }: { folderId: number; onStopped: () => void }) {
  const stop = useStopSharingMutation();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button button-small button-danger"
        disabled={stop.isPending}
        onClick={() => {
          if (!window.confirm(STOP_SHARING_CONFIRM)) return;
          setError(null);
          stop.mutateAsync(folderId).then(onStopped, (reason: unknown) => setError(parseApiError(reason).message));
        }}
      >
        Stop sharing
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * What the manager of a shared folder can change (the File List's "Sharing" dialog): the link with
 * Copy and Open, the mode, the members, and Stop sharing.
 */
export function SharingSettings({
  folder,
  onLeave,
  onStopped,
}: {
  folder: TSharedFolder;
  /** Called when the user follows Open (the dialog closes). */
  onLeave: () => void;
  onStopped: () => void;
}) {
  return (
    <div className="sharing-settings">
      <ShareLink folderId={folder.folder_id} onOpen={onLeave} />
      <ModeSwitch folder={folder} />
      <MembersManager folder={folder} />
      <div className="sharing-stop">
        <StopSharingButton folderId={folder.folder_id} onStopped={onStopped} />
      </div>
    </div>
  );
}
