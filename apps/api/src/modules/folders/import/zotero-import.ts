import type { TImportReport, TZoteroImportRequest } from '@paperbench/contract';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { requireAccess } from '../../../policies/access';
import { entriesFromCsl } from './bibliography-input';
import { selectZoteroVersion, upsertZoteroVersion } from './import.repo';
import { type ImportConfig, importEntries } from './import.service';
import { fetchZoteroDeletions, fetchZoteroItems, libraryPath, type ZoteroSource } from './zotero-client';

/**
 * POST /api/folders/{id}/import/zotero (docs/import-export.md#zotero): the library's items fetched
 * (only those changed since this user's last import of it into this folder), then imported like a
 * file; items deleted in Zotero since then are taken out of the folder. The version reached is
 * remembered in the import's transaction. The key is used and forgotten.
 */
export async function importZoteroLibrary(
  { db, config }: { db: Db; config: ImportConfig & Pick<Config, 'ZOTERO_API_BASE_URL'> },
  userId: number,
  folderId: number,
  request: TZoteroImportRequest,
): Promise<TImportReport> {
  await requireAccess(db, { userId }, 'folder.addFile', [folderId]);
  const source: ZoteroSource = {
    libraryType: request.library_type,
    libraryId: request.library_id,
    apiKey: request.api_key,
    ...(request.collection_key ? { collectionKey: request.collection_key } : {}),
  };
  const library = libraryPath(source);
  const since = await selectZoteroVersion(db, userId, folderId, library);
  const { items, version } = await fetchZoteroItems(
    config.ZOTERO_API_BASE_URL,
    source,
    since,
    config.IMPORT_MAX_ENTRIES,
  );
  // A first import has nothing to take back; a re-sync also learns what was deleted since.
  const deleted = since === null ? [] : await fetchZoteroDeletions(config.ZOTERO_API_BASE_URL, source, since);
  const report = await importEntries(db, config, userId, folderId, entriesFromCsl(items), {
    alsoWrite: (tx) => upsertZoteroVersion(tx, userId, folderId, library, version),
    resync: true,
    ...(since !== null && { deletedLabels: deleted }),
  });
  return { ...report, library_version: version };
}
