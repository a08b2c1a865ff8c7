import {
  DEFAULT_FOLDER_NAME,
  paperRefKey,
  type TChatFile,
  type TFileSelectionUpdate,
  type TPaper,
  type TPaperRef,
} from '@paperbench/contract';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireAccess } from '../../policies/access';
import { presentFileFields } from '../folders/folder.presenter';
import { insertFolder, insertFolderFile, selectOwnedFolders } from '../folders/folders.repo';
import { presentPaper } from '../papers/paper.presenter';
import { describePaper, findUploadLink, findVisiblePaper } from '../papers/paper-visibility.repo';
import { embeddingStatusOf, requestFullText } from '../passages/full-text-requests';
import {
  deleteAllUserFiles,
  deleteUserFile,
  lockUser,
  selectUserFiles,
  type UserFileRow,
  updateUserFileSelection,
} from './user-files.repo';

const notInFiles = (ref: TPaperRef) => notFound(`${describePaper(ref)} in your files`);

/**
 * Row → a File List entry as chat sees it: the status of the paper's full text and passages
 * (docs/ai.md#full-text-and-passages), 'none' for a paper whose text was never asked for. A failed
 * or abstract-only one says why.
 */
export function presentChatFile(row: UserFileRow): TChatFile {
  const file = presentFileFields(row);
  const status = embeddingStatusOf(row.textStatus);
  if (status === 'failed') {
    return { ...file, embedding_status: status, embedding_error: row.textError ?? 'the text could not be read' };
  }
  if (status === 'abstract-only' && row.textError) {
    return { ...file, embedding_status: status, embedding_error: row.textError };
  }
  return { ...file, embedding_status: status };
}

export async function listUserFiles(db: Db, userId: number): Promise<TChatFile[]> {
  return (await selectUserFiles(db, userId)).map(presentChatFile);
}

/**
 * The papers selected in the user's File List, which chat and ideas read when the request names none
 * (requirements §4: selection feeds chat). A file whose grant has ended stays listed but feeds nothing
 * (docs/collaboration.md#uploads).
 */
export async function selectedReadablePapers(db: Db, userId: number): Promise<TPaperRef[]> {
  return (await selectUserFiles(db, userId))
    .filter((file) => file.selected && file.readable)
    .map((file) => ({ paper_id: file.paperId, platform: file.platform }));
}

/** The user's first (oldest) folder, made as 'Untitled' (requirements §9) when there is none. */
async function firstFolderOrUntitled(tx: Db, userId: number): Promise<{ id: number }> {
  const [first] = await selectOwnedFolders(tx, userId);
  return first ?? (await insertFolder(tx, userId, DEFAULT_FOLDER_NAME));
}

/**
 * attach_paper's rule for any number of papers: a paper the user already holds anywhere is left as
 * is; the others join the user's first folder, made as 'Untitled' when there is none (and only
 * then). Checks no visibility (the caller decides who may attach what). Call it inside a
 * transaction that holds lockUser, so the "held?" read and the writes cannot race another attach.
 */
export async function attachToFirstFolder(
  tx: Db,
  userId: number,
  refs: readonly TPaperRef[],
): Promise<{ folderId: number | null; added: TPaperRef[]; held: UserFileRow[] }> {
  if (refs.length === 0) return { folderId: null, added: [], held: [] };
  const held = await selectUserFiles(tx, userId, refs);
  const heldKeys = new Set(held.map((row) => paperRefKey({ platform: row.platform, paper_id: row.paperId })));
  const toAdd = refs.filter((ref) => !heldKeys.has(paperRefKey({ platform: ref.platform, paper_id: ref.paper_id })));
  if (toAdd.length === 0) return { folderId: null, added: [], held };
  const folder = await firstFolderOrUntitled(tx, userId);
  const added: TPaperRef[] = [];
  for (const ref of toAdd) if (await insertFolderFile(tx, folder.id, ref, userId)) added.push(ref);
  return { folderId: folder.id, added, held };
}

/**
 * requirements §7 attach_paper ("attach a paper by id"): the paper joins the user's first folder, made as
 * 'Untitled' (requirements §9) when there is none. A paper the user already holds anywhere is left as is.
 */
export async function attachPaper(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  ref: TPaperRef,
): Promise<{ added: boolean; file: TChatFile }> {
  await requireAccess(db, { userId }, 'paper.read', [ref]);
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    // The scoped read stays as the second wall (docs/security.md#policies): attachToFirstFolder checks no visibility.
    if (!(await findVisiblePaper(tx, userId, ref))) throw notFound(describePaper(ref));
    const { held } = await attachToFirstFolder(tx, userId, [ref]);
    await requestFullText(tx, config, [ref]);
    const [row] = await selectUserFiles(tx, userId, [ref]);
    if (!row) throw new Error('attached file vanished inside its own transaction');
    return { added: held.length === 0, file: presentChatFile(row) };
  });
}

/**
 * requirements §4 shared-list import: Replace clears the user's files first (what POST /api/chat/files/clear
 * does), then attach_paper's rule applies to every paper given. Call it inside the transaction that
 * reads the list, so the import is all or nothing. The returned folder is where new papers went: the
 * first folder, made when the user has none.
 */
export async function importPapers(
  tx: Db,
  config: Pick<Config, 'FULL_TEXT_FETCH'>,
  userId: number,
  refs: readonly TPaperRef[],
  mode: 'replace' | 'merge',
): Promise<{ added: TPaperRef[]; alreadyPresent: number; folderId: number }> {
  await lockUser(tx, userId);
  if (mode === 'replace') await clearUserFiles(tx, userId);
  const { folderId, added, held } = await attachToFirstFolder(tx, userId, refs);
  await requestFullText(tx, config, added);
  return {
    added,
    alreadyPresent: held.length,
    folderId: folderId ?? (await firstFolderOrUntitled(tx, userId)).id,
  };
}

/** Removes the paper from all the user's folders; 404 when the user does not hold it. */
export async function removeUserFile(db: Db, userId: number, ref: TPaperRef): Promise<void> {
  await requireAccess(db, { userId }, 'file.remove', [ref]);
  if ((await deleteUserFile(db, userId, ref)) === 0) throw notInFiles(ref);
}

/** requirements §4 shared-list import, Replace: clear the user's files first. */
export async function clearUserFiles(db: Db, userId: number): Promise<void> {
  await deleteAllUserFiles(db, userId);
}

export async function getVisiblePaper(db: Db, userId: number, ref: TPaperRef): Promise<TPaper> {
  await requireAccess(db, { userId }, 'paper.read', [ref]);
  const row = await findVisiblePaper(db, userId, ref);
  if (!row) throw notFound(describePaper(ref));
  const alsoOn = await findUploadLink(db, ref);
  return alsoOn ? { ...presentPaper(row), also_on: alsoOn } : presentPaper(row);
}

/** requirements §4 Selection: the new state goes to every folder row of the paper, so all views agree. */
export async function updateFileSelection(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  update: TFileSelectionUpdate,
): Promise<TFileSelectionUpdate> {
  await requireAccess(db, { userId }, 'file.select', [update]);
  return db.transaction(async (tx) => {
    if ((await updateUserFileSelection(tx, userId, update, update.selected)) === 0) throw notInFiles(update);
    // docs/ai.md#full-text-and-passages: a selected paper feeds chat, so its full text is asked for.
    if (update.selected) await requestFullText(tx, config, [update]);
    return update;
  });
}
