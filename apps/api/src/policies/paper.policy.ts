import type { Actor, Decision } from './decision';
import { decideFolder, type LoadedFolder } from './folder.policy';

/**
 * The facts the paper rules look at. For an upload: who uploaded it, and the folders its uploader
 * placed it in, each with the actor's membership. A copy someone else placed (attach_paper, a share
 * import, adding it to one's own folder) is a reference and is not among them: it grants nothing.
 */
export interface PaperResource {
  isUpload: boolean;
  /** The uploader; null for a paper that is not an upload. */
  uploaderId: number | null;
  /** The folders holding the upload that its uploader put it in; empty for a paper that is not an upload. */
  grantingFolders: readonly LoadedFolder[];
}

const isUploader = (actor: Actor, paper: PaperResource) => actor.userId !== null && paper.uploaderId === actor.userId;

/**
 * Whether a folder holding the upload grants the actor its reading: only while the folder is shared
 * and the actor may read it now (the owner, a member with any role, anyone for a public one). A
 * private folder grants nothing, not even to its owner: the upload was shared through the forum.
 */
const grantsRead = (actor: Actor, folder: LoadedFolder) =>
  folder.isShared && decideFolder(actor, folder, 'read', folder.membership) === 'allowed';

/**
 * The paper visibility rule (docs/collaboration.md#uploads; its SQL twin is visiblePaperFilter):
 * every platform's metadata is public; an upload is readable by its uploader, by whoever currently
 * holds a role on a shared folder its uploader put it in, and by anyone while such a folder is
 * public. Nothing else grants it, so every read re-checks and access ends when the grant does.
 * Anyone else is told it does not exist.
 */
export function decidePaperRead(actor: Actor, paper: PaperResource): Decision {
  if (!paper.isUpload || isUploader(actor, paper)) return 'allowed';
  return paper.grantingFolders.some((folder) => grantsRead(actor, folder)) ? 'allowed' : 'hidden';
}

/**
 * Only the uploader takes an upload back. A reader sees the paper but not the upload behind it (who
 * uploaded it, the file's name), so they too are answered as for an unknown id (contract
 * uploads.remove; docs/security.md#taking-things-back).
 */
export const decideUploadDelete = (actor: Actor, upload: PaperResource): Decision =>
  isUploader(actor, upload) ? 'allowed' : 'hidden';
