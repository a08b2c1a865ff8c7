import { describe, expect, it } from 'vitest';
import {
  canComment,
  canDelete,
  canRename,
  canShare,
  computeAbilities,
  type FolderMembership,
  resolveRole,
} from './folder.policy';

const owner = { userId: 1 };
const stranger = { userId: 2 };
const folder = { ownerId: 1 };
const as = (role: FolderMembership['role']): FolderMembership => ({ role });

describe('folder policy', () => {
  it.each([
    ['the owner', owner, undefined, { rename: true, share: true, delete: true, comment: true }],
    ['an editor', stranger, as('editor'), { rename: true, share: false, delete: false, comment: true }],
    ['a commenter', stranger, as('commenter'), { rename: false, share: false, delete: false, comment: true }],
    ['a viewer', stranger, as('viewer'), { rename: false, share: false, delete: false, comment: false }],
    ['a stranger', stranger, undefined, { rename: false, share: false, delete: false, comment: false }],
  ])('gives %s the right abilities', (_who, actor, membership, abilities) => {
    expect(computeAbilities(actor, folder, membership)).toEqual(abilities);
    expect(canRename(actor, folder, membership)).toBe(abilities.rename);
    expect(canShare(actor, folder, membership)).toBe(abilities.share);
    expect(canDelete(actor, folder, membership)).toBe(abilities.delete);
    expect(canComment(actor, folder, membership)).toBe(abilities.comment);
  });

  it('treats the owner as owner even when a membership row also exists', () => {
    expect(resolveRole(owner, folder, as('viewer'))).toBe('owner');
    expect(resolveRole(stranger, folder)).toBeNull();
  });
});
