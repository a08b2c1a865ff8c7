import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import {
  requireChatSessionRoom,
  requireCommentRoom,
  requireFolderRoom,
  requireMemberRoom,
  requireShareListRoom,
  requireUploadRoom,
  uploadRoom,
} from './user-quotas';
import * as repo from './user-quotas.repo';

/**
 * docs/testing.md#service-tests: the quota rules with the repository stubbed, no database. That the
 * counts are right and the lock holds under concurrent requests is user-quotas.test.ts's part.
 */
vi.mock('./user-quotas.repo', () => ({
  lockUserQuota: vi.fn(),
  countOwnedFolders: vi.fn(),
  countCreatedShareLists: vi.fn(),
  countChatSessions: vi.fn(),
  countCommentsSince: vi.fn(),
  sumUploadedBytes: vi.fn(),
  countFolderMembers: vi.fn(),
}));

const tx = {} as Db;
const USER = 7;

beforeEach(() => vi.resetAllMocks());

describe.each([
  {
    rule: requireFolderRoom,
    count: repo.countOwnedFolders,
    kind: 'folders',
    message: 'You have 3 folders, the most allowed: delete one before creating another',
  },
  {
    rule: requireShareListRoom,
    count: repo.countCreatedShareLists,
    kind: 'share links',
    message: 'You have 3 share links, the most allowed: revoke one before creating another',
  },
  {
    rule: requireChatSessionRoom,
    count: repo.countChatSessions,
    kind: 'chat sessions',
    message: 'You have 3 chat sessions, the most allowed: delete one before starting another',
  },
])('count quota of $kind', ({ rule, count, kind, message }) => {
  it('lets the last place be taken, counting under the user’s quota lock', async () => {
    vi.mocked(count).mockResolvedValue(2);
    await expect(rule(tx, USER, 3)).resolves.toBeUndefined();
    expect(repo.lockUserQuota).toHaveBeenCalledWith(tx, USER, kind);
    expect(vi.mocked(repo.lockUserQuota).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(count).mock.invocationCallOrder[0] as number,
    );
  });

  it('refuses at the quota with 409 CONFLICT naming the quota', async () => {
    vi.mocked(count).mockResolvedValue(3);
    await expect(rule(tx, USER, 3)).rejects.toMatchObject({
      code: 'CONFLICT',
      statusCode: 409,
      message,
      details: { quota: 3 },
    });
  });
});

describe('folder member quota', () => {
  it('lets the last member in and refuses the next with 409', async () => {
    vi.mocked(repo.countFolderMembers).mockResolvedValueOnce(4).mockResolvedValueOnce(5);
    await expect(requireMemberRoom(tx, 12, 5)).resolves.toBeUndefined();
    await expect(requireMemberRoom(tx, 12, 5)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Folder 12 has 5 members, the most allowed: remove one before adding another',
      details: { quota: 5 },
    });
    expect(repo.countFolderMembers).toHaveBeenCalledWith(tx, 12);
  });
});

describe('daily comment quota', () => {
  const now = new Date('2026-03-02T10:00:00Z');

  it('counts the comments of the last 24 hours, under the lock', async () => {
    vi.mocked(repo.countCommentsSince).mockResolvedValue(9);
    await expect(requireCommentRoom(tx, USER, 10, now)).resolves.toBeUndefined();
    expect(repo.lockUserQuota).toHaveBeenCalledWith(tx, USER, 'comments');
    expect(repo.countCommentsSince).toHaveBeenCalledWith(tx, USER, new Date('2026-03-01T10:00:00Z'));
  });

  it('refuses at the quota with 429: waiting is the way out, not deleting', async () => {
    vi.mocked(repo.countCommentsSince).mockResolvedValue(10);
    await expect(requireCommentRoom(tx, USER, 10, now)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      statusCode: 429,
      message: 'You have written 10 comments in the last 24 hours, the most allowed: please try again later',
      details: { quota: 10 },
    });
  });
});

describe('upload byte quota', () => {
  it('gives the room left, never below zero', async () => {
    vi.mocked(repo.sumUploadedBytes).mockResolvedValueOnce(4_000).mockResolvedValueOnce(12_000);
    expect(await uploadRoom(tx, USER, 10_000)).toBe(6_000);
    expect(await uploadRoom(tx, USER, 10_000)).toBe(0);
  });

  it('takes an upload that fills the quota exactly, under the lock', async () => {
    vi.mocked(repo.sumUploadedBytes).mockResolvedValue(4_000);
    await expect(requireUploadRoom(tx, USER, 6_000, 10_000)).resolves.toBeUndefined();
    expect(repo.lockUserQuota).toHaveBeenCalledWith(tx, USER, 'upload bytes');
  });

  it('refuses one byte more with 413, naming the quota in bytes and in words', async () => {
    vi.mocked(repo.sumUploadedBytes).mockResolvedValue(4_000);
    await expect(requireUploadRoom(tx, USER, 6_001, 10_000)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      statusCode: 413,
      message: 'This upload would take your files past your quota of 10000 bytes: delete an upload to make room',
      details: { quota_bytes: 10_000 },
    });
    vi.mocked(repo.sumUploadedBytes).mockResolvedValue(0);
    await expect(requireUploadRoom(tx, USER, 3 * 1024 * 1024, 2.5 * 1024 * 1024)).rejects.toMatchObject({
      message: 'This upload would take your files past your quota of 2.5 MB: delete an upload to make room',
    });
  });
});
