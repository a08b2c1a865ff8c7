import type { LayoutLine, PdfLayout } from './pdf-layout';

/**
 * Title, authors and abstract from the first page's layout (docs/uploads.md#metadata-from-the-pdf):
 * the largest-font block near the top is the title, the lines under it the authors, the block after
 * "Abstract" (also Resumo, Resumen, Summary) up to the next heading the abstract.
 */

/** A line's text with superscript runs dropped (markers) or kept (small capitals: L⟨ONG⟩E⟨VAL⟩). */
export const plain = (text: string) =>
  text
    .replace(/⟨([^⟩]*)⟩/g, (_, inner: string) => (/^\p{Lu}{2,}$/u.test(inner) ? inner : ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** Lines of text joined, words broken by a hyphen at a line end mended ("cor-" + "pus"). */
export function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const line of lines) {
    if (!out) out = line;
    else if (/\p{Ll}-$/u.test(out) && /^\p{Ll}/u.test(line)) out = out.slice(0, -1) + line;
    else out += ` ${line}`;
  }
  return out.replace(/\s+/g, ' ').trim();
}

const NOT_TITLE_LINE =
  /(doi|https?:|www\.|proceedings|journal|volume|vol\.|issn|copyright|©|licen[cs]e|preprint|open access|original article|research article|artigo|review\b|^\d+$)/i;

const isHeading = (text: string) =>
  /^(\d+(\.\d+)*\.?\s*)?(abstract|resumo|resumen|summary|introduction|introdução|introducción|background|keywords?|key words|palavras-chave|palabras clave|index terms|statement of need|methods?)\b/i.test(
    text,
  );

/** "5 Discussion", "3.2 Results and analysis": a numbered section heading (a page that is not a first page). */
const SECTION_HEADING = /^\d+(?:\.\d+)*\.?\s+\p{Lu}[\p{L}-]*(?:\s+[\p{L}-]+){0,3}$/u;

/** The size and font that carry most of the page's characters: its body text. */
function bodyType(lines: readonly LayoutLine[]): { size: number; font: string } | null {
  const weight = new Map<string, { size: number; font: string; chars: number }>();
  for (const line of lines) {
    const key = `${line.size}|${line.font}`;
    const entry = weight.get(key) ?? { size: line.size, font: line.font, chars: 0 };
    entry.chars += line.text.length;
    weight.set(key, entry);
  }
  const [best] = [...weight.values()].sort((p, q) => q.chars - p.chars);
  return best ?? null;
}

/** The title block: the largest font in the top half of the page, its adjacent lines joined. */
export function layoutTitle(layout: PdfLayout): { title: string; lines: LayoutLine[] } | null {
  const top = layout.pageHeight ? layout.pageHeight * 0.45 : 0;
  const body = bodyType(layout.firstPage);
  const candidates = layout.firstPage.filter((line) => {
    const text = plain(line.text);
    // A title is set apart from the body: larger, or in another font (a manuscript's bold title).
    const apart = !body || line.size > body.size + 0.5 || line.font !== body.font;
    return (
      apart &&
      line.y >= top &&
      /\p{L}{2}/u.test(text) &&
      !NOT_TITLE_LINE.test(text) &&
      !isHeading(text) &&
      !SECTION_HEADING.test(text)
    );
  });
  const sizes = [...new Set(candidates.map((line) => line.size))].sort((p, q) => q - p);
  for (const size of sizes) {
    const ofSize = candidates.filter((line) => Math.abs(line.size - size) < 0.3).sort((p, q) => q.y - p.y || p.x - q.x);
    const first = ofSize[0];
    if (!first) continue;
    const block = [first];
    for (const line of ofSize.slice(1)) {
      const previous = block.at(-1) ?? first;
      // A line starting in lower case continues the title even double-spaced (a manuscript).
      const gap = /^\p{Ll}/u.test(plain(line.text)) ? 2.8 : 1.9;
      // Another font of the same size continues the title when close under it (a formula, a symbol font).
      const sameFont = line.font === first.font || previous.y - line.y <= size * 1.5;
      if (previous.y - line.y > size * gap || !sameFont) break;
      block.push(line);
    }
    const title = joinLines(block.map((line) => plain(line.text)));
    if (title.split(' ').length < 2 && title.length < 12) continue;
    return { title: title.replace(/[\s*†‡§¶]+$/u, ''), lines: block };
  }
  return null;
}

const AFFILIATION =
  /\b(universi\w*|institut\w*|department|departamento|dept\.|school|faculty|facultad|faculdade|college|laborator\w*|centre|center|centro|hospital|academy|inc\.|ltd|gmbh|corporation|programa|escola|street|road|avenue|rua|division|group|research|sciences?|engineering|informatics|laboratory|labs?|foundation|microsoft|google|ibm|yahoo|amazon|nvidia|deepmind|brasil|brazil|china|usa|germany|france|spain|kingdom)(\b|$)/i;
const DEGREES = /^(ph\.?d|m\.?d|b\.?s|m\.?s|b\.?sc|m\.?sc|mph|mjc|facc|rn|dr|prof|msc|bsc|ma|ba|mba|frcp|dphil)\.?$/i;
const PARTICLE = /^(de|da|das|do|dos|del|della|di|du|van|von|der|den|la|le|y|e|bin|al|el|ter|zu)$/i;

/** One candidate name: 2 to 6 words, each capitalised (or a particle), no digits. */
function asName(raw: string): string | null {
  const name = raw
    .replace(/^(and|e|y|und)\s+/i, '')
    .replace(/[*†‡§¶#♠♢♡♣✉]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!name || DEGREES.test(name)) return null;
  const words = name.split(' ');
  if (words.length < 2 || words.length > 6 || /\d|@/.test(name) || AFFILIATION.test(name)) return null;
  const ok = words.every((word) => PARTICLE.test(word) || /^[\p{Lu}][\p{L}'’.-]*$/u.test(word));
  return ok ? name : null;
}

/** Splits author lines into names: superscript markers, commas, semicolons, "and", ORCID ids separate them. */
export function namesFrom(lines: readonly string[]): string[] {
  let joined = '';
  for (const line of lines) {
    const marked = line.replace(/⟨[^⟩]*⟩/g, ' ; ').replace(/\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b/g, ' ; ');
    const tail =
      joined
        .split(/[;,]|\band\b/)
        .at(-1)
        ?.trim() ?? '';
    // "…; Yongqian" + "Wang, PhD" or "…, Dafne van" + "Kuppevelt": a name broken over two lines continues.
    const broken = !tail.includes(' ') || PARTICLE.test(tail.split(' ').at(-1) ?? '');
    const continues = tail !== '' && broken && /^\s*\p{Lu}\p{L}+\s*[,;⟨]/u.test(marked);
    // "…, Paulo Ro-" + "cha, …": a name hyphenated at the line's end.
    if (/\p{L}-$/u.test(joined) && /^\s*\p{Ll}/u.test(marked)) joined = joined.slice(0, -1) + marked.trim();
    else joined += continues ? ` ${marked}` : ` ; ${marked}`;
  }
  // "The ATLAS and CMS Collaborations": two collaborations, each named in full.
  const expanded = joined.replace(
    /\b(?:the\s+)?([\p{Lu}\d-]{2,})\s+and\s+([\p{Lu}\d-]{2,})\s+collaborations\b/giu,
    '$1 Collaboration ; $2 Collaboration',
  );
  const parts = expanded
    .split(/\s*[;,]\s*|\s+(?:and|e|y|und|&)\s+/i)
    // Affiliation marks set in the line's own size: "Lovelace1", "Babbage 2".
    .map((part) =>
      part
        .replace(/[*†‡§¶]+|\s\d{1,2}$/gu, '')
        .replace(/(\p{L})\d+$/u, '$1')
        .trim(),
    );
  const names: string[] = [];
  for (const part of parts) {
    const name = asName(part);
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** A line that is names and nothing else: every part between separators reads as a name. */
function isRowOfNames(text: string): boolean {
  const parts = text.split(/\s*(?:⟨[^⟩]*⟩|[;,]|\band\b)\s*/).filter((part) => part.trim());
  return parts.length > 0 && parts.every((part) => namesFrom([part]).length === 1);
}

/** The author lines: those right under the title, before affiliations, e-mails or the abstract. */
export function layoutAuthors(layout: PdfLayout, titleLines: readonly LayoutLine[]): string[] {
  const last = titleLines.at(-1);
  if (!last) return [];
  const below = layout.firstPage
    .filter((line) => line.y < last.y - 1 && line.y > last.y - 300 && !titleLines.includes(line))
    .sort((p, q) => q.y - p.y || p.x - q.x);
  const authorLines: string[] = [];
  let size = 0;
  // Past the first affiliation or e-mail, only a row of names in the authors' own size continues the
  // list: authors set in a grid, each with the affiliation under the name (two rows of two).
  let pastAffiliation = false;
  for (const line of below) {
    const text = line.text;
    const bare = plain(text);
    // The first author line sits close under the title; a grid's later rows may be further down.
    if (isHeading(bare) || (authorLines.length === 0 && line.y < last.y - 160)) break;
    // Empty lines, tiny print and a manuscript's line numbers are not author lines.
    if (!bare || line.size < 7 || /^\d{1,4}$/.test(bare)) continue;
    const sameSize = Math.abs(line.size - size) <= 0.6;
    if (pastAffiliation) {
      if (sameSize && isRowOfNames(text)) authorLines.push(text);
      continue;
    }
    if (/@|e-?mail/i.test(bare)) {
      if (authorLines.length === 0) break;
      pastAffiliation = true;
      continue;
    }
    if (AFFILIATION.test(bare) || /^affiliations?\b/i.test(bare)) {
      pastAffiliation = authorLines.length > 0;
      continue;
    }
    if (size && !sameSize) {
      if (authorLines.length > 0) break;
      continue;
    }
    // A sentence (a second title, a subtitle) has several lower-case words; a line of names has none.
    const lowerWords = bare.split(' ').filter((word) => /^\p{Ll}{3,}/u.test(word) && !PARTICLE.test(word));
    if (lowerWords.filter((word) => !/^(and|und)$/.test(word)).length >= 2) {
      if (authorLines.length > 0) break;
      continue;
    }
    const names = namesFrom([text]);
    if (names.length === 0 && authorLines.length === 0) continue;
    authorLines.push(text);
    size ||= line.size;
  }
  return namesFrom(authorLines);
}

const ABSTRACT_HEADING = /^(abstract|resumo|resumen|summary)\b[\s.:—–-]*/i;
const END_OF_ABSTRACT =
  /^((\d+(\.\d+)*\.?\s*)?(introduction|introdução|introducción|background)\s*$|keywords?\b|key words\b|palavras-chave|palabras clave|index terms|jel\b|statement of need|resumo\s*$|resumen\s*$|\d+\.?\s+\p{Lu}[\p{L} ]{2,40}$)/iu;

/** The paragraph(s) after an "Abstract" heading, in the order pdf.js read them, up to the next heading. */
export function layoutAbstract(layout: PdfLayout): string | null {
  const lines = layout.firstPage;
  const start = lines.findIndex((line) => ABSTRACT_HEADING.test(plain(line.text)));
  if (start < 0) return null;
  const heading = lines[start] as LayoutLine;
  const rest = plain(heading.text).replace(ABSTRACT_HEADING, '');
  const body: string[] = rest.length > 20 ? [rest] : [];
  let size = rest.length > 20 ? heading.size : 0;
  for (const line of lines.slice(start + 1)) {
    const text = plain(line.text);
    if (!text) continue;
    if (END_OF_ABSTRACT.test(text)) break;
    if (!size) size = line.size;
    // Margin notes, footnotes and running heads are set smaller or larger: skip them, stop at a heading.
    if (Math.abs(line.size - size) > 0.6) {
      if (line.size > size && text.split(' ').length <= 8 && body.length > 0) break;
      continue;
    }
    body.push(text);
    if (body.length > 60) break;
  }
  const abstract = joinLines(body);
  return abstract.length >= 80 ? abstract : null;
}
