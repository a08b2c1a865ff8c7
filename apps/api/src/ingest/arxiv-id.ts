/**
 * New-style arXiv ids are YYMM.NNNN (2007-2014) or YYMM.NNNNN (from 1501). The shipped dump went
 * through a float column upstream, so ~30% of its ids arrive damaged: '704.0058' (lost leading zero),
 * '1001.07' (lost trailing zeros), '1502.0765099999999' (binary float noise). Old-style ids such as
 * 'math/9204233' pass through untouched.
 */
const NUMERIC_ID = /^(\d{3,4})\.(\d+)$/;
const FIVE_DIGIT_SINCE = 1501;

export function normalizeArxivId(raw: string): string {
  const id = raw.trim();
  const match = NUMERIC_ID.exec(id);
  if (!match) return id;
  const yymm = (match[1] as string).padStart(4, '0');
  const digits = Number(yymm) >= FIVE_DIGIT_SINCE ? 5 : 4;
  const sequence = Number(`0.${match[2]}`).toFixed(digits).slice(2);
  return `${yymm}.${sequence}`;
}

/** A well-formed arXiv id without version: 1601.00001, 0704.0001, hep-th/9901001, math.AG/0601001. */
const ARXIV_ID = /^(?:\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[A-Za-z-]+)?\/\d{7})$/;

export const isArxivId = (id: string) => ARXIV_ID.test(id);

/** Prefixes arXiv puts before an id: OAI identifiers and abs/pdf links (http or https). */
const ID_PREFIX = /^(?:oai:arXiv\.org:|https?:\/\/(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf)\/|arXiv:)/i;
const VERSION_SUFFIX = /v(\d+)$/;

/**
 * The unversioned paper id and the version of any form arXiv writes an id in: '1601.00001v2',
 * 'http://arxiv.org/abs/1601.00001v1', 'oai:arXiv.org:hep-th/9901001'. Versions update one paper row.
 */
export function parseArxivIdentifier(raw: string): { paperId: string; version: number | null } {
  const bare = raw.trim().replace(ID_PREFIX, '');
  const version = VERSION_SUFFIX.exec(bare);
  const paperId = normalizeArxivId(version ? bare.slice(0, version.index) : bare);
  return { paperId, version: version ? Number(version[1]) : null };
}
