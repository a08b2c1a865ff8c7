import type { TPaperRef } from '@paperbench/contract';
import { useFoldersPicker } from './folders-picker-context';

/** requirements §2 Add to File List: opens the add-to-folders modal for this paper; small on cards, full size on a page. */
export function AddToFileListButton({ paper, small = false }: { paper: TPaperRef; small?: boolean }) {
  const { openAddToFolders } = useFoldersPicker();
  return (
    <button
      type="button"
      className={small ? 'button button-small button-accent-soft' : 'button button-accent-soft'}
      onClick={() => openAddToFolders({ paper_id: paper.paper_id, platform: paper.platform })}
    >
      Add to File List
    </button>
  );
}
