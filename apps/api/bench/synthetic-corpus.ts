/**
 * A reproducible arXiv-like corpus of any size for the search-at-scale bench (search-scale.bench.ts):
 * records in the shipped sample's JSONL shape (apps/api/data/README.md), recombined from its real
 * text, so word frequencies, title lengths, author lists and category mixes look like arXiv's while
 * the corpus grows to 250k, 1M or 2.6M papers (the full arXiv) without a download.
 *
 * Each synthetic paper takes a real paper as its donor (its categories, author count, sentence
 * count, comments and date ± a year) and its text from real papers of the donor's primary category:
 * the title is the head of one real title joined to the tail of another (split at a connector such
 * as "for", "of", ":"), the abstract is that many real abstract sentences, the authors real names.
 * Ids are `99NN.NNNNN`: well-formed new-style ids (src/ingest/arxiv-id.ts keeps them as they are)
 * that no real paper has, since new-style ids began in 0704 and `99` would be 2099.
 *
 * The same (size, seed) always gives the same file (a seeded PRNG, one pass over the sample in file
 * order); it is written once, streamed through gzip (constant memory whatever the size), and cached
 * under the temp dir keyed by size, seed and GENERATOR_VERSION.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { createPrng, type Prng } from '../src/fuzz/prng';
import { paperFromDumpRecord } from '../src/ingest/arxiv-record';
import { readJsonLines } from '../src/ingest/json-lines';
import { packageRoot } from '../src/lib/package-paths';

export const SHIPPED_SAMPLE = path.join(packageRoot, 'data', 'arxiv-metadata-sample-25k.jsonl.gz');
/** Bump when the records a (size, seed) yields change: cached files of another version are not reused. */
const GENERATOR_VERSION = 1;
/** 100 id prefixes 9900-9999 of 100,000 sequence numbers each. */
export const MAX_SYNTHETIC_SIZE = 10_000_000;
const PER_PREFIX = 100_000;
/** Donor dates move by up to this many days either way, so papers spread over the sample's range. */
const DATE_JITTER_DAYS = 365;
/** Lines per chunk handed to gzip: fewer, larger writes. */
const CHUNK_LINES = 500;
const DAY_MS = 86_400_000;

/** One line of the shipped sample, as far as the generator reads it. */
interface SampleRecord {
  title: string;
  abstract: string | null;
  authors_list: string[];
  categories: string[];
  primary_category?: string | null;
  comments: string | null;
  created: string | null;
  updated: string | null;
}

/** The JSONL shape the shipped sample uses and the importer reads (src/ingest/arxiv-record.ts). */
export interface SyntheticRecord {
  id: string;
  title: string;
  authors: string;
  authors_list: string[];
  abstract: string;
  categories: string[];
  primary_category: string;
  comments: string | null;
  doi: null;
  acm_class: null;
  created: string;
  updated: string | null;
}

interface Donor {
  primary: string;
  categories: string[];
  authors: number;
  sentences: number;
  comments: string | null;
  /** Days since the epoch of version 1, and of the last version after it (null: one version). */
  created: number;
  updatedAfter: number | null;
}

/** Real text of one primary category, for the papers whose donor has that category. */
interface CategoryPool {
  heads: string[];
  tails: string[];
  sentences: string[];
}

interface Pools {
  donors: Donor[];
  byCategory: Map<string, CategoryPool>;
  authors: string[];
  firstDay: number;
  lastDay: number;
}

/** A title splits before its first connector past its first two words: "Spectral gaps | of random graphs". */
const CONNECTOR =
  /(?<=\S\s+\S+)\s+(?=(?:for|of|in|with|on|via|using|from|under|by|to|at|and|through|beyond)\s)|(?<=\S)(?=:\s)/i;
/** Sentence ends: a stop followed by a capital, TeX or a digit ("e.g. the" stays one sentence). */
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z$\\(\d])/;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const dayOf = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

function splitTitle(title: string): { head: string; tail: string | null } {
  const match = CONNECTOR.exec(title);
  if (!match) return { head: title, tail: null };
  return { head: title.slice(0, match.index), tail: title.slice(match.index).trim() };
}

/** Reads the shipped sample once into donors and per-category text pools (about 40 MB for 25k papers). */
async function loadPools(): Promise<Pools> {
  const donors: Donor[] = [];
  const byCategory = new Map<string, CategoryPool>();
  const authors: string[] = [];
  let firstDay = Number.POSITIVE_INFINITY;
  let lastDay = Number.NEGATIVE_INFINITY;
  for await (const entry of readJsonLines(SHIPPED_SAMPLE)) {
    if (!('value' in entry)) continue;
    const record = entry.value as SampleRecord;
    const title = collapse(record.title ?? '');
    const primary = record.primary_category ?? record.categories?.[0];
    if (!title || !primary || !record.created) continue;
    const pool = byCategory.get(primary) ?? { heads: [], tails: [], sentences: [] };
    byCategory.set(primary, pool);
    const { head, tail } = splitTitle(title);
    pool.heads.push(head);
    if (tail) pool.tails.push(tail);
    const sentences = collapse(record.abstract ?? '')
      .split(SENTENCE_END)
      .filter((sentence) => sentence.length > 0);
    pool.sentences.push(...sentences);
    authors.push(...record.authors_list.map(collapse).filter(Boolean));
    const created = dayOf(record.created);
    firstDay = Math.min(firstDay, created);
    lastDay = Math.max(lastDay, created);
    donors.push({
      primary,
      categories: record.categories,
      authors: Math.max(1, record.authors_list.length),
      sentences: Math.max(1, sentences.length),
      comments: record.comments,
      created,
      updatedAfter: record.updated ? Math.max(0, dayOf(record.updated) - created) : null,
    });
  }
  if (donors.length === 0 || authors.length === 0) throw new Error(`${SHIPPED_SAMPLE} holds no usable records`);
  return { donors, byCategory, authors, firstDay, lastDay };
}

/** `99NN.NNNNN` for the index-th paper (0-based): 100,000 papers per prefix. */
export function syntheticId(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_SYNTHETIC_SIZE) {
    throw new Error(`synthetic paper index ${index} is outside 0..${MAX_SYNTHETIC_SIZE - 1}`);
  }
  const prefix = String(Math.floor(index / PER_PREFIX)).padStart(2, '0');
  return `99${prefix}.${String(index % PER_PREFIX).padStart(5, '0')}`;
}

function synthesize(pools: Pools, prng: Prng, index: number): SyntheticRecord {
  const donor = prng.pick(pools.donors);
  const pool = pools.byCategory.get(donor.primary) as CategoryPool;
  const head = prng.pick(pool.heads);
  const tail = pool.tails.length > 0 ? prng.pick(pool.tails) : null;
  const title = tail ? `${head}${tail.startsWith(':') ? '' : ' '}${tail}` : head;
  const abstract = Array.from({ length: donor.sentences }, () => prng.pick(pool.sentences)).join(' ');
  const authorsList = Array.from({ length: donor.authors }, () => prng.pick(pools.authors));
  const jitter = prng.below(2 * DATE_JITTER_DAYS + 1) - DATE_JITTER_DAYS;
  const created = Math.min(pools.lastDay, Math.max(pools.firstDay, donor.created + jitter));
  return {
    id: syntheticId(index),
    title,
    authors: authorsList.join(', '),
    authors_list: authorsList,
    abstract,
    categories: donor.categories,
    primary_category: donor.primary,
    comments: donor.comments,
    doi: null,
    acm_class: null,
    created: dateOf(created),
    updated: donor.updatedAfter === null ? null : dateOf(created + donor.updatedAfter),
  };
}

/**
 * The records of a (size, seed) corpus in order, one at a time. The first record is checked against
 * the importer's own parser: a synthetic id it would rewrite or a record it would skip fails here,
 * before minutes of generating and importing.
 */
export async function* syntheticRecords(size: number, seed: number): AsyncGenerator<SyntheticRecord> {
  if (!Number.isInteger(size) || size < 1 || size > MAX_SYNTHETIC_SIZE) {
    throw new Error(`size must be a whole number from 1 to ${MAX_SYNTHETIC_SIZE}`);
  }
  const pools = await loadPools();
  const prng = createPrng(seed);
  for (let index = 0; index < size; index += 1) {
    const record = synthesize(pools, prng, index);
    if (index === 0 || index === size - 1) {
      const outcome = paperFromDumpRecord(record);
      if (!('paper' in outcome) || outcome.paper.paperId !== record.id) {
        throw new Error(
          `the importer does not take synthetic record ${record.id} as it is: ${JSON.stringify(outcome)}`,
        );
      }
    }
    yield record;
  }
}

async function* jsonLineChunks(size: number, seed: number): AsyncGenerator<string> {
  let chunk: string[] = [];
  for await (const record of syntheticRecords(size, seed)) {
    chunk.push(JSON.stringify(record));
    if (chunk.length === CHUNK_LINES) {
      yield `${chunk.join('\n')}\n`;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield `${chunk.join('\n')}\n`;
}

export interface SyntheticCorpus {
  file: string;
  size: number;
  seed: number;
  /** True when the file was already there from an earlier run. */
  cached: boolean;
  /** Time to generate it (0 when cached). */
  milliseconds: number;
  bytes: number;
}

/** The default cache folder: the OS temp dir, so a reboot or tmp cleaner frees the space. */
export const defaultCacheDir = () => process.env.BENCH_CACHE_DIR?.trim() || path.join(os.tmpdir(), 'paperbench-bench');

/** Also keyed by the sample's size and mtime: a new shipped sample makes a new corpus. */
function cacheName(size: number, seed: number): string {
  const sample = statSync(SHIPPED_SAMPLE);
  const sampleKey = createHash('sha256').update(`${sample.size}:${sample.mtimeMs}`).digest('hex').slice(0, 8);
  return `synthetic-arxiv-v${GENERATOR_VERSION}-${size}-seed${seed}-${sampleKey}.jsonl.gz`;
}

/**
 * The gzipped JSONL corpus of `size` papers for `seed`, generated on first use and cached. Written
 * to a partial file and renamed, so an interrupted run never leaves a truncated file to be reused.
 */
export async function syntheticCorpus(options: {
  size: number;
  seed: number;
  cacheDir?: string;
  log?: (message: string) => void;
}): Promise<SyntheticCorpus> {
  const { size, seed, cacheDir = defaultCacheDir(), log } = options;
  await mkdir(cacheDir, { recursive: true });
  const file = path.join(cacheDir, cacheName(size, seed));
  if (existsSync(file)) return { file, size, seed, cached: true, milliseconds: 0, bytes: statSync(file).size };
  const partial = `${file}.${process.pid}.partial`;
  log?.(`synthetic corpus: writing ${size.toLocaleString('en')} papers (seed ${seed}) to ${file}…`);
  const started = performance.now();
  try {
    await pipeline(Readable.from(jsonLineChunks(size, seed)), createGzip(), createWriteStream(partial));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const milliseconds = Math.round(performance.now() - started);
  return { file, size, seed, cached: false, milliseconds, bytes: statSync(file).size };
}
