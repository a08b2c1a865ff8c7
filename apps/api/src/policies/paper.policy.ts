import type { Actor, Decision } from './decision';

/**
 * The facts the paper rules look at. An uploaded paper's facts are about the actor: whether they
 * uploaded it, and whether one of the folders they can reach holds it (imported from a share link,
 * say). Later: readers of a shared folder (forum) that holds it count as holders.
 */
export interface PaperResource {
  isUpload: boolean;
  /** The uploader; null for a paper that is not an upload. */
  uploaderId: number | null;
  isHeldByActor: boolean;
}

const isUploader = (actor: Actor, paper: PaperResource) => actor.userId !== null && paper.uploaderId === actor.userId;

/**
 * The paper visibility rule (the same rule as visiblePaperFilter, which keeps it in SQL): every
 * platform's metadata is public; an upload is private to its uploader and to whoever holds it in a
 * folder. Anyone else is told it does not exist.
 */
export function decidePaperRead(actor: Actor, paper: PaperResource): Decision {
  if (!paper.isUpload || isUploader(actor, paper) || paper.isHeldByActor) return 'allowed';
  return 'hidden';
}

/**
 * Only the uploader takes an upload back. A holder sees the paper but not the upload behind it (who
 * uploaded it, the file's name), so they too are answered as for an unknown id (contract
 * uploads.remove; docs/security.md#taking-things-back).
 */
export const decideUploadDelete = (actor: Actor, upload: PaperResource): Decision =>
  isUploader(actor, upload) ? 'allowed' : 'hidden';
