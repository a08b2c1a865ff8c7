import { paperRefKey, type TPaperRef } from '@paperbench/contract';
import type { Db } from '../db/client';
import { AppError, notFound } from '../lib/app-error';
import { describePaper, UPLOAD_PLATFORM } from '../modules/papers/paper-visibility.repo';
import {
  groupByRef,
  selectChatSessionsForAccess,
  selectFolderCommentsForAccess,
  selectFoldersForAccess,
  selectHoldersForAccess,
  selectIdeasForAccess,
  selectPaperCommentsForAccess,
  selectPapersForAccess,
  selectSharesForAccess,
} from './access.repo';
import { selectAnnotationRepliesForAccess, selectAnnotationsForAccess } from './annotation-access.repo';
import type { Actor, Decision } from './decision';
import { type IdOf, type KindName, PERMISSIONS, type Permission, type ResourceKinds, type Rule } from './permissions';

interface Kind<K extends KindName> {
  key(id: ResourceKinds[K]['id']): string;
  /** Names the row in the 404 (and 403) message, as the routes always have. */
  describe(id: ResourceKinds[K]['id']): string;
  /** What the rules need for every id, keyed by `key`; an id missing from the map does not exist. */
  load(
    db: Db,
    actor: Actor,
    ids: readonly ResourceKinds[K]['id'][],
  ): Promise<Map<string, ResourceKinds[K]['resource']>>;
}

const KINDS: { [K in KindName]: Kind<K> } = {
  folder: {
    key: String,
    describe: (id) => `Folder ${id}`,
    load: async (db, actor, ids) =>
      new Map((await selectFoldersForAccess(db, actor, ids)).map((folder) => [String(folder.id), folder])),
  },
  paper: {
    key: (ref) => paperRefKey({ platform: ref.platform, paper_id: ref.paper_id }),
    describe: describePaper,
    load: async (db, actor, refs) =>
      new Map(
        (await selectPapersForAccess(db, actor, refs)).map((row) => [
          paperRefKey({ platform: row.platform, paper_id: row.paperId }),
          row,
        ]),
      ),
  },
  upload: {
    key: (paperId) => paperId,
    describe: (paperId) => `Uploaded paper ${paperId}`,
    load: async (db, actor, paperIds) => {
      const refs: TPaperRef[] = paperIds.map((paper_id) => ({ platform: UPLOAD_PLATFORM, paper_id }));
      return new Map((await selectPapersForAccess(db, actor, refs)).map((row) => [row.paperId, row]));
    },
  },
  share: {
    key: (shareId) => shareId,
    describe: (shareId) => `Shared list ${shareId}`,
    load: async (db, _actor, shareIds) =>
      new Map((await selectSharesForAccess(db, shareIds)).map((share) => [share.shareId, share])),
  },
  file: {
    key: (ref) => paperRefKey({ platform: ref.platform, paper_id: ref.paper_id }),
    describe: (ref) => `${describePaper(ref)} in your files`,
    load: async (db, actor, refs) => groupByRef(await selectHoldersForAccess(db, actor, refs)),
  },
  chatSession: {
    key: String,
    describe: (id) => `Chat session ${id}`,
    load: async (db, _actor, ids) =>
      new Map((await selectChatSessionsForAccess(db, ids)).map((session) => [String(session.id), session])),
  },
  idea: {
    key: String,
    describe: (id) => `Idea ${id}`,
    load: async (db, _actor, ids) =>
      new Map((await selectIdeasForAccess(db, ids)).map((idea) => [String(idea.id), idea])),
  },
  paperComment: {
    key: String,
    describe: (id) => `Comment ${id}`,
    load: async (db, actor, ids) =>
      new Map((await selectPaperCommentsForAccess(db, actor, ids)).map((comment) => [String(comment.id), comment])),
  },
  folderComment: {
    key: String,
    describe: (id) => `Comment ${id}`,
    load: async (db, actor, ids) =>
      new Map((await selectFolderCommentsForAccess(db, actor, ids)).map((comment) => [String(comment.id), comment])),
  },
  annotation: {
    key: String,
    describe: (id) => `Annotation ${id}`,
    load: async (db, actor, ids) =>
      new Map((await selectAnnotationsForAccess(db, actor, ids)).map((mark) => [String(mark.id), mark])),
  },
  annotationReply: {
    key: String,
    describe: (id) => `Reply ${id}`,
    load: async (db, actor, ids) =>
      new Map((await selectAnnotationRepliesForAccess(db, actor, ids)).map((reply) => [String(reply.id), reply])),
  },
};

/** Each id's decision, in order; one query per kind whatever the number of ids. */
async function decideEach<P extends Permission>(db: Db, actor: Actor, permission: P, ids: readonly IdOf<P>[]) {
  if (ids.length === 0) return [];
  // The table pairs each permission with its kind; TypeScript cannot follow that through a generic.
  const rule = PERMISSIONS[permission] as Rule<KindName>;
  const kind = KINDS[rule.kind] as Kind<KindName>;
  const resources = await kind.load(db, actor, ids);
  return ids.map((id): Decision => {
    const resource = resources.get(kind.key(id));
    return resource === undefined ? 'hidden' : rule.decide(actor, resource);
  });
}

/**
 * conventions (Immich requireAccess): the gate at the top of every service method that touches a
 * user-owned or private row, before any side effect, over every id the action spans. All must pass,
 * or nothing happens: the first refused id (in request order) is named. A row the actor may not see
 * is 404, exactly as one that does not exist; a row they see but may not change this way is 403.
 * The repos' scoped queries stay behind it as a second wall (docs/security.md#policies).
 */
export async function requireAccess<P extends Permission>(
  db: Db,
  actor: Actor,
  permission: P,
  ids: readonly IdOf<P>[],
): Promise<void> {
  const decisions = await decideEach(db, actor, permission, ids);
  const refused = decisions.findIndex((decision) => decision !== 'allowed');
  if (refused === -1) return;
  const { kind, action } = PERMISSIONS[permission];
  const description = (KINDS[kind] as Kind<KindName>).describe(ids[refused] as IdOf<P>);
  if (decisions[refused] === 'hidden') throw notFound(description);
  throw new AppError('FORBIDDEN', `${description}: your role does not allow you to ${action}`);
}

/** The ids the actor may use for this permission, in order: for filtering a list rather than refusing it. */
export async function checkAccess<P extends Permission>(
  db: Db,
  actor: Actor,
  permission: P,
  ids: readonly IdOf<P>[],
): Promise<IdOf<P>[]> {
  const decisions = await decideEach(db, actor, permission, ids);
  return ids.filter((_, index) => decisions[index] === 'allowed');
}
