import model from 'wink-eng-lite-web-model';
import winkNLP, { type ItemSentence, type WinkMethods } from 'wink-nlp';

/** One sentence of the input: `input.slice(start, end) === text`. */
export type TSentence = { text: string; start: number; end: number };

let nlp: WinkMethods | undefined;

/** The English model (3.8 MB, shipped in its npm package) loads on first use and once per process. */
function sentenceNlp(): WinkMethods {
  nlp ??= winkNLP(model, ['sbd']);
  return nlp;
}

/**
 * Abbreviations frequent in papers that end with a period yet rarely end a sentence: a split right
 * after one is a false split. "etc." is left out on purpose: it often does end a sentence.
 */
const ABBREVIATION_BEFORE_SPLIT =
  /(?:^|[\s([])(?:[Ff]igs?|[Ee]qs?|[Ss]ecs?|[Tt]abs?|[Rr]efs?|Nos?|Dr|[Cc]f|vs|approx|resp|Ch|App|Thm|Lem|Def|Prop|Alg|e\.g|i\.e)\.$/;
/** A single capital with a period before a capitalised word is an author's initial ("J. Smith"). */
const INITIAL_BEFORE_SPLIT = /(?:^|[\s([.])[A-Z]\.$/;
/** "et al." ends a sentence often enough; it is a false split when a year or a bracket follows. */
const ET_AL_BEFORE_SPLIT = /\bet al\.$/;

/** A citation or attribution alone in brackets ("(Centre A, R4).") closes the sentence before it. */
const PARENTHETICAL_ONLY = /^\([^()]*\)[.,;:]?$/;

function isFalseSplit(previous: string, next: string): boolean {
  // Sentences do not begin in lowercase: such a split comes from an abbreviation or URL that wink
  // does not know ("www. semanticscholar. org", "Available from: http://www. who. int").
  if (/^[a-z]/.test(next) || PARENTHETICAL_ONLY.test(next)) return true;
  if (ABBREVIATION_BEFORE_SPLIT.test(previous)) return true;
  if (ET_AL_BEFORE_SPLIT.test(previous)) return /^[\d([,;:]/.test(next);
  if (INITIAL_BEFORE_SPLIT.test(previous)) return /^[A-Z]/.test(next);
  return false;
}

/** Character offsets of each token, found in the input itself so that PDF text is never altered. */
function tokenOffsets(text: string, tokens: string[]): Array<[number, number]> {
  const offsets: Array<[number, number]> = [];
  let cursor = 0;
  for (const token of tokens) {
    const at = text.indexOf(token, cursor);
    // A token wink rewrote (never seen in practice) keeps the previous position rather than guessing.
    const start = at < 0 ? cursor : at;
    const end = at < 0 ? cursor : at + token.length;
    offsets.push([start, end]);
    cursor = end;
  }
  return offsets;
}

function trimmed(text: string, start: number, end: number): [number, number] {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from] ?? '')) from++;
  while (to > from && /\s/.test(text[to - 1] ?? '')) to--;
  return [from, to];
}

/**
 * Splits text into sentences with exact offsets into it. wink-nlp finds the boundaries; splits after
 * the abbreviations of papers (Fig., Eq., et al., initials…) are merged back, since a passage must not
 * be cut in the middle of "see Fig. 3".
 */
export function splitSentences(text: string): TSentence[] {
  const doc = sentenceNlp().readDoc(text);
  const its = sentenceNlp().its;
  const offsets = tokenOffsets(text, doc.tokens().out(its.value));
  const spans: Array<[number, number]> = [];
  doc.sentences().each((sentence: ItemSentence) => {
    const [firstToken, lastToken] = sentence.out(its.span) as unknown as [number, number];
    const tokenStart = offsets[firstToken]?.[0];
    const tokenEnd = offsets[lastToken]?.[1];
    if (tokenStart === undefined || tokenEnd === undefined) return;
    // wink keeps line breaks as tokens: a sentence never starts or ends with whitespace.
    const [start, end] = trimmed(text, tokenStart, tokenEnd);
    if (end <= start) return;
    const previous = spans.at(-1);
    if (previous && isFalseSplit(text.slice(previous[0], previous[1]), text.slice(start, end))) {
      previous[1] = end;
    } else {
      spans.push([start, end]);
    }
  });
  return spans.map(([start, end]) => ({ text: text.slice(start, end), start, end }));
}
