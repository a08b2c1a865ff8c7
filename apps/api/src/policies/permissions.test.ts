import { describe, expect, it } from 'vitest';
import type { Actor, Decision } from './decision';
import type { PaperResource } from './paper.policy';
import { PERMISSIONS } from './permissions';

const uploader: Actor = { userId: 1 };
const holder: Actor = { userId: 2 };
const stranger: Actor = { userId: 3 };
const anonymous: Actor = { userId: null };

/**
 * The facts the loader would give for `actor` about a paper uploaded by user 1 into a private shared
 * folder of theirs where user 2 ("holder") is a viewer.
 */
const upload = (actor: Actor): PaperResource => ({
  isUpload: true,
  uploaderId: 1,
  grantingFolders: [
    {
      id: 7,
      ownerId: 1,
      isShared: true,
      isPublic: false,
      membership: actor === holder ? { role: 'viewer' } : undefined,
    },
  ],
});
const published = (): PaperResource => ({ isUpload: false, uploaderId: null, grantingFolders: [] });
const share = { createdBy: 1 };

/** architecture: authorization as a table of actor × permission → decision, with plain objects and no database. */
describe('paper, upload, share and session permissions', () => {
  const actors = { uploader, holder, stranger, anonymous };
  type Who = keyof typeof actors;
  const Y = 'allowed';
  const H = 'hidden';
  // For the share rows, "uploader" is the link's creator.
  const rows: [string, (actor: Actor) => Decision, Record<Who, Decision>][] = [
    [
      'paper.read of a published paper',
      (actor) => PERMISSIONS['paper.read'].decide(actor, published()),
      { uploader: Y, holder: Y, stranger: Y, anonymous: Y },
    ],
    [
      'paper.read of an upload',
      (actor) => PERMISSIONS['paper.read'].decide(actor, upload(actor)),
      { uploader: Y, holder: Y, stranger: H, anonymous: H },
    ],
    [
      'upload.read',
      (actor) => PERMISSIONS['upload.read'].decide(actor, upload(actor)),
      { uploader: Y, holder: Y, stranger: H, anonymous: H },
    ],
    [
      'upload.delete',
      (actor) => PERMISSIONS['upload.delete'].decide(actor, upload(actor)),
      { uploader: Y, holder: H, stranger: H, anonymous: H },
    ],
    [
      'upload.attachPdf',
      (actor) => PERMISSIONS['upload.attachPdf'].decide(actor, upload(actor)),
      { uploader: Y, holder: H, stranger: H, anonymous: H },
    ],
    [
      'share.import',
      (actor) => PERMISSIONS['share.import'].decide(actor, share),
      { uploader: Y, holder: Y, stranger: Y, anonymous: Y },
    ],
    [
      'share.revoke',
      (actor) => PERMISSIONS['share.revoke'].decide(actor, share),
      { uploader: Y, holder: H, stranger: H, anonymous: H },
    ],
    [
      // For this row, "uploader" is the session's user.
      'chatSession.use',
      (actor) => PERMISSIONS['chatSession.use'].decide(actor, { userId: 1 }),
      { uploader: Y, holder: H, stranger: H, anonymous: H },
    ],
    [
      // For this row, "uploader" is the idea's author.
      'idea.use',
      (actor) => PERMISSIONS['idea.use'].decide(actor, { userId: 1 }),
      { uploader: Y, holder: H, stranger: H, anonymous: H },
    ],
  ];
  const cases = rows.flatMap(([label, decide, expected]) =>
    (Object.keys(actors) as Who[]).map((who) => [label, who, expected[who], decide] as const),
  );

  it.each(cases)('%s by the %s → %s', (_label, who, expected, decide) => {
    expect(decide(actors[who])).toBe(expected);
  });

  it('refuses revoking a link whose creator is gone to everyone', () => {
    expect(PERMISSIONS['share.revoke'].decide(anonymous, { createdBy: null })).toBe('hidden');
    expect(PERMISSIONS['share.revoke'].decide(stranger, { createdBy: null })).toBe('hidden');
  });
});

describe('folder and File List permissions', () => {
  const owner = { id: 10, ownerId: 1, isShared: false, isPublic: false };
  const viewed = { id: 11, ownerId: 1, isShared: true, isPublic: false, membership: { role: 'viewer' as const } };

  it.each([
    ['folder.read', uploader, 'allowed'],
    ['folder.rename', uploader, 'allowed'],
    ['folder.share', uploader, 'allowed'],
    ['folder.delete', stranger, 'hidden'],
    ['folder.addFile', anonymous, 'hidden'],
  ] as const)('%s by user %o → %s', (permission, actor, expected) => {
    expect(PERMISSIONS[permission].decide(actor, owner)).toBe(expected);
  });

  it('passes the loaded membership to the folder rule', () => {
    expect(PERMISSIONS['folder.read'].decide(stranger, viewed)).toBe('allowed');
    expect(PERMISSIONS['folder.removeFile'].decide(stranger, viewed)).toBe('forbidden');
  });

  it('decides File List actions from the folders that hold the paper', () => {
    expect(PERMISSIONS['file.select'].decide(uploader, [owner])).toBe('allowed');
    expect(PERMISSIONS['file.remove'].decide(stranger, [viewed])).toBe('forbidden');
    expect(PERMISSIONS['file.remove'].decide(stranger, [])).toBe('hidden');
  });
});
