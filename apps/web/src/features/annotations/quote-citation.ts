/**
 * Copy quote (docs/annotations.md#in-the-reader): the marked words with an author–year citation and the
 * page, `"<exact>" (Cohan et al., 2020, p. 5)`. One author: the surname; two: "A and B"; more: the
 * first's surname and "et al.". Line breaks of the PDF's text become spaces.
 */
export function quoteCitation(
  exact: string,
  paper: { authors: readonly string[]; published_date: string | null } | undefined,
  page: number,
): string {
  const names = (paper?.authors ?? []).map(surnameOf).filter(Boolean);
  const who = names.length > 2 ? `${names[0]} et al.` : names.join(' and ');
  const year = /^\d{4}/.exec(paper?.published_date ?? '')?.[0] ?? 'n.d.';
  const parts = [who, year, `p. ${page}`].filter(Boolean).join(', ');
  return `"${exact.replace(/\s+/g, ' ').trim()}" (${parts})`;
}

/** "Arman Cohan" → "Cohan"; "Cohan, Arman" → "Cohan"; a suffix like "Jr." is skipped. */
export function surnameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.includes(',')) return trimmed.split(',')[0]?.trim() ?? '';
  const words = trimmed.split(/\s+/).filter((word) => !/^(jr|sr|ii|iii|iv)\.?$/i.test(word));
  return words.at(-1) ?? '';
}
