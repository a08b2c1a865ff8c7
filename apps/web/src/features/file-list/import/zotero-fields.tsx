import type { TZoteroImportRequest } from '@paperbench/contract';

/** The Zotero half of the Import references dialog, as typed. */
export type TZoteroFields = { libraryType: 'user' | 'group'; libraryId: string; apiKey: string; collection: string };
export const NO_ZOTERO_FIELDS: TZoteroFields = { libraryType: 'user', libraryId: '', apiKey: '', collection: '' };

/** The fields as POST /api/folders/{id}/import/zotero takes them (an empty collection: the whole library). */
export function zoteroRequest(fields: TZoteroFields): TZoteroImportRequest {
  const collection = fields.collection.trim();
  return {
    library_type: fields.libraryType,
    library_id: fields.libraryId.trim(),
    api_key: fields.apiKey.trim(),
    ...(collection ? { collection_key: collection } : {}),
  };
}

/**
 * docs/import-export.md#zotero: library type, id, API key (a password field, never autofilled: it is used
 * for this import only, docs/security.md#zotero-api-keys) and an optional collection.
 */
export function ZoteroFields({ value, onChange }: { value: TZoteroFields; onChange: (value: TZoteroFields) => void }) {
  const set = (change: Partial<TZoteroFields>) => onChange({ ...value, ...change });
  return (
    <>
      <label className="form-field">
        Library type
        <select
          value={value.libraryType}
          onChange={(event) => set({ libraryType: event.target.value as TZoteroFields['libraryType'] })}
        >
          <option value="user">My library (user)</option>
          <option value="group">Group library</option>
        </select>
      </label>
      <label className="form-field">
        Library id
        <input
          inputMode="numeric"
          value={value.libraryId}
          onChange={(event) => set({ libraryId: event.target.value })}
        />
      </label>
      <label className="form-field">
        API key
        <input
          type="password"
          autoComplete="off"
          value={value.apiKey}
          onChange={(event) => set({ apiKey: event.target.value })}
        />
        <span className="form-hint">Used for this import only, never stored.</span>
      </label>
      <label className="form-field">
        Collection key (optional)
        <input value={value.collection} onChange={(event) => set({ collection: event.target.value })} />
      </label>
    </>
  );
}
