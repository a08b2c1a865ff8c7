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
