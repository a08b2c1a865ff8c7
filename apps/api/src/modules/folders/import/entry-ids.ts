import { foldText } from '../../../lib/fold-text';

/**
 * docs/import-export.md#matching: the identifiers an imported entry is matched by, read from wherever
 * reference managers put them (BibTeX eprint/arxiv fields, URLs, notes, arXiv DOIs 10.48550/arXiv.*).
 */

const NEW_STYLE = String.raw`\d{4}\.\d{4,5}`;
const OLD_STYLE = String.raw`[a-z-]+(?:\.[A-Z]{2})?/\d{7}`;
const ID = `(${NEW_STYLE}|${OLD_STYLE})(?:v\\d+)?`;

const BARE_ID = new RegExp(`^${ID}$`, 'i');
const IN_TEXT = [
  new RegExp(`arxiv\\.org/(?:abs|pdf)/${ID}`, 'i'),
  new RegExp(`10\\.48550/arxiv\\.${ID}`, 'i'),
  new RegExp(`arxiv\\s*:?\\s*${ID}`, 'i'),
];

/** The arXiv id (without version) in one of the texts, the first found; null when none holds one. */
export function findArxivId(bare: readonly (string | null | undefined)[], texts: readonly unknown[]): string | null {
  for (const value of bare) {
    const match = value?.trim().match(BARE_ID);
    if (match?.[1]) return match[1];
  }
  for (const text of texts) {
    if (typeof text !== 'string' && typeof text !== 'number') continue;
    for (const pattern of IN_TEXT) {
      const match = String(text).match(pattern);
      if (match?.[1]) return match[1];
    }
  }
  return null;
}

/** A DOI without its resolver or 'doi:' prefix; null when the value is not one. */
export function normaliseDoi(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const doi = value
    .trim()
    .replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '')
    .trim();
  return /^10\.\d+(?:\.\d+)*\/\S+$/.test(doi) ? doi : null;
}

/**
 * Title text compared case-, accent-, space- and punctuation-blind ("Attention is all you need!" = "Attention
 * Is All You Need"), and with no spaces at all, so "data set" and "dataset" match too.
 */
export const normaliseTitle = (title: string): string => foldText(title).replaceAll(' ', '');

/** The family name of 'Ada Lovelace' or 'Lovelace, Ada', normalised like titles. */
export function familyName(author: string): string {
  const trimmed = author.trim();
  const comma = trimmed.indexOf(',');
  const family = comma > 0 ? trimmed.slice(0, comma) : trimmed.slice(trimmed.lastIndexOf(' ') + 1);
  return normaliseTitle(family);
}

/**
 * The start of a title as stored, lower-cased, up to its first character that normalising could
 * change: the papers_title_prefix_idx range that finds the candidates a normalised title is compared with.
 * Letters, digits and single spaces only, so it is safe as an SQL literal (import.repo.ts).
 */
export function titlePrefix(title: string): string {
  const match = title.toLowerCase().match(/^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*/u);
  return match ? match[0].slice(0, 60) : '';
}
