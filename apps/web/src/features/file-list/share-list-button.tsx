import type { TFolder, TPaperRef } from '@paperbench/contract';
import { useState } from 'react';
import { distinctFiles } from '../../lib/paper-refs';
import { useCreateShareMutation } from '../sharing/api';
import { ShareListDialog } from '../sharing/share-list-dialog';
import { Icon } from '../ui/icons';

/**
 * requirements §4 Share list: the user's files are sent, a share_id returns, and the link /share/{share_id} is
 * shown in the Share list dialog (Copy, Revoke link). Files no longer shared with the user
 * (`unavailable`) are not sent: the server would refuse them. requirements §5: with no files, the dialog says
 * 'No files to share'.
 */
export function ShareListButton({ folders }: { folders: readonly TFolder[] | undefined }) {
  const createShare = useCreateShareMutation();
  const [sent, setSent] = useState<TPaperRef[] | null>(null);

  const share = () => {
    const files = distinctFiles(folders ?? [], { includeUnavailable: false });
    setSent(files);
    if (files.length > 0) createShare.mutate(files);
  };

  const close = () => {
    setSent(null);
    createShare.reset();
  };

  return (
    <>
      <button
        type="button"
        className="panel-action"
        title="Share your list of papers by link"
        disabled={createShare.isPending}
        onClick={share}
      >
        <Icon name="link" size={15} />
        Share list
      </button>
      {sent && (
        <ShareListDialog files={sent} shareId={createShare.data ?? null} error={createShare.error} onClose={close} />
      )}
    </>
  );
}
