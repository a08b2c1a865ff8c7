/**
 * Text folded for comparing titles and names read from different sources (a PDF's first page, its
 * info dictionary, a bibliography entry, the corpus): NFKD splits ligatures and accents, which are then
 * dropped, case goes, and every run of punctuation or spacing becomes one space. "Attention is all you
 * need!" and "ATTENTION IS ALL YOU NEED" fold alike; so do "Müller" and "Muller".
 */
export const foldText = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
