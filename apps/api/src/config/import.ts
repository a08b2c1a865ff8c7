import { z } from 'zod';

/** docs/import-export.md#limits: bibliography and Zotero imports. */
export const importEnv = {
  /** Largest bibliography file POST /api/folders/{id}/import reads (default 5 MB; larger → 413). */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  /** Most entries one import (a file, or one Zotero sync) may hold (more → 413, nothing imported). */
  IMPORT_MAX_ENTRIES: z.coerce.number().int().min(1).default(5000),
  /** Papers one user may own, uploads and metadata-only papers counted together: an import past it is 409. */
  USER_PAPER_QUOTA: z.coerce.number().int().min(1).default(20_000),
  /** The Zotero Web API v3 (a test points it at a local fake). */
  ZOTERO_API_BASE_URL: z.string().url().default('https://api.zotero.org'),
};
