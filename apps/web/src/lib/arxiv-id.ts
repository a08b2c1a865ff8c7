// New-style ids (2401.01234, 0704.0001) and old-style ones (math/0601001, hep-th/9901001v2).
const NEW_STYLE = /^\d{4}\.\d{4,5}(v\d+)?$/;
const OLD_STYLE = /^[a-z-]+(\.[A-Z]{2})?\/\d{7}(v\d+)?$/;

/**
 * The arXiv id in what a user pasted: a bare id, 'arXiv:' followed by one, or an arxiv.org abs/pdf link
 * (a trailing '.pdf' dropped). Null when it is none of these; the server still checks that it exists.
 */
export function parseArxivId(input: string): string | null {
  let text = input.trim();
  const link = text.match(/^https?:\/\/(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf)\/(.+?)(?:\.pdf)?\/?(?:[?#].*)?$/i);
  if (link?.[1]) text = link[1];
  text = text.replace(/^arxiv:\s*/i, '');
  return NEW_STYLE.test(text) || OLD_STYLE.test(text) ? text : null;
}
