import { z } from 'zod';
import { DEFAULT_PLATFORM, ZPaperId, ZTimestamp, zText } from './common';
import { ZPaper, ZPaperRef } from './paper.schemas';

/** Largest paper list one share link may carry. */
export const MAX_SHARED_FILES = 500;

/** A share id: a long random token (it grants access to the list), base64url. */
export const ZShareId = zText().regex(/^[A-Za-z0-9_-]{16,64}$/, 'not a share id issued by this server');

/**
 * One shared paper. The spec sends bare paper ids (platform arxiv); a {paper_id, platform} object is also
 * accepted so uploaded and non-arXiv papers can be shared. Both parse to a {paper_id, platform} ref.
 */
export const ZSharedFileRef = z.union([
  ZPaperId.transform((paper_id) => ({ paper_id, platform: DEFAULT_PLATFORM })),
  ZPaperRef,
]);

export const ZShareRequest = z.object({
  files: z
    .array(ZSharedFileRef)
    .min(1, 'No files to share')
    .max(MAX_SHARED_FILES, `at most ${MAX_SHARED_FILES} files may be shared`),
});
export type TShareRequest = z.infer<typeof ZShareRequest>;

/** requirements §3 Share response. The web app builds the link /share/{share_id}. */
export const ZShareResponse = z.object({ share_id: ZShareId });
export type TShareResponse = z.infer<typeof ZShareResponse>;

/**
 * How many papers of a list the caller may not read, so neither sees nor imports: uploads that are
 * private to their uploader, or whose shared folder the caller has no role on (a link is not a grant:
 * docs/collaboration.md#uploads).
 */
const ZWithheld = z.number().int().nonnegative();

/** GET /api/share/{id}: the papers of a shared list the caller may read, in the order they were shared. */
export const ZSharedList = z.object({
  share_id: ZShareId,
  papers: z.array(ZPaper),
  withheld: ZWithheld,
  created_at: ZTimestamp,
});
export type TSharedList = z.infer<typeof ZSharedList>;

/** POST /api/share/{id}/import: Replace clears the caller's files first; Merge keeps them (requirements §4). */
export const ZShareImportRequest = z.object({ mode: z.enum(['replace', 'merge']) });
export type TShareImportRequest = z.infer<typeof ZShareImportRequest>;

/**
 * What an import did: papers attached (and which, so the web can offer Undo), papers the caller
 * already held, papers withheld from them, and the folder the new ones joined.
 */
export const ZShareImportResponse = z.object({
  attached: z.number().int().nonnegative(),
  attached_papers: z.array(ZPaperRef),
  already_present: z.number().int().nonnegative(),
  withheld: ZWithheld,
  folder_id: z.number().int().positive(),
});
export type TShareImportResponse = z.infer<typeof ZShareImportResponse>;
