import { describe, expect, it } from 'vitest';
import type { Actor } from './decision';
import type { FolderMembership, LoadedFolder } from './folder.policy';
import { decidePaperRead } from './paper.policy';

const uploader: Actor = { userId: 1 };
const folderOwner: Actor = { userId: 2 };
const member: Actor = { userId: 3 };
const stranger: Actor = { userId: 4 };
const anonymous: Actor = { userId: null };

/** A folder of user 2 that the uploader (user 1, an editor there) put the upload in, as loaded for `actor`. */
function grantingFolder(
  actor: Actor,
  { isShared, isPublic, role }: { isShared: boolean; isPublic: boolean; role?: FolderMembership['role'] },
): LoadedFolder {
  return { id: 9, ownerId: 2, isShared, isPublic, membership: actor === member && role ? { role } : undefined };
}

const uploadIn = (folders: LoadedFolder[]) => ({ isUpload: true, uploaderId: 1, grantingFolders: folders });

/** docs/collaboration.md#uploads: the only grants are the uploader and the shared folders they put the upload in. */
describe('decidePaperRead of an upload', () => {
  it.each([
    ['a member of a private shared folder', member, { isShared: true, isPublic: false, role: 'viewer' }, 'allowed'],
    ['the owner of that shared folder', folderOwner, { isShared: true, isPublic: false }, 'allowed'],
    ['a stranger to a private shared folder', stranger, { isShared: true, isPublic: false }, 'hidden'],
    ['a stranger to a public shared folder', stranger, { isShared: true, isPublic: true }, 'allowed'],
    ['an anonymous visitor of a public shared folder', anonymous, { isShared: true, isPublic: true }, 'allowed'],
    ['an anonymous visitor of a private shared folder', anonymous, { isShared: true, isPublic: false }, 'hidden'],
    // Unsharing keeps the folder (and its rows) with its owner but ends every grant it gave.
    ['the owner once the folder is unshared', folderOwner, { isShared: false, isPublic: false }, 'hidden'],
    [
      'a former member once the folder is unshared',
      member,
      { isShared: false, isPublic: false, role: 'editor' },
      'hidden',
    ],
  ] as const)('%s → %s', (_who, actor, folder, decision) => {
    expect(decidePaperRead(actor, uploadIn([grantingFolder(actor, folder)]))).toBe(decision);
  });

  it('lets the uploader read it with no folder at all', () => {
    expect(decidePaperRead(uploader, uploadIn([]))).toBe('allowed');
  });

  it('hides an upload with no granting folder from everyone else, whatever they hold it in', () => {
    for (const actor of [folderOwner, member, stranger, anonymous]) {
      expect(decidePaperRead(actor, uploadIn([]))).toBe('hidden');
    }
  });

  it('allows when any one of several granting folders allows', () => {
    const folders = [
      grantingFolder(member, { isShared: false, isPublic: false }),
      grantingFolder(member, { isShared: true, isPublic: false, role: 'commenter' }),
    ];
    expect(decidePaperRead(member, uploadIn(folders))).toBe('allowed');
  });

  it('reads every published paper for anyone', () => {
    expect(decidePaperRead(anonymous, { isUpload: false, uploaderId: null, grantingFolders: [] })).toBe('allowed');
  });
});
