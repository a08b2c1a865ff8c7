import type { TPaperRef } from '@paperbench/contract';
import { describeFolderMembership } from '../../lib/folder-membership';
import { usePaperFolderNames } from '../library/use-paper-folder-names';
import { Icon } from '../ui/icons';

/**
 * "In: GNN reading, Thesis" under a card whose paper is already in the user's folders, so Add to File
 * List is not pressed for nothing. Visible text and spoken text are kept apart: the short form ("In: A
 * +2") is for the eye, a screen reader hears every folder by name.
 */
export function PaperFolders({ paper }: { paper: TPaperRef }) {
  const membership = describeFolderMembership(usePaperFolderNames(paper));
  if (!membership) return null;
  return (
    <p className="paper-folders" title={membership.spoken}>
      <Icon name="folder" size={14} />
      <span className="visually-hidden">{membership.spoken}</span>
      <span className="paper-folders-text" aria-hidden="true">
        {membership.shown}
      </span>
    </p>
  );
}
