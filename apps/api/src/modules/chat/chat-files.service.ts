import {
  DEFAULT_FOLDER_NAME,
  type TChatFile,
  type TFileSelectionUpdate,
  type TPaper,
  type TPaperRef,
} from '@paperbench/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { insertFolder, insertFolderFile, isFileOf, selectOwnedFolders } from '../folders/folders.repo';
import { resolvePaperUrl } from '../folders/paper-url';
import { presentPaper } from '../papers/paper.presenter';
import { describePaper, findVisiblePaper } from '../papers/paper-visibility';
import {
  deleteAllUserFiles,
  deleteUserFile,
  lockUser,
  selectUserFiles,
  type UserFileRow,
  updateUserFileSelection,
} from './chat-files.repo';

const notInFiles = (ref: TPaperRef) => notFound(`${describePaper(ref)} in your files`);

/** Row → a File List entry as chat sees it. Embeddings arrive with the AI issue: 'none' until then. */
function presentChatFile(row: UserFileRow): TChatFile {
  return {
    paper_id: row.paperId,
    platform: row.platform,
    filename: row.title,
    paper_URL: resolvePaperUrl(row),
    selected: row.selected,
    embedding_status: 'none',
  };
}

export async function listUserFiles(db: Db, userId: number): Promise<TChatFile[]> {
  return (await selectUserFiles(db, userId)).map(presentChatFile);
}

/**
 * spec §7 attach_paper ("attach a paper by id"): the paper joins the user's first folder, made as
 * 'Untitled' (spec §9) when there is none. A paper the user already holds anywhere is left as is.
 */
export async function attachPaper(
  db: Db,
  userId: number,
  ref: TPaperRef,
): Promise<{ added: boolean; file: TChatFile }> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (!(await findVisiblePaper(tx, userId, ref))) throw notFound(describePaper(ref));
    const [held] = await selectUserFiles(tx, userId, isFileOf(ref));
    if (held) return { added: false, file: presentChatFile(held) };
    const [first] = await selectOwnedFolders(tx, userId);
    const folder = first ?? (await insertFolder(tx, userId, DEFAULT_FOLDER_NAME));
    await insertFolderFile(tx, folder.id, ref);
    const [row] = await selectUserFiles(tx, userId, isFileOf(ref));
    if (!row) throw new Error('attached file vanished inside its own transaction');
    return { added: true, file: presentChatFile(row) };
  });
}

/** Removes the paper from all the user's folders; 404 when the user does not hold it. */
export async function removeUserFile(db: Db, userId: number, ref: TPaperRef): Promise<void> {
  if ((await deleteUserFile(db, userId, ref)) === 0) throw notInFiles(ref);
}

/** spec §4 shared-list import, Replace: clear the user's files first. */
export async function clearUserFiles(db: Db, userId: number): Promise<void> {
  await deleteAllUserFiles(db, userId);
}

export async function getVisiblePaper(db: Db, userId: number, ref: TPaperRef): Promise<TPaper> {
  const row = await findVisiblePaper(db, userId, ref);
  if (!row) throw notFound(describePaper(ref));
  return presentPaper(row);
}

/** spec §4 Selection: the new state goes to every folder row of the paper, so all views agree. */
export async function updateFileSelection(
  db: Db,
  userId: number,
  update: TFileSelectionUpdate,
): Promise<TFileSelectionUpdate> {
  if ((await updateUserFileSelection(db, userId, update, update.selected)) === 0) throw notInFiles(update);
  return update;
}
