/**
 * The reference-parsing section of `pnpm bench` (`bench/run.ts --references`): the 20 PDFs of
 * test/fixtures/pdfs-meta, text extracted as the upload job does, parsed by modules/references/parse,
 * compared with gold.jsonl (docs/benchmarks.md#references-2026-11-29). No server, no database: parsing only.
 *
 * The split was written down before any tuning: the parser was tuned on TUNING only; HELD_OUT was
 * measured once the tuning stopped (docs/references.md#measured).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedReference, parseReferences } from '../src/modules/references/parse/parse-references';
import { extractPdfText } from '../src/modules/uploads/pdf-text';

export const TUNING = [
  'scielo-hoehnea-2022-neves-et-al.pdf',
  'scielo-transinformacao-2021-araujo-bufrem.pdf',
  'scielo-economia-sociedade-2024-medeiros-gouveia.pdf',
  'medrxiv-2024-liang-et-al-breast-cancer-mi.pdf',
  'jose-2018-00013-schloss.pdf',
  'jose-2023-00184-villano.pdf',
  'jose-2025-00267-marshall.pdf',
  'acl2020-s2orc-lo-et-al.pdf',
  'bmc-jner-2016-de-marchis-et-al.pdf',
  'elife-2012-marder-a-good-life.pdf',
];
export const HELD_OUT = [
  'scielo-acta-amazonica-2023-dias-et-al.pdf',
  'scielo-transinformacao-2023-santos-et-al.pdf',
  'jose-2024-00173-prudencio-vazquez.pdf',
  'jose-2024-00193-gonzalez-santana.pdf',
  'jose-2023-00198-ernest.pdf',
  'jose-2025-00299-stewart.pdf',
  'jose-2026-00307-burg.pdf',
  'eacl2023-longeval-krishna-et-al.pdf',
  'clinsci-2014-douglas-et-al.pdf',
  'arxiv-1503.07589-atlas-cms-higgs-mass.pdf',
];

const DIR = path.join(import.meta.dirname, '../test/fixtures/pdfs-meta');

interface GoldReference {
  /** Null for a few JOSE entries whose gold has only a DOI. */
  raw: string | null;
  title?: string;
  year?: number;
  doi?: string;
}
interface Gold {
  file: string;
  references_count: number | null;
  references?: GoldReference[] | null;
}

export interface PdfScore {
  file: string;
  parsed: number;
  gold: number | null;
  withTitle: number;
  /** Only for PDFs with a gold list: gold entries matched by a parsed entry, and field agreement among them. */
  list: {
    gold: number;
    aligned: number;
    title: number;
    year: number;
    goldYears: number;
    doi: number;
    goldDois: number;
  } | null;
}

const words = (text: string | null) =>
  (text ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/%20/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1);
const normal = (text: string | null) => words(text).join(' ');

function overlap(a: string, b: string | null): number {
  const left = new Set(words(a));
  const right = new Set(words(b));
  const shared = [...left].filter((w) => right.has(w)).length;
  return shared / Math.max(1, Math.min(left.size, right.size));
}

const goldYear = (g: GoldReference) =>
  g.year ?? Number(/\b(1[89]\d{2}|20\d{2})\b/.exec(g.raw ?? '')?.[1] ?? Number.NaN);
const goldDoi = (g: GoldReference) =>
  (g.doi ?? /10\.\d{4,9}\/[^\s"<>]+/.exec(g.raw ?? '')?.[0] ?? '').replace(/[.,;)\]]+$/, '').toLowerCase() || null;

/** A parsed title agrees with the gold one: equal (normalised) when gold has a title, else found in the gold text with ≥ 3 words. */
function titleAgrees(parsed: string | null, gold: GoldReference): boolean {
  if (!parsed) return false;
  if (gold.title) return normal(parsed) === normal(gold.title);
  const title = normal(parsed);
  return title.split(' ').length >= 3 && normal(gold.raw ?? '').includes(title);
}

function scoreList(parsed: ParsedReference[], gold: GoldReference[]) {
  const score = { gold: gold.length, aligned: 0, title: 0, year: 0, goldYears: 0, doi: 0, goldDois: 0 };
  for (const entry of gold) {
    let best: ParsedReference | null = null;
    let bestOverlap = 0.5;
    for (const candidate of parsed) {
      const value = overlap(candidate.raw, entry.raw);
      if (value > bestOverlap) [best, bestOverlap] = [candidate, value];
    }
    const year = goldYear(entry);
    const doi = goldDoi(entry);
    if (Number.isFinite(year)) score.goldYears++;
    if (doi) score.goldDois++;
    if (!best) continue;
    score.aligned++;
    if (titleAgrees(best.title, entry)) score.title++;
    if (best.year === year) score.year++;
    if (doi && best.doi === doi) score.doi++;
  }
  return score;
}

export async function scorePdf(gold: Gold): Promise<PdfScore> {
  const data = new Uint8Array(await readFile(path.join(DIR, gold.file)));
  const text = await extractPdfText(data, { maxPages: 500, maxTextChars: 20_000_000, maxInflatedBytes: 1 << 30 });
  const { references } = parseReferences(text.pages);
  return {
    file: gold.file,
    parsed: references.length,
    gold: gold.references_count,
    withTitle: references.filter((r) => r.title !== null).length,
    list: gold.references ? scoreList(references, gold.references) : null,
  };
}

export async function runReferencesBench(log: (message: string) => void): Promise<PdfScore[]> {
  const lines = (await readFile(path.join(DIR, 'gold.jsonl'), 'utf8')).split('\n').filter(Boolean);
  const golds = new Map(lines.map((line) => JSON.parse(line) as Gold).map((gold) => [gold.file, gold]));
  const scores: PdfScore[] = [];
  for (const file of [...TUNING, ...HELD_OUT]) {
    const gold = golds.get(file);
    if (!gold) throw new Error(`references: ${file} is not in gold.jsonl`);
    scores.push(await scorePdf(gold));
    log(`references: ${file} parsed`);
  }
  return scores;
}
