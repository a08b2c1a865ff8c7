import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * docs/deploy.md#backup-and-restore: one gzipped tar per backup. `manifest.json` is its first entry (so
 * the catalog and a verifier read it without unpacking the rest), then one JSON-lines file per table,
 * then the PDFs under their content hash.
 */
export const ARCHIVE_SUFFIX = '.tar.gz';
/** A backup being written; renamed to its final name only once complete and fsynced. */
export const PARTIAL_SUFFIX = '.partial';
/** Written beside a finished archive (after it), so the catalog need not open the archive. */
export const SIDECAR_SUFFIX = '.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const FORMAT = 'paperbench-backup';
export const FORMAT_VERSION = 1;

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/);

const ZTableEntry = z.object({
  /** schema-qualified, e.g. public.papers */
  name: z.string().regex(/^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/),
  file: z.string(),
  columns: z.array(z.string()).min(1),
  rows: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sha256: ZSha256,
});

const ZSequenceEntry = z.object({
  name: z.string().regex(/^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/),
  last_value: z.string().regex(/^-?\d+$/),
  is_called: z.boolean(),
});

const ZPdfEntry = z.object({
  key: z.string(),
  file: z.string(),
  bytes: z.number().int().min(0),
  sha256: ZSha256,
});

export const ZManifest = z.object({
  format: z.literal(FORMAT),
  format_version: z.literal(FORMAT_VERSION),
  created_at: z.string(),
  /** The driver the backup was taken from; restore works into either. */
  driver: z.enum(['pglite', 'postgres']),
  /** Tag of the latest migration applied to the database (drizzle's migrations table). */
  schema_version: z.string(),
  tables: z.array(ZTableEntry),
  sequences: z.array(ZSequenceEntry),
  pdfs: z.array(ZPdfEntry),
  /** sha256 of this manifest serialised without this field: an edited manifest is refused. */
  manifest_sha256: ZSha256,
});
export type Manifest = z.infer<typeof ZManifest>;
export type TableEntry = z.infer<typeof ZTableEntry>;

/** What the catalog reads beside an archive: the archive's size and the manifest's summary. */
export const ZSidecar = z.object({
  name: z.string(),
  bytes: z.number().int().min(0),
  created_at: z.string(),
  schema_version: z.string(),
  manifest_sha256: ZSha256,
});
export type Sidecar = z.infer<typeof ZSidecar>;

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** JSON with every object's keys sorted: the same text whichever order a parser or writer kept. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

/** The manifest's own checksum: over its canonical JSON without the checksum field. */
export function manifestChecksum(manifest: Omit<Manifest, 'manifest_sha256'>): string {
  const { manifest_sha256: _ignored, ...rest } = manifest as Manifest;
  return sha256Hex(canonicalJson(rest));
}

/** A backup's file name: sortable by time, no characters a shell or URL would need to quote. */
export const archiveNameFor = (date: Date): string =>
  `paperbench-${date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}${ARCHIVE_SUFFIX}`;
