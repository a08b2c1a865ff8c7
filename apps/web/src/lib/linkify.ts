import { LinkifyIt } from 'linkify-it';

/** A piece of comment text: plain text, or an http(s) link with the text it shows. */
export type TLinkifySegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// linkify-it (markdown-it's link finder) knows where a URL typed in prose ends: trailing punctuation,
// unbalanced brackets, quotes. Only explicit http(s) URLs count: no bare domains, e-mails, mailto:,
// ftp: or protocol-relative links.
const finder = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false })
  .add('mailto:', null)
  .add('ftp:', null)
  .add('//', null);

/** The URL when `text` is a well-formed http(s) URL with a host, else null. */
function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits plain text into text and link segments for display (comments, docs/security.md: user text is
 * rendered as React text nodes, never as HTML). Only http and https URLs become links; everything else,
 * `javascript:` included, stays text.
 */
export function linkify(text: string): TLinkifySegment[] {
  const segments: TLinkifySegment[] = [];
  let last = 0;
  for (const match of finder.match(text) ?? []) {
    const href = safeHref(match.url);
    if (!href) continue;
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    segments.push({ kind: 'link', text: match.text, href });
    last = match.lastIndex;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}
