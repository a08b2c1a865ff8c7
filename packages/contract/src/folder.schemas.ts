import { z } from 'zod';
import { ZBooleanQuery, ZFolderId, ZPaperId, ZPlatform, ZTimestamp, zText } from './common';
import { ZPaperRef } from './paper.schemas';

/** requirements §9: the name of a new folder when none is given. */
export const DEFAULT_FOLDER_NAME = 'Untitled';

/** A folder name: trimmed, 1-200 characters (requirements §5: a blank rename is refused). */
export const ZFolderName = zText()
  .trim()
  .min(1, 'name must not be empty')
  .max(200, 'name must be at most 200 characters');

/** 'folder' for a private folder; 'shared' once it has been shared as a forum (the 'S' badge, requirements §2). */
export const FOLDER_TYPES = ['folder', 'shared'] as const;
export const ZFolderType = z.enum(FOLDER_TYPES);

/** What the caller may do with a folder, computed by the server's policies (so the UI need not repeat them). */
export const ZFolderAbilities = z.object({
  rename: z.boolean(),
  share: z.boolean(),
  delete: z.boolean(),
  comment: z.boolean(),
});
export type TFolderAbilities = z.infer<typeof ZFolderAbilities>;

/**
 * What a file whose paper the caller may no longer read is called (docs/collaboration.md#uploads): an
 * upload whose grant has ended. Its row stays, without the paper's title or PDF, until removed.
 */
export const NO_LONGER_SHARED_FILENAME = 'No longer shared with you';

/** requirements §3 File in a folder. One paper appears at most once per folder. */
export const ZFolderFile = ZPaperRef.extend({
  /** Display name: the paper's title (an upload's title defaults to its file name without .pdf). */
  filename: zText(),
  /** Where the PDF opens (https; arXiv links point at the export host, requirements §5). Null when the paper has no PDF. */
  paper_URL: zText().nullable(),
  /** Whether this paper is part of the chat context (requirements §4 Selection). */
  selected: z.boolean(),
  /**
   * Present (true) when the caller may no longer read the paper: an upload whose grant has ended.
   * `filename` is then NO_LONGER_SHARED_FILENAME, `paper_URL` null and `selected` false; only
   * removing it works, every read of the paper is 404.
   */
  unavailable: z.literal(true).optional(),
  /**
   * Present (true) for a metadata-only paper: an imported entry with no PDF yet (docs/import-export.md).
   * `paper_URL` is then null; its owner may attach one (PUT /api/uploads/{paperId}/pdf).
   */
  no_pdf: z.literal(true).optional(),
  folder_id: ZFolderId,
});
export type TFolderFile = z.infer<typeof ZFolderFile>;

/** requirements §3 Folder, as GET /api/folders lists it (with its files). */
export const ZFolder = z.object({
  id: ZFolderId,
  name: zText(),
  type: ZFolderType,
  files: z.array(ZFolderFile),
  /** The shared flag: true when shared publicly; false for private and for never-shared folders. */
  is_public: z.boolean(),
  abilities: ZFolderAbilities.optional(),
  created_at: ZTimestamp.optional(),
});
export type TFolder = z.infer<typeof ZFolder>;

/** requirements §3 File selection: the set of papers selected as chat context. */
export const ZFileSelection = z.array(ZPaperRef).max(500, 'at most 500 papers may be selected');
export type TFileSelection = z.infer<typeof ZFileSelection>;

export const ZCreateFolderRequest = z.object({
  /** requirements §9 default 'Untitled'. */
  name: ZFolderName.default(DEFAULT_FOLDER_NAME),
});
export type TCreateFolderRequest = z.infer<typeof ZCreateFolderRequest>;

export const ZRenameFolderRequest = z.object({
  folder_id: ZFolderId,
  name: ZFolderName,
});
export type TRenameFolderRequest = z.infer<typeof ZRenameFolderRequest>;

/** Path params of /api/folders/{id}/files/{fileId}: fileId is the paper id of the file (URL-encoded). */
export const ZFolderFileParams = z.object({ id: ZFolderId, fileId: ZPaperId });

/** The bibliography formats a folder exports to (the File List's folder menu: Export BibTeX, RIS, CSL-JSON). */
export const BIBLIOGRAPHY_FORMATS = ['bibtex', 'ris', 'csljson'] as const;
export const ZBibliographyFormat = z.enum(BIBLIOGRAPHY_FORMATS);
export type TBibliographyFormat = z.infer<typeof ZBibliographyFormat>;

/** What a folder exports to: a bibliography, or a Markdown reading list. */
export const FOLDER_EXPORT_FORMATS = [...BIBLIOGRAPHY_FORMATS, 'markdown'] as const;
export const ZFolderExportFormat = z.enum(FOLDER_EXPORT_FORMATS);
export type TFolderExportFormat = z.infer<typeof ZFolderExportFormat>;

/**
 * `annote=true`: the caller's own notes ride along (docs/annotations.md#what-marks-feed): BibTeX's (and
 * CSL-JSON's) `annote` field, and the Markdown list's marks under each paper. Off by default.
 */
export const ZAnnoteQuery = z.object({ annote: ZBooleanQuery.optional() });

export const ZFolderExportQuery = ZAnnoteQuery.extend({
  /**
   * bibtex → a .bib file (application/x-bibtex), ris → a .ris file (application/x-research-info-systems),
   * csljson → a .json file (application/vnd.citationstyles.csl+json), markdown → a .md reading list
   * (text/markdown).
   */
  format: ZFolderExportFormat,
});

/** Today as YYYY-MM-DD, one day ahead of UTC so a user east of Greenwich may enter their own today. */
const latestAllowedDate = (): string => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** requirements §9 default published date of an upload. */
export const DEFAULT_PUBLISHED_DATE = '1900-01-01';

/** An upload's published date: YYYY-MM-DD, a real calendar day, not later than today (requirements §5). */
export const ZPublishedDate = zText()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'published must be a date YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().startsWith(d), 'not a calendar date')
  .refine((d) => d <= latestAllowedDate(), 'published must not be later than today');

/**
 * requirements §3 Upload form: the text fields of the multipart body of POST /api/upload/ (the `file` part is
 * checked by content, `%PDF-`, and size-capped by the server). An empty `published` counts as absent.
 */
export const ZUploadForm = z.object({
  title: zText().trim().max(1000).optional(),
  /** Author names separated by commas, as typed in the dialog. */
  authors: zText().trim().max(5000).optional(),
  /** requirements §5: defaults to 1900-01-01 when empty; never later than today. */
  published: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    ZPublishedDate.default(DEFAULT_PUBLISHED_DATE),
  ),
  abstract: zText().trim().max(20_000).optional(),
});
export type TUploadForm = z.infer<typeof ZUploadForm>;

/** The multipart body as the typed client sends it (ts-rest builds the FormData from this object). */
export type TUploadBody = {
  /** The PDF (a browser File or Blob). */
  file: Blob;
  title?: string;
  authors?: string;
  published?: string;
  abstract?: string;
};

/** requirements §3 Upload response. Uploaded papers get platform 'upload'. */
export const ZUploadResponse = ZPaperRef.extend({ platform: ZPlatform });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
