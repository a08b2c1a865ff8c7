import { describe, expect, it } from 'vitest';
import {
  type AnnotationAction,
  annotationAbilities,
  decideAnnotation,
  decideAnnotationReplyDelete,
  isAnnotationAuthor,
} from './annotation.policy';
import type { Actor } from './decision';
import type { FolderMembership, LoadedFolder } from './folder.policy';
import type { PaperResource } from './paper.policy';

/**
 * docs/annotations.md#sharing, as a table. User 1 owns the folder the mark may be shared with; user 5
 * wrote the mark; user 6 is anyone else (with the role the row names).
 */
describe('annotation policy', () => {
  const Y = 'allowed';
  const N = 'forbidden';
  const H = 'hidden';
  const owner: Actor = { userId: 1 };
  const author: Actor = { userId: 5 };
  const other: Actor = { userId: 6 };
  const anonymous: Actor = { userId: null };
  const readable: PaperResource = { isUpload: false, uploaderId: null, grantingFolders: [] };
  const hiddenUpload: PaperResource = { isUpload: true, uploaderId: 7, grantingFolders: [] };
  const folder = (isPublic: boolean, role?: FolderMembership['role'], isShared = true): LoadedFolder => ({
    id: 9,
    ownerId: 1,
    isShared,
    isPublic,
    membership: role ? { role } : undefined,
  });
  const actions: AnnotationAction[] = ['read', 'edit', 'delete', 'reply'];

  it.each([
    // [who, actor, the folder it is shared with (null: private), paper, read, edit, delete, reply]
    ['the author, private mark', author, null, readable, Y, Y, Y, N],
    ['the author, shared mark, as a commenter', author, folder(false, 'commenter'), readable, Y, Y, Y, Y],
    ['the author, shared mark, after losing their role', author, folder(false), readable, Y, Y, Y, N],
    ['the author, once the paper is out of their reach', author, null, hiddenUpload, H, H, H, H],
    ['the folder owner, private mark', owner, null, readable, H, H, H, H],
    ['another user, private mark', other, null, readable, H, H, H, H],
    ['an anonymous visitor, private mark', anonymous, null, readable, H, H, H, H],
    ['the folder owner (moderates)', owner, folder(false), readable, Y, N, Y, Y],
    ['an editor', other, folder(false, 'editor'), readable, Y, N, N, Y],
    ['a commenter', other, folder(false, 'commenter'), readable, Y, N, N, Y],
    ['a viewer', other, folder(false, 'viewer'), readable, Y, N, N, N],
    ['a stranger, private folder', other, folder(false), readable, H, H, H, H],
    ['a stranger, public folder', other, folder(true), readable, Y, N, N, N],
    ['an anonymous visitor, public folder', anonymous, folder(true), readable, Y, N, N, N],
    ['a viewer, once the folder is unshared', other, folder(true, 'viewer', false), readable, H, H, H, H],
    ['a viewer, on a paper they cannot read', other, folder(false, 'viewer'), hiddenUpload, H, H, H, H],
  ] as const)('%s', (_who, actor, sharedWith, paper, ...decisions) => {
    const mark = { authorId: 5, paper, folder: sharedWith };
    expect(actions.map((action) => decideAnnotation(actor, mark, action))).toEqual(decisions);
    expect(annotationAbilities(actor, mark)).toEqual({ edit: decisions[1] === Y, delete: decisions[2] === Y });
  });

  it.each([
    ["the reply's author, a commenter", author, folder(false, 'commenter'), Y],
    ["the reply's author after losing their role", author, folder(false), H],
    ['the folder owner (moderates)', owner, folder(false), Y],
    ['another commenter', other, folder(false, 'commenter'), N],
    ['a stranger, public folder', other, folder(true), N],
    ['a stranger, private folder', other, folder(false), H],
  ] as const)('a reply deleted by %s → %s', (_who, actor, sharedWith, decision) => {
    // The mark is user 7's, shared with folder 9; user 5 wrote the reply.
    const mark = { authorId: 7, paper: readable, folder: sharedWith };
    expect(decideAnnotationReplyDelete(actor, { authorId: 5, mark })).toBe(decision);
  });

  it('never takes an anonymous visitor for an author', () => {
    expect(isAnnotationAuthor(anonymous, { authorId: 5 })).toBe(false);
    expect(isAnnotationAuthor(author, { authorId: 5 })).toBe(true);
  });
});
