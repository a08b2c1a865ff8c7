import type { TPaperRef } from '@paperbench/contract';
import {
  type AnnotationReplyResource,
  type AnnotationResource,
  decideAnnotation,
  decideAnnotationReplyDelete,
} from './annotation.policy';
import {
  decideFolderCommentDelete,
  decidePaperCommentDelete,
  type FolderCommentResource,
  type PaperCommentResource,
} from './comment.policy';
import type { Actor, Decision } from './decision';
import { decideFolder, decideHeldFile, type FolderAction, type LoadedFolder } from './folder.policy';
import { decidePaperRead, decideUploadDelete, type PaperResource } from './paper.policy';
import { decideSessionUse, type SessionResource } from './session.policy';
import { decideShareRevoke, decideShareUse, type ShareResource } from './share.policy';

/** For each kind of resource: what a request names it by, and what its rules are given once loaded. */
export interface ResourceKinds {
  folder: { id: number; resource: LoadedFolder };
  paper: { id: TPaperRef; resource: PaperResource };
  /** An uploaded paper, named by its paper id alone (the uploads routes). */
  upload: { id: string; resource: PaperResource };
  share: { id: string; resource: ShareResource };
  /** A paper in the actor's File List: the folders within their reach that hold it. */
  file: { id: TPaperRef; resource: readonly LoadedFolder[] };
  chatSession: { id: number; resource: SessionResource };
  /** A saved idea proposal (the AI Scientist), named by its id. */
  idea: { id: number; resource: SessionResource };
  /** A comment on a paper, named by its id. */
  paperComment: { id: number; resource: PaperCommentResource };
  /** A comment on a shared folder, named by its id. */
  folderComment: { id: number; resource: FolderCommentResource };
  /** A reader's mark on a paper (docs/annotations.md), named by its id. */
  annotation: { id: number; resource: AnnotationResource };
  /** A reply on a shared mark's thread, named by its id. */
  annotationReply: { id: number; resource: AnnotationReplyResource };
}
export type KindName = keyof ResourceKinds;

export interface Rule<K extends KindName> {
  kind: K;
  /** Ends the 403 message "…: your role does not allow you to <action>". */
  action: string;
  decide(actor: Actor, resource: ResourceKinds[K]['resource']): Decision;
}

const rule = <K extends KindName>(definition: Rule<K>) => definition;
const folderRule = (action: FolderAction, phrase: string) =>
  rule({
    kind: 'folder',
    action: phrase,
    decide: (actor, folder) => decideFolder(actor, folder, action, folder.membership),
  });
const fileRule = (action: FolderAction, phrase: string) =>
  rule({ kind: 'file', action: phrase, decide: (actor, holders) => decideHeldFile(actor, holders, action) });

/**
 * Every permission a route asks requireAccess for, named for its action, with the rule that
 * decides it. The rules are the pure functions beside this file; this table only names them.
 */
export const PERMISSIONS = {
  'folder.read': folderRule('read', 'open it'),
  'folder.rename': folderRule('rename', 'rename it'),
  'folder.delete': folderRule('delete', 'delete it'),
  'folder.share': folderRule('share', 'share it'),
  'folder.addFile': folderRule('addFile', 'add papers to it'),
  'folder.removeFile': folderRule('removeFile', 'remove papers from it'),
  'folder.comment': folderRule('comment', 'comment on it'),
  'folder.manage': folderRule('manage', 'change its sharing or members'),
  'folder.moderate': folderRule('moderate', "delete others' comments on it"),
  'paper.read': rule({ kind: 'paper', action: 'read it', decide: decidePaperRead }),
  'upload.read': rule({ kind: 'upload', action: 'read it', decide: decidePaperRead }),
  'upload.delete': rule({ kind: 'upload', action: 'delete it', decide: decideUploadDelete }),
  // docs/import-export.md: attaching a PDF to a metadata-only paper is its owner's, like deleting it.
  'upload.attachPdf': rule({ kind: 'upload', action: 'attach a PDF to it', decide: decideUploadDelete }),
  'share.import': rule({ kind: 'share', action: 'import it', decide: decideShareUse }),
  'share.revoke': rule({ kind: 'share', action: 'revoke it', decide: decideShareRevoke }),
  'file.select': fileRule('selectFile', 'select it'),
  'file.remove': fileRule('removeFile', 'remove it'),
  'chatSession.use': rule({ kind: 'chatSession', action: 'use it', decide: decideSessionUse }),
  'idea.use': rule({ kind: 'idea', action: 'use it', decide: decideSessionUse }),
  'paperComment.delete': rule({ kind: 'paperComment', action: 'delete it', decide: decidePaperCommentDelete }),
  'folderComment.delete': rule({ kind: 'folderComment', action: 'delete it', decide: decideFolderCommentDelete }),
  // docs/annotations.md#sharing: the author edits; the folder's owner may also delete (moderation).
  'annotation.read': rule({
    kind: 'annotation',
    action: 'read it',
    decide: (a, mark) => decideAnnotation(a, mark, 'read'),
  }),
  'annotation.edit': rule({
    kind: 'annotation',
    action: 'edit it',
    decide: (a, mark) => decideAnnotation(a, mark, 'edit'),
  }),
  'annotation.delete': rule({
    kind: 'annotation',
    action: 'delete it',
    decide: (a, mark) => decideAnnotation(a, mark, 'delete'),
  }),
  // docs/annotations.md#threads: replying, resolving and reopening, by the folder's comment role.
  'annotation.reply': rule({
    kind: 'annotation',
    action: 'reply to it',
    decide: (a, mark) => decideAnnotation(a, mark, 'reply'),
  }),
  'annotationReply.delete': rule({ kind: 'annotationReply', action: 'delete it', decide: decideAnnotationReplyDelete }),
};
export type Permission = keyof typeof PERMISSIONS;

/** What a permission's ids are: folder ids, paper refs, share ids… */
export type IdOf<P extends Permission> = ResourceKinds[(typeof PERMISSIONS)[P]['kind']]['id'];
