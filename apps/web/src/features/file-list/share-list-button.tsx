import type { TFolder } from '@paperbench/contract';
import { useState } from 'react';
import { createShare } from '../../api/library-api';
import { distinctFiles } from '../../lib/paper-refs';
import { Icon } from '../ui/icons';

/** spec §5: the alert when there is nothing to share. */
export const NO_FILES_TO_SHARE_ALERT = 'No files to share';

/** The link a share id opens (spec §4: /share/{share_id}). */
export function shareLinkOf(shareId: string): string {
  return `${window.location.origin}/share/${shareId}`;
}

/**
 * spec §4 Share list: the user's files are sent, a share_id returns, the link /share/{share_id} is copied
 * to the clipboard (a refusal is tolerated) and shown in an alert.
 */
export function ShareListButton({ folders }: { folders: readonly TFolder[] | undefined }) {
  const [isSharing, setIsSharing] = useState(false);

  const share = async () => {
    const files = distinctFiles(folders ?? []);
    if (files.length === 0) {
      window.alert(NO_FILES_TO_SHARE_ALERT);
      return;
    }
    setIsSharing(true);
    try {
      const link = shareLinkOf(await createShare(files));
      try {
        await navigator.clipboard.writeText(link);
      } catch (error) {
        console.warn('Could not copy the share link:', error);
      }
      window.alert(`Share link copied to the clipboard:\n${link}`);
    } catch (error) {
      console.error('Sharing the list failed:', error);
    } finally {
      setIsSharing(false);
    }
  };

  return (
    <button
      type="button"
      className="panel-action"
      title="Share your list of papers by link"
      disabled={isSharing}
      onClick={share}
    >
      <Icon name="link" size={15} />
      Share list
    </button>
  );
}
