import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { checkAccess, requireAccess } from './access';
import { selectFoldersForAccess } from './access.repo';

// The engine alone: the loader answers from a table, so roles that no route grants yet can be tested.
vi.mock('./access.repo', () => ({
  selectFoldersForAccess: vi.fn(),
  selectHoldersForAccess: vi.fn(),
  selectPapersForAccess: vi.fn(),
  selectSharesForAccess: vi.fn(),
}));
const loadFolders = vi.mocked(selectFoldersForAccess);

const db = {} as Db;
const owner = { userId: 1 };
const viewer = { userId: 2 };
const folders = [
  { id: 10, ownerId: 1, isShared: true, isPublic: false },
  { id: 11, ownerId: 1, isShared: true, isPublic: false },
];
/** User 2 is a viewer of folder 11 (the membership lookup shared folders will add). */
const membershipOf = (userId: number | null, folderId: number) =>
  userId === 2 && folderId === 11 ? { role: 'viewer' as const } : undefined;

describe('requireAccess and checkAccess', () => {
  beforeEach(() => {
    loadFolders.mockReset();
    loadFolders.mockImplementation(async (_db, actor, ids) =>
      folders
        .filter((folder) => ids.includes(folder.id))
        .map((folder) => ({ ...folder, membership: membershipOf(actor.userId, folder.id) })),
    );
  });

  it('lets the whole set through when every id is allowed, in one load', async () => {
    await expect(requireAccess(db, owner, 'folder.delete', [10, 11])).resolves.toBeUndefined();
    expect(loadFolders).toHaveBeenCalledTimes(1);
    expect(loadFolders).toHaveBeenCalledWith(db, owner, [10, 11]);
  });

  it('answers a row the actor cannot see with 404, as one that does not exist', async () => {
    const error = await requireAccess(db, viewer, 'folder.read', [11, 10]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', statusCode: 404, message: 'Folder 10 not found' });
    const missing = await requireAccess(db, owner, 'folder.read', [10, 99]).catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: 'Folder 99 not found' });
  });

  it('answers a row the actor sees but may not change with 403 and says why', async () => {
    const error = await requireAccess(db, viewer, 'folder.rename', [11]).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'FORBIDDEN',
      statusCode: 403,
      message: 'Folder 11: your role does not allow you to rename it',
    });
  });

  it('names the first refused id in request order', async () => {
    const error = await requireAccess(db, viewer, 'folder.rename', [99, 11]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Folder 99 not found' });
  });

  it('asks nothing of the database for an empty set', async () => {
    await requireAccess(db, owner, 'folder.read', []);
    expect(await checkAccess(db, owner, 'folder.read', [])).toEqual([]);
    expect(loadFolders).not.toHaveBeenCalled();
  });

  it('filters a list to the ids the actor may use, keeping their order', async () => {
    expect(await checkAccess(db, viewer, 'folder.read', [11, 10, 11])).toEqual([11, 11]);
    expect(await checkAccess(db, viewer, 'folder.removeFile', [11, 10])).toEqual([]);
    expect(await checkAccess(db, owner, 'folder.removeFile', [11, 10])).toEqual([11, 10]);
  });
});
