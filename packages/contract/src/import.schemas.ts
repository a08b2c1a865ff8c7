import { z } from 'zod';
import { zText } from './common';

/**
 * docs/import-export.md: what importing a bibliography (a file, or a Zotero library) did. Counts are
 * entries: `matched` entries found a paper of the corpus (or one of the caller's own) and added it;
 * `metadata_only` entries found none and became the caller's metadata-only papers; `added` is both
 * together (papers newly in the folder); `duplicates` were already in the folder or repeated in the
 * input; `rejected` entries were not imported, each with its reason.
 */
export const ZImportReport = z.object({
  added: z.number().int().nonnegative(),
  matched: z.number().int().nonnegative(),
  metadata_only: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  rejected: z.array(
    z.object({
      /** The entry's key (BibTeX key, RIS ID, CSL id) or, without one, its title. */
      entry: zText(),
      reason: zText(),
    }),
  ),
  /**
   * Zotero imports only: items imported before as the caller's metadata-only papers (known by their
   * Zotero item id) and already in the folder, whose changed fields were applied to those papers.
   */
  updated: z.number().int().nonnegative().optional(),
  /**
   * Zotero re-syncs only: items deleted in Zotero since the last import whose metadata-only papers were
   * taken out of the folder (the papers stay the caller's, as an upload taken out of a folder does).
   */
  removed: z.number().int().nonnegative().optional(),
  /** Zotero imports only: the library version synced to (the next import asks only for what changed since). */
  library_version: z.number().int().nonnegative().optional(),
});
export type TImportReport = z.infer<typeof ZImportReport>;

/** The multipart body of POST /api/folders/{id}/import as the typed client sends it. */
export type TImportBody = {
  /** A BibTeX, RIS or CSL-JSON file; the format is read from its content, not its name. */
  file: Blob;
};

/** Zotero library ids and keys: digits, and the 8-character item/collection keys of the Zotero Web API. */
export const ZZoteroImportRequest = z.object({
  library_type: z.enum(['user', 'group']),
  library_id: zText()
    .trim()
    .regex(/^\d{1,12}$/, 'library_id must be the numeric id of the Zotero user or group'),
  /** Asked for on every import and never stored (docs/security.md#zotero-api-keys). */
  api_key: zText()
    .trim()
    .regex(/^[A-Za-z0-9]{8,64}$/, 'api_key must be a Zotero API key (letters and digits)'),
  collection_key: zText()
    .trim()
    .regex(/^[A-Z0-9]{8}$/, 'collection_key must be an 8-character Zotero collection key')
    .optional(),
});
export type TZoteroImportRequest = z.infer<typeof ZZoteroImportRequest>;
