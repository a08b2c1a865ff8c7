import { describe, expect, it } from 'vitest';
import {
  canComment,
  canDelete,
  canRename,
  canShare,
  computeAbilities,
  computeForumAbilities,
  decideFolder,
  decideHeldFile,
  type FolderAction,
  type FolderMembership,
  type FolderRole,
  memberRolesFor,
  resolveRole,
} from './folder.policy';

const owner = { userId: 1 };
const stranger = { userId: 2 };
const folder = { ownerId: 1, isShared: true, isPublic: false };
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

  it('treats an anonymous visitor as a stranger', () => {
    expect(resolveRole({ userId: null }, folder)).toBeNull();
    expect(decideFolder({ userId: null }, folder, 'read')).toBe('hidden');
  });
});

/** architecture: authorization as a table of role × action; '—' is a stranger (no role). */
describe('folder policy decisions', () => {
  const Y = 'allowed';
  const N = 'forbidden';
  const H = 'hidden';
  const actions: FolderAction[] = [
    'read',
    'rename',
    'share',
    'delete',
    'comment',
    'addFile',
    'removeFile',
    'selectFile',
  ];
  const table: [FolderRole | '—', ...string[]][] = [
    // One column per action, in the order of `actions`.
    ['owner', Y, Y, Y, Y, Y, Y, Y, Y],
    ['editor', Y, Y, N, N, Y, Y, Y, Y],
    ['commenter', Y, N, N, N, Y, N, N, N],
    ['viewer', Y, N, N, N, N, N, N, N],
    ['—', H, H, H, H, H, H, H, H],
  ];
  const cases = table.flatMap(([role, ...decisions]) =>
    actions.map((action, index) => [role, action, decisions[index]] as const),
  );

  it.each(cases)('%s × %s → %s', (role, action, decision) => {
    const actor = role === 'owner' ? owner : stranger;
    const membership = role === 'owner' || role === '—' ? undefined : as(role);
    expect(decideFolder(actor, folder, action, membership)).toBe(decision);
  });

  it('presents exactly the decisions it enforces', () => {
    for (const [role] of table) {
      const actor = role === 'owner' ? owner : stranger;
      const membership = role === 'owner' || role === '—' ? undefined : as(role);
      const abilities = computeAbilities(actor, folder, membership);
      for (const ability of ['rename', 'share', 'delete', 'comment'] as const) {
        expect(abilities[ability]).toBe(decideFolder(actor, folder, ability, membership) === 'allowed');
      }
    }
  });
});

describe('a paper in the File List', () => {
  const mine = { id: 1, ownerId: 1, isShared: false, isPublic: false };
  const viewed = { id: 2, ownerId: 3, isShared: true, isPublic: false, membership: as('viewer') };
  const edited = { id: 3, ownerId: 3, isShared: true, isPublic: false, membership: as('editor') };

  it.each([
    ['held in none of my folders', [], 'hidden'],
    ['held in my own folder', [mine], 'allowed'],
    ['held only where I view', [viewed], 'forbidden'],
    ['held where I view and where I edit', [viewed, edited], 'allowed'],
  ] as const)('is %s → %s', (_label, holders, decision) => {
    expect(decideHeldFile(owner, holders, 'removeFile')).toBe(decision);
  });
});

/**
 * docs/collaboration.md: the whole role table, for each way a folder can be shared. Members' roles
 * count only while the folder is shared; a stranger (signed in or not) may read a public shared folder
 * and nothing else (403), and sees no other folder of anyone's (404).
 */
describe('the role table × folder modes', () => {
  const Y = 'allowed';
  const N = 'forbidden';
  const H = 'hidden';
  const actions: FolderAction[] = [
    'read',
    'rename',
    'share',
    'delete',
    'comment',
    'addFile',
    'removeFile',
    'selectFile',
    'manage',
    'moderate',
  ];
  type Who = 'owner' | 'editor' | 'commenter' | 'viewer' | 'stranger' | 'anonymous';
  const actorOf = (who: Who) => (who === 'owner' ? owner : who === 'anonymous' ? { userId: null } : stranger);
  const membershipOf = (who: Who) =>
    who === 'editor' || who === 'commenter' || who === 'viewer' ? as(who) : undefined;
  const modes = {
    'not shared': { ownerId: 1, isShared: false, isPublic: false },
    // is_public is meaningless until shared: a folder left public must not open to strangers.
    'not shared (public flag left on)': { ownerId: 1, isShared: false, isPublic: true },
    'private shared': { ownerId: 1, isShared: true, isPublic: false },
    'public shared': { ownerId: 1, isShared: true, isPublic: true },
  };
  type Mode = keyof typeof modes;
  // One column per action, in the order of `actions`.
  const roleRows: Record<'owner' | 'editor' | 'commenter' | 'viewer', string[]> = {
    owner: [Y, Y, Y, Y, Y, Y, Y, Y, Y, Y],
    editor: [Y, Y, N, N, Y, Y, Y, Y, N, N],
    commenter: [Y, N, N, N, Y, N, N, N, N, N],
    viewer: [Y, N, N, N, N, N, N, N, N, N],
  };
  const allHidden = [H, H, H, H, H, H, H, H, H, H];
  const publicStranger = [Y, N, N, N, N, N, N, N, N, N];
  const table: Record<Mode, Record<Who, string[]>> = {
    'not shared': {
      owner: roleRows.owner,
      editor: allHidden,
      commenter: allHidden,
      viewer: allHidden,
      stranger: allHidden,
      anonymous: allHidden,
    },
    'not shared (public flag left on)': {
      owner: roleRows.owner,
      editor: allHidden,
      commenter: allHidden,
      viewer: allHidden,
      stranger: allHidden,
      anonymous: allHidden,
    },
    'private shared': { ...roleRows, stranger: allHidden, anonymous: allHidden },
    'public shared': { ...roleRows, stranger: publicStranger, anonymous: publicStranger },
  };
  const cases = (Object.keys(table) as Mode[]).flatMap((mode) =>
    (Object.keys(table[mode]) as Who[]).flatMap((who) =>
      actions.map((action, index) => [mode, who, action, table[mode][who][index]] as const),
    ),
  );

  it.each(cases)('%s folder: %s × %s → %s', (mode, who, action, decision) => {
    expect(decideFolder(actorOf(who), modes[mode], action, membershipOf(who))).toBe(decision);
  });

  it.each(
    (Object.keys(table) as Mode[]).flatMap((mode) => (Object.keys(table[mode]) as Who[]).map((who) => [mode, who])),
  )('%s folder: the forum abilities of the %s are the decisions enforced', (mode, who) => {
    const folder = modes[mode as Mode];
    const actor = actorOf(who as Who);
    const membership = membershipOf(who as Who);
    const allowed = (action: FolderAction) => decideFolder(actor, folder, action, membership) === 'allowed';
    expect(computeForumAbilities(actor, folder, membership)).toEqual({
      view: allowed('read'),
      comment: allowed('comment'),
      edit: allowed('addFile') && allowed('removeFile'),
      manage: allowed('manage'),
    });
  });

  it('gives the member roles of each action to the SQL scopes from the same table', () => {
    expect(memberRolesFor('read')).toEqual(['editor', 'commenter', 'viewer']);
    expect(memberRolesFor('comment')).toEqual(['editor', 'commenter']);
    expect(memberRolesFor('addFile')).toEqual(['editor']);
    expect(memberRolesFor('manage')).toEqual([]);
  });
});
