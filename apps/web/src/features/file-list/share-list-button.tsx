import type { TFolder } from '@paperbench/contract';
import { distinctFiles } from '../../lib/paper-refs';
import { useCreateShareMutation } from '../sharing/api';
import { Icon } from '../ui/icons';

/** spec §5: the alert when there is nothing to share. */
export const NO_FILES_TO_SHARE_ALERT = 'No files to share';

/** The link a share id opens (spec §4: /share/{share_id}). */
export function shareLinkOf(shareId: string): string {
  return `${window.location.origin}/share/${shareId}`;
}

/** The link is also shown in an alert, so a refused clipboard (no permission, no focus) is no failure. */
async function copyShareLink(shareId: string): Promise<void> {
  const link = shareLinkOf(shareId);
  try {
    await navigator.clipboard.writeText(link);
  } catch (error) {
    console.warn('Could not copy the share link:', error);
  }
  window.alert(`Share link copied to the clipboard:\n${link}`);
}

/**
 * spec §4 Share list: the user's files are sent, a share_id returns, the link /share/{share_id} is copied
 * to the clipboard (a refusal is tolerated) and shown in an alert. spec §8: a failure is logged only.
 */
export function ShareListButton({ folders }: { folders: readonly TFolder[] | undefined }) {
  const createShare = useCreateShareMutation();

  const share = () => {
    const files = distinctFiles(folders ?? []);
    if (files.length === 0) {
      window.alert(NO_FILES_TO_SHARE_ALERT);
      return;
    }
    createShare.mutate(files, { onSuccess: copyShareLink });
  };

  return (
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
  );
}
