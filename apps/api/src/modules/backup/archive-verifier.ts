import { createHash } from 'node:crypto';
import type { Manifest } from './archive-format';
import { BadArchive, readArchive } from './archive-reader';
import { knownMigrations } from './schema-version';

/** A backup taken by a newer Paperbench: its schema has migrations this code does not have. */
export class NewerSchema extends Error {
  constructor(archiveVersion: string, knownVersion: string) {
    super(
      `the backup was taken at schema ${archiveVersion}, which this Paperbench does not know (its newest is ${knownVersion}): restore it with the version that wrote it, or a newer one`,
    );
    this.name = 'NewerSchema';
  }
}

/** Refuses a manifest whose schema is not one of this code's migrations. */
export function checkSchemaKnown(manifest: Manifest): void {
  const migrations = knownMigrations();
  if (!migrations.some((migration) => migration.tag === manifest.schema_version)) {
    throw new NewerSchema(manifest.schema_version, migrations.at(-1)?.tag ?? '(none)');
  }
}

/** Consumes an entry's bytes, returning their sha256, count and (for a table file) number of lines. */
export async function digestEntry(
  body: AsyncIterable<Buffer>,
): Promise<{ sha256: string; bytes: number; lines: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  let lines = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  }
  return { sha256: hash.digest('hex'), bytes, lines };
}

/** What the archive should hold under each entry name: its size, checksum and (tables) row count. */
export function expectedEntries(manifest: Manifest): Map<string, { bytes: number; sha256: string; rows?: number }> {
  const expected = new Map<string, { bytes: number; sha256: string; rows?: number }>();
  for (const table of manifest.tables)
    expected.set(table.file, { bytes: table.bytes, sha256: table.sha256, rows: table.rows });
  for (const pdf of manifest.pdfs) expected.set(pdf.file, { bytes: pdf.bytes, sha256: pdf.sha256 });
  return expected;
}

/** Checks one entry against the manifest; the message names the entry and what is wrong. */
export function checkEntry(
  expected: ReturnType<typeof expectedEntries>,
  name: string,
  digest: { sha256: string; bytes: number; lines: number },
): void {
  const want = expected.get(name);
  if (!want) throw new BadArchive(`the archive holds ${name}, which its manifest does not list`);
  if (digest.bytes !== want.bytes || digest.sha256 !== want.sha256) {
    throw new BadArchive(`${name} does not match its checksum in the manifest: the archive is damaged`);
  }
  if (want.rows !== undefined && digest.lines !== want.rows) {
    throw new BadArchive(`${name} holds ${digest.lines} rows, its manifest says ${want.rows}`);
  }
}

/** One thing the verifier checked, as the admin page's verify report lists it (docs/deploy.md#the-admin-page). */
export interface VerifyCheck {
  label: string;
  ok: boolean;
}

/**
 * What a verification got to: the manifest once it was read (also when a later check failed) and the checks in
 * the order they ran. A failed check is the last one: the verifier stops at the first thing wrong.
 */
export interface VerifyProgress {
  manifest: Manifest | null;
  checks: VerifyCheck[];
}

const tableLabel = (file: string, rows: number) =>
  `${file}: checksum, size and ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`;

/**
 * docs/deploy.md#backup-and-restore: reads the whole archive once and checks everything before a
 * restore writes anything: the manifest's own checksum, a schema this code knows, every table file's
 * and PDF's sha256, size and row count, and that nothing listed is missing (a truncated archive).
 * `progress` (optional) is filled as it goes, for the admin page's report: one check per table file, one
 * for all the PDFs together (an archive may hold a million), and the failing one when something is wrong.
 */
export async function verifyArchive(
  file: string,
  progress: VerifyProgress = { manifest: null, checks: [] },
): Promise<Manifest> {
  let manifest: Manifest | undefined;
  let expected: ReturnType<typeof expectedEntries> | undefined;
  const seen = new Set<string>();
  let pdfs = 0;
  // What is being checked when the reading stops: a damaged gzip stream fails whatever entry it was in.
  let pending = 'Manifest: present, well-formed, its checksum matches';
  const passed = () => progress.checks.push({ label: pending, ok: true });
  try {
    for await (const item of readArchive(file)) {
      if ('manifest' in item) {
        manifest = item.manifest;
        progress.manifest = manifest;
        passed();
        pending = `Schema ${manifest.schema_version} is one this version knows`;
        checkSchemaKnown(manifest);
        passed();
        expected = expectedEntries(manifest);
        pending = 'The archive can be read to its end';
        continue;
      }
      if (!expected) throw new BadArchive('the archive has no manifest');
      const want = expected.get(item.name);
      pending =
        want?.rows !== undefined
          ? tableLabel(item.name, want.rows)
          : want
            ? `${item.name}: checksum and size`
            : `${item.name} is listed in the manifest`;
      if (seen.has(item.name)) throw new BadArchive(`the archive holds ${item.name} twice`);
      seen.add(item.name);
      checkEntry(expected, item.name, await digestEntry(item.body));
      if (want?.rows !== undefined) passed();
      else pdfs += 1;
      pending = 'The archive can be read to its end';
    }
    if (!manifest || !expected) throw new BadArchive('the archive has no manifest');
    if (manifest.pdfs.length > 0) {
      progress.checks.push({
        label: `${manifest.pdfs.length.toLocaleString('en-US')} PDFs: checksum and size of each`,
        ok: pdfs === manifest.pdfs.length,
      });
    }
    pending = 'Nothing the manifest lists is missing';
    const missing = [...expected.keys()].filter((name) => !seen.has(name));
    if (missing.length > 0) {
      throw new BadArchive(
        `the archive is truncated: ${missing.length} listed entries are missing (first: ${missing[0]})`,
      );
    }
    passed();
    return manifest;
  } catch (error) {
    progress.checks.push({ label: pending, ok: false });
    throw error;
  }
}
