import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageRoot } from '../lib/package-paths';

/** The CC-BY PDFs of test/fixtures/pdfs (attribution in its README.md). */
export const PDF_FIXTURES_DIR = path.join(packageRoot, 'test', 'fixtures', 'pdfs');

/** NAACL 2018, "Construction of the Literature Graph in Semantic Scholar": 8 pages, 175 KB. */
export const NAACL_PDF = 'naacl2018-literature-graph-ammar-et-al.pdf';
/** ACL 2020, SPECTER: 13 pages, 700 KB. */
export const ACL_PDF = 'acl2020-specter-cohan-et-al.pdf';

export const readPdfFixture = (name: string): Promise<Buffer> => readFile(path.join(PDF_FIXTURES_DIR, name));

/** Every file under a directory, as paths relative to it (what a storage directory holds). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
