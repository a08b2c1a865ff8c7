import { foldText } from '../../lib/fold-text';

/**
 * Which info-dictionary and XMP values to believe (docs/uploads.md#metadata-from-the-pdf). Word
 * processors and typesetters fill them with file names, template titles, producer strings and
 * account names; such values are dropped, never shown as a paper's title or authors.
 */

const NOT_TITLES = [
  /^microsoft\s+(word|powerpoint)\b/i,
  /\.(docx?|pdf|tex|dvi|odt|rtf|indd|qxd|ps|txt)\b/i,
  /^(untitled|title|no title|document\d*|paper|article|manuscript|slide\s*\d*|presentation\d*|template|main|draft)\b/i,
  /^(instructions for|author guidelines|formatting instructions|proceedings of|journal of)\b/i,
  /\b(acrobat|distiller|pdftex|latex|xetex|luatex|ghostscript|quartz|pdfmaker|itext|indesign|word \d{4})\b/i,
  /^[\w-]+\s*[-–]\s*[\w-]+\.\w{2,4}$/,
  /^[a-z0-9]+(?:[_-][a-z0-9]+)+$/i,
  /^\s*\d[\d\s.-]*$/,
];

/** A title a person wrote: several words, not a file name, template or program. */
export function plausibleTitle(value: string | undefined, journalNames: readonly string[] = []): string | null {
  const title = value?.replace(/\s+/g, ' ').trim();
  if (!title || title.length < 8 || title.length > 400) return null;
  if (title.split(' ').length < 2) return null;
  if (NOT_TITLES.some((pattern) => pattern.test(title))) return null;
  const folded = foldText(title);
  if (journalNames.some((name) => foldText(name) === folded)) return null;
  return title;
}

const NOT_AUTHORS =
  /^(user|admin|administrator|owner|author|authors|unknown|anonymous|root|guest|default|windows user|microsoft|office|test|staff|editor|pc|desktop|laptop)\b/i;

/** Names from an info Author / XMP dc:creator value, or null when it is an account or machine name. */
export function plausibleAuthors(value: string | string[] | undefined): string[] | null {
  const raw = Array.isArray(value) ? value : (value ?? '').split(/\s*;\s*|\s+and\s+|\s*&\s*/);
  const list = raw.flatMap((entry) =>
    Array.isArray(value) || !/,/.test(entry) || /^\s*[^,]+,\s*[^,\s]+(\s+[^,\s]+)?\s*$/.test(entry)
      ? [entry]
      : entry.split(/\s*,\s*/),
  );
  const names = list.map((name) => name.replace(/\s+/g, ' ').trim()).filter(Boolean);
  if (names.length === 0) return null;
  for (const name of names) {
    if (NOT_AUTHORS.test(name) || /[@\\/_]|\d/.test(name) || name.split(' ').length < 2 || name.length > 80) {
      return null;
    }
  }
  // "Family, Given" as XMP writes it → "Given Family".
  return names.map((name) => {
    const [family, given] = name.split(/\s*,\s*/);
    return given && !given.includes(' ') && family ? `${given} ${family}` : name;
  });
}
