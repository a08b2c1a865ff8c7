import { describe, expect, it } from 'vitest';
import { decideFolderCommentDelete, decidePaperCommentDelete, isCommentAuthor } from './comment.policy';
import type { Actor } from './decision';
import type { FolderMembership, LoadedFolder } from './folder.policy';
import type { PaperResource } from './paper.policy';

/** docs/collaboration.md: who deletes a comment, as a table. User 1 owns the folder; user 5 wrote the comment. */
describe('comment policy', () => {
  const Y = 'allowed';
  const N = 'forbidden';
  const H = 'hidden';
  const owner: Actor = { userId: 1 };
  const author: Actor = { userId: 5 };
  const other: Actor = { userId: 6 };
  const anonymous: Actor = { userId: null };
  const folder = (isPublic: boolean, membership?: FolderMembership['role']): LoadedFolder => ({
    id: 9,
    ownerId: 1,
    isShared: true,
    isPublic,
    membership: membership ? { role: membership } : undefined,
  });

  it.each([
    // [who, their role, public?, decision]
    ['the author (a commenter)', author, 'commenter', false, Y],
    ['the author after losing every role, on a private folder', author, undefined, false, H],
    ['the author with no role, on a public folder', author, undefined, true, Y],
    ['the owner (moderation)', owner, undefined, false, Y],
    ['an editor', other, 'editor', false, N],
    ['a commenter', other, 'commenter', false, N],
    ['a viewer', other, 'viewer', false, N],
    ['a stranger, private folder', other, undefined, false, H],
    ['a stranger, public folder', other, undefined, true, N],
    ['an anonymous visitor, private folder', anonymous, undefined, false, H],
    ['an anonymous visitor, public folder', anonymous, undefined, true, N],
  ] as const)('a folder comment deleted by %s → %s', (_who, actor, role, isPublic, decision) => {
    expect(decideFolderCommentDelete(actor, { authorId: 5, folder: folder(isPublic, role) })).toBe(decision);
  });

  const readable: PaperResource = { isUpload: false, uploaderId: null, grantingFolders: [] };
  const privateUpload: PaperResource = { isUpload: true, uploaderId: 1, grantingFolders: [] };
  it.each([
    ['the author', author, readable, Y],
    ['the paper’s uploader (no moderation on papers)', owner, privateUpload, N],
    ['another reader', other, readable, N],
    ['an anonymous reader', anonymous, readable, N],
    ['someone who cannot read the upload', other, privateUpload, H],
    ['the author, once the upload is out of their reach', author, privateUpload, H],
  ] as const)('a paper comment deleted by %s → %s', (_who, actor, paper, decision) => {
    expect(decidePaperCommentDelete(actor, { authorId: 5, paper })).toBe(decision);
  });

  it('never takes an anonymous visitor for an author', () => {
    expect(isCommentAuthor(anonymous, { authorId: 5 })).toBe(false);
    expect(isCommentAuthor(author, { authorId: 5 })).toBe(true);
  });
});
