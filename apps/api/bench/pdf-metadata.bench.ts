/**
 * Metadata read from the PDF itself (docs/uploads.md#metadata-from-the-pdf), against gold records:
 * title (exact after folding case, spaces and punctuation), authors (F1 over folded family names),
 * year, DOI and arXiv id (where the gold id is printed in the PDF's text). Per split:
 *
 * - tuning: the 10 PDFs of test/fixtures/pdfs-meta the heuristics were tuned on;
 * - held-out: the other 10, fixed before tuning and never looked at while tuning;
 * - extra: the 5 older fixtures of test/fixtures/pdfs, with the metadata their README gives.
 *
 * The split is alphabetical alternation over gold.jsonl's file names (1st, 3rd, … = tuning).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldText } from '../src/lib/fold-text';
import { readPdfMetadata } from '../src/modules/uploads/pdf-metadata';
import { extractPdfText } from '../src/modules/uploads/pdf-text';

const here = path.dirname(fileURLToPath(import.meta.url));
const META = path.join(here, '../test/fixtures/pdfs-meta');
const OLDER = path.join(here, '../test/fixtures/pdfs');

/** Written down before any tuning; see the header. */
export const TUNING = [
  'acl2020-s2orc-lo-et-al.pdf',
  'bmc-jner-2016-de-marchis-et-al.pdf',
  'eacl2023-longeval-krishna-et-al.pdf',
  'jose-2018-00013-schloss.pdf',
  'jose-2023-00198-ernest.pdf',
  'jose-2024-00193-gonzalez-santana.pdf',
  'jose-2025-00299-stewart.pdf',
  'medrxiv-2024-liang-et-al-breast-cancer-mi.pdf',
  'scielo-economia-sociedade-2024-medeiros-gouveia.pdf',
  'scielo-transinformacao-2021-araujo-bufrem.pdf',
];

interface Gold {
  file: string;
  title: string;
  /** Family names only; null when not known (not scored). */
  families: string[] | null;
  year: number;
  doi: string | null;
  arxiv_id: string | null;
}

/** The older fixtures' metadata, from test/fixtures/pdfs/README.md ("et al." lists are not scored). */
const OLDER_GOLD: Gold[] = [
  {
    file: 'acl2020-specter-cohan-et-al.pdf',
    title: 'SPECTER: Document-level Representation Learning using Citation-informed Transformers',
    families: ['Cohan', 'Feldman', 'Beltagy', 'Downey', 'Weld'],
    year: 2020,
    doi: '10.18653/v1/2020.acl-main.207',
    arxiv_id: '2004.07180',
  },
  {
    file: 'naacl2018-literature-graph-ammar-et-al.pdf',
    title: 'Construction of the Literature Graph in Semantic Scholar',
    families: null,
    year: 2018,
    doi: '10.18653/v1/N18-3011',
    arxiv_id: '1805.02262',
  },
  {
    file: 'peerj-cs-2017-vespa-webb-et-al.pdf',
    title: 'VESPA: Very large-scale Evolutionary and Selective Pressure Analyses',
    families: ['Webb', 'Walsh', "O'Connell"],
    year: 2017,
    doi: '10.7717/peerj-cs.118',
    arxiv_id: null,
  },
  {
    file: 'bmc-hsr-2014-agyeman-duah-et-al.pdf',
    title:
      'Understanding the barriers to setting up a healthcare quality improvement process in resource-limited settings: a situational analysis at the Medical Department of Kamuzu Central Hospital in Lilongwe, Malawi',
    families: null,
    year: 2014,
    doi: null,
    arxiv_id: null,
  },
  {
    file: 'hindawi-rrp-2010-tully-et-al.pdf',
    title: 'Patient Experiences of Structured Heart Failure Programmes',
    families: ['Tully', 'Morgan', 'Burke', 'McGee'],
    year: 2010,
    doi: '10.1155/2010/157939',
    arxiv_id: null,
  },
];

/** The family name of a display name: its last word, or the last word before a particle-led tail. */
export const familyOf = (name: string) => {
  const words = foldText(name).split(' ').filter(Boolean);
  return words.at(-1) ?? '';
};

interface Scores {
  count: number;
  title: number;
  authorsF1: number[];
  year: number;
  ids: { right: number; printed: number };
  abstract: number;
  misses: string[];
}

function f1(found: string[], gold: string[]) {
  const want = new Set(gold.map((name) => foldText(name).split(' ').at(-1) ?? ''));
  const got = new Set(found.map(familyOf));
  const hits = [...got].filter((family) => want.has(family)).length;
  if (hits === 0) return 0;
  const precision = hits / got.size;
  const recall = hits / want.size;
  return (2 * precision * recall) / (precision + recall);
}

async function score(dir: string, golds: Gold[], withAbstract: Map<string, string>): Promise<Scores> {
  const s: Scores = {
    count: 0,
    title: 0,
    authorsF1: [],
    year: 0,
    ids: { right: 0, printed: 0 },
    abstract: 0,
    misses: [],
  };
  for (const gold of golds) {
    const data = new Uint8Array(await readFile(path.join(dir, gold.file)));
    const extracted = await extractPdfText(data, {
      maxPages: 1000,
      maxTextChars: 20_000_000,
      maxInflatedBytes: 2 ** 30,
    });
    const found = readPdfMetadata(extracted);
    const text = extracted.pages.slice(0, 2).join('\n').toLowerCase();
    s.count++;
    const miss = (field: string, got: unknown) => s.misses.push(`${gold.file}: ${field} ${JSON.stringify(got)}`);
    if (found.title && foldText(found.title) === foldText(gold.title)) s.title++;
    else miss('title', found.title);
    if (gold.families) {
      const value = f1(found.authors ?? [], gold.families);
      s.authorsF1.push(value);
      if (value < 1) miss('authors', found.authors);
    }
    if (found.published?.slice(0, 4) === String(gold.year)) s.year++;
    else miss('published', found.published);
    for (const [field, id] of [
      ['doi', gold.doi],
      ['arxiv_id', gold.arxiv_id],
    ] as const) {
      if (!id || !text.includes(id.toLowerCase())) continue;
      s.ids.printed++;
      if (found[field]?.toLowerCase() === id.toLowerCase()) s.ids.right++;
      else miss(field, found[field]);
    }
    const abstract = withAbstract.get(gold.file);
    if (abstract && found.abstract && foldText(found.abstract).startsWith(foldText(abstract).slice(0, 60)))
      s.abstract++;
  }
  return s;
}

export interface PdfMetadataResult {
  splits: Array<{ name: string; scores: Scores; abstracts: number }>;
}

export async function runPdfMetadataBench(log: (message: string) => void): Promise<PdfMetadataResult> {
  const lines = (await readFile(path.join(META, 'gold.jsonl'), 'utf8')).split('\n').filter(Boolean);
  const records = lines.map((line) => JSON.parse(line) as Gold & { authors: string[]; abstract: string | null });
  const golds = records.map((record) => ({ ...record, families: record.authors }));
  const abstracts = new Map(records.flatMap((record) => (record.abstract ? [[record.file, record.abstract]] : [])));
  const tuning = golds.filter((gold) => TUNING.includes(gold.file));
  const heldOut = golds.filter((gold) => !TUNING.includes(gold.file));
  const splits = [];
  for (const [name, dir, set] of [
    ['tuning (10)', META, tuning],
    ['held-out (10)', META, heldOut],
    ['extra held-out: older fixtures (5)', OLDER, OLDER_GOLD],
  ] as const) {
    log(`pdf metadata: ${name}…`);
    const scores = await score(dir, set, abstracts);
    splits.push({ name, scores, abstracts: set.filter((gold) => abstracts.has(gold.file)).length });
  }
  return { splits };
}

const pct = (part: number, whole: number) =>
  whole === 0 ? 'n/a' : `${Math.round((100 * part) / whole)} % (${part}/${whole})`;

export function renderPdfMetadataReport({ splits }: PdfMetadataResult, date: string): string {
  const rows = splits.map(({ name, scores: s, abstracts }) => {
    const f1s = s.authorsF1;
    const meanF1 = f1s.length ? (f1s.reduce((a, b) => a + b, 0) / f1s.length).toFixed(2) : 'n/a';
    return `| ${name} | ${pct(s.title, s.count)} | ${meanF1} (${f1s.length}) | ${pct(s.year, s.count)} | ${pct(s.ids.right, s.ids.printed)} | ${abstracts ? pct(s.abstract, abstracts) : 'n/a'} |`;
  });
  // Only the tuning split's misses by default: reading the held-out ones is tuning on them.
  const shown = process.argv.includes('--show-held-out-misses') ? splits : splits.slice(0, 1);
  const misses = shown.flatMap(({ name, scores }) => scores.misses.map((miss) => `- ${name}: ${miss}`));
  return [
    `## Metadata from the PDF, ${date}`,
    '',
    '| split | title exact | authors F1 (papers) | year | DOI / arXiv id (printed) | abstract starts right |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    misses.length ? `Misses:\n\n${misses.join('\n')}` : 'No misses.',
    '',
  ].join('\n');
}
