import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { selectFolderMemberships, selectFoldersForAccess } from '../../policies/access.repo';
import { countFolderMembers } from '../quotas/user-quotas.repo';
import * as repo from './forum.repo';
import { changeMember, type MemberChange } from './forum.service';

/**
 * docs/testing.md#service-tests: the member changes of a shared folder with the repositories stubbed, no
 * database; the access rules, the quota rule and the presenter are the real ones. forum.test.ts keeps the
 * requests through HTTP (email case, the rows left unchanged) and forum.repo's SQL.
 */
vi.mock('./forum.repo', () => ({
  countFiles: vi.fn(),
  deleteMember: vi.fn(),
  insertMember: vi.fn(),
  selectMembers: vi.fn(),
  selectOwnedForUpdate: vi.fn(),
  selectReadableForum: vi.fn(),
  updateMemberRole: vi.fn(),
}));
vi.mock('../../policies/access.repo', () => ({
  selectFolderMemberships: vi.fn(),
  selectFoldersForAccess: vi.fn(),
}));
vi.mock('../quotas/user-quotas.repo', () => ({ countFolderMembers: vi.fn() }));

const OWNER = 1;
const FOLDER = 10;
const QUOTA = 3;
const forum = {
  id: FOLDER,
  ownerId: OWNER,
  name: 'Reading group',
  isShared: true,
  isPublic: false,
  createdAt: new Date('2026-01-02T03:04:05Z'),
  ownerName: 'Ada',
  ownerEmail: 'ada@example.org',
};
/** The transaction runs its callback on the same stub: the repositories are the ones stubbed. */
const db = { transaction: (work: (tx: Db) => Promise<unknown>) => work(db) } as unknown as Db;

const change = (kind: 'add' | 'update' | 'remove', email = 'bob@example.org'): MemberChange =>
  kind === 'remove' ? { kind, email } : { kind, email, role: 'viewer' };

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(selectFoldersForAccess).mockResolvedValue([{ ...forum, membership: undefined }] as never);
  vi.mocked(selectFolderMemberships).mockResolvedValue(new Map());
  vi.mocked(repo.selectOwnedForUpdate).mockResolvedValue(forum as never);
  vi.mocked(repo.selectReadableForum).mockResolvedValue(forum);
  vi.mocked(repo.countFiles).mockResolvedValue(new Map([[FOLDER, 2]]));
  vi.mocked(repo.selectMembers).mockResolvedValue([
    { folderId: FOLDER, email: 'bob@example.org', role: 'viewer', name: null },
  ]);
  vi.mocked(countFolderMembers).mockResolvedValue(1);
  vi.mocked(repo.insertMember).mockResolvedValue(true);
  vi.mocked(repo.updateMemberRole).mockResolvedValue(true);
  vi.mocked(repo.deleteMember).mockResolvedValue(true);
});

describe('changeMember', () => {
  it('adds a member under the quota and answers the folder as its owner sees it', async () => {
    const folder = await changeMember(db, OWNER, FOLDER, change('add'), QUOTA);
    expect(repo.insertMember).toHaveBeenCalledWith(db, {
      folderId: FOLDER,
      email: 'bob@example.org',
      role: 'viewer',
      addedBy: OWNER,
    });
    expect(folder).toMatchObject({
      folder_id: FOLDER,
      file_count: 2,
      users: [
        { email: 'ada@example.org', role: 'owner', name: 'Ada' },
        { email: 'bob@example.org', role: 'viewer', name: null },
      ],
    });
  });

  it('refuses the owner’s own email with 400 before anything is counted or written', async () => {
    for (const kind of ['add', 'update', 'remove'] as const) {
      await expect(changeMember(db, OWNER, FOLDER, change(kind, 'ada@example.org'), QUOTA)).rejects.toMatchObject({
        code: 'INVALID_REQUEST',
        message: "ada@example.org is the folder's owner: the owner's role cannot be changed",
      });
    }
    expect(countFolderMembers).not.toHaveBeenCalled();
    expect(repo.insertMember).not.toHaveBeenCalled();
    expect(repo.updateMemberRole).not.toHaveBeenCalled();
    expect(repo.deleteMember).not.toHaveBeenCalled();
  });

  it('refuses a member past the quota with 409 and inserts nobody', async () => {
    vi.mocked(countFolderMembers).mockResolvedValue(QUOTA);
    await expect(changeMember(db, OWNER, FOLDER, change('add'), QUOTA)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Folder ${FOLDER} has ${QUOTA} members, the most allowed: remove one before adding another`,
    });
    expect(repo.insertMember).not.toHaveBeenCalled();
  });

  it('answers 409 for an email that already has a role, 404 for a change or removal of one without', async () => {
    vi.mocked(repo.insertMember).mockResolvedValue(false);
    vi.mocked(repo.updateMemberRole).mockResolvedValue(false);
    vi.mocked(repo.deleteMember).mockResolvedValue(false);
    await expect(changeMember(db, OWNER, FOLDER, change('add'), QUOTA)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `bob@example.org already has a role on folder ${FOLDER}: change it with update_user_role`,
    });
    for (const kind of ['update', 'remove'] as const) {
      await expect(changeMember(db, OWNER, FOLDER, change(kind), QUOTA)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: `bob@example.org has no role on folder ${FOLDER}`,
      });
    }
  });

  it('answers 404 on a folder that is not shared, changing nothing', async () => {
    vi.mocked(repo.selectOwnedForUpdate).mockResolvedValue({ ...forum, isShared: false } as never);
    await expect(changeMember(db, OWNER, FOLDER, change('add'), QUOTA)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: `Shared folder ${FOLDER} not found`,
    });
    expect(repo.insertMember).not.toHaveBeenCalled();
  });

  it('asks the access rules first: a stranger meets 404 and no lock is taken', async () => {
    vi.mocked(selectFoldersForAccess).mockResolvedValue([]);
    await expect(changeMember(db, 2, FOLDER, change('add'), QUOTA)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(repo.selectOwnedForUpdate).not.toHaveBeenCalled();
  });
});
