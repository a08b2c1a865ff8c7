import { TEX_ACCENTS, TEX_DROPPED, TEX_SWITCHES, TEX_SYMBOLS, TEX_WRAPPERS } from './tex-symbols';

/** What marks a text as holding TeX at all: without any of these it is returned untouched. */
const HAS_TEX = /[\\$]|``|\{[^{}]*\}/;

/** A group's brace-balanced argument: `{…}` at `at` (nested up to a few levels), or one character. */
const ARGUMENT = /^\s*(\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}|[^\s{}\\])/;

/** `\name` and its brace argument, or `\name` alone, with the text after it. */
function readCommand(text: string, at: number): { name: string; end: number } {
  const name = /^\\([A-Za-z]+|.)/.exec(text.slice(at))?.[1] ?? '';
  return { name, end: at + 1 + name.length };
}

function readArgument(text: string, at: number): { value: string; end: number } | undefined {
  const match = ARGUMENT.exec(text.slice(at));
  if (!match?.[1]) return undefined;
  const raw = match[1];
  return { value: raw.startsWith('{') ? raw.slice(1, -1) : raw, end: at + match[0].length };
}

/** Characters TeX escapes with a backslash: `\%` prints %. */
const ESCAPED = new Set(['%', '&', '_', '#', '$', '{', '}']);

/** TeX (math or text mode) as the plain characters it prints. */
function plain(text: string, math: boolean): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (char === '\\') {
      const { name, end } = readCommand(text, at);
      at = end;
      // In math, spaces after a control word only end its name ("\Delta B" prints ΔB).
      if (math && /^[A-Za-z]/.test(name)) while (text[at] === ' ') at++;
      if (name === '\\') out += ' ';
      else if (ESCAPED.has(name)) out += name;
      else if (name === ',' || name === ';' || name === ' ' || name === '!' || name === ':')
        out += name === '!' ? '' : ' ';
      else if (name in TEX_ACCENTS && !math) {
        const argument = readArgument(text, at);
        if (argument) {
          out += (plain(argument.value, false) + TEX_ACCENTS[name]).normalize('NFC');
          at = argument.end;
        }
      } else if (TEX_WRAPPERS.has(name)) {
        const argument = readArgument(text, at);
        if (argument) {
          out += plain(argument.value, math);
          at = argument.end;
        }
      } else if (TEX_DROPPED.has(name)) {
        at = readArgument(text, at)?.end ?? at;
        out = out.replace(/[ ~]+$/, '');
      } else if (name === 'frac' || name === 'dfrac' || name === 'tfrac') {
        const top = readArgument(text, at);
        const bottom = top && readArgument(text, top.end);
        if (top && bottom) {
          const [a, b] = [plain(top.value, true), plain(bottom.value, true)];
          const wrap = (part: string) => (part.length > 1 && /[^\p{L}\p{N}.]/u.test(part) ? `(${part})` : part);
          out += `${wrap(a)}/${wrap(b)}`;
          at = bottom.end;
        }
      } else if (name in TEX_SYMBOLS) {
        out += TEX_SYMBOLS[name];
      } else if (
        name === 'left' ||
        name === 'right' ||
        name === 'big' ||
        name === 'Big' ||
        name === 'bigl' ||
        name === 'bigr'
      ) {
        // Delimiter sizes print the delimiter after them.
      } else if (!TEX_SWITCHES.has(name) && math) {
        out += name;
      }
      // An unknown command in text mode is an author's macro, undefined here ("{\m}"): it is dropped.
      continue;
    }
    if (char === '{' || char === '}') {
      at++;
      continue;
    }
    if (char === '~' && !math) out += ' ';
    else out += char;
    at++;
  }
  return out;
}

/** `$…$`, `$$…$$`, `\(…\)` and `\[…\]`; an escaped `\$` is a dollar, not math. */
const MATH = /\$\$([\s\S]+?)\$\$|(?<!\\)\$((?:[^$\\]|\\[\s\S])+?)\$|\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]/g;

/**
 * docs/ai.md#clean-text: an abstract's TeX as the prose it prints, for where abstracts are read as
 * plain text (passages, summaries, answers): "$\mathcal{O}(n^2)$" → "O(n^2)", "\emph{word}" → "word",
 * "\%" → "%", "``a''" → "“a”", an author's undefined macro ("framework ({\m})") dropped with the
 * brackets it leaves empty. A text with no TeX is returned as it is.
 */
export function texToProse(text: string): string {
  if (!HAS_TEX.test(text)) return text;
  const prose = text
    .replace(MATH, (_whole, display, inline, paren, bracket) =>
      plain(display ?? inline ?? paren ?? bracket ?? '', true),
    )
    .replace(/``([\s\S]*?)''/g, '“$1”')
    .replace(/---/g, '—')
    .replace(/--/g, '–');
  return plain(prose, false)
    .replace(/\s*\(\s*\)/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([,.;:])/g, '$1')
    .trim();
}
