import model from 'wink-eng-lite-web-model';
import winkNLP, { type WinkMethods } from 'wink-nlp';
import { texToProse } from '../../ai/text/clean/tex-to-prose';
import { tokenize } from '../../ai/text/normalize';
import { STOPWORDS } from '../../ai/text/stopwords';

/**
 * Key phrases of papers without a model (docs/ideas.md#offline-literature-based-discovery): multi-word noun phrases in the
 * papers' own words ("graph neural networks", "molecular property prediction"), found as the runs of
 * content words between function words, verbs of reporting and punctuation (RAKE, Rose et al. 2010).
 * Single words are never phrases: "molecular" or "volatility" alone name no method and no problem.
 */

/** Words that end a phrase besides the function words: reporting verbs, hedges, evaluative adjectives. */
const BREAKERS = new Set(
  `propose proposes proposed present presents presented show shows showed shown use uses used based achieve
  achieves achieved demonstrate demonstrates demonstrated study studies studied paper papers article work works
  introduce introduces introduced provide provides provided obtain obtains obtained find finds found allow allows
  allowed enable enables enabled consider considers considered describe describes described develop develops
  developed apply applies applied give gives given make makes made compare compares compared investigate
  investigates investigated perform performs performed report reports reported require requires required
  improve improves improved outperform outperforms outperformed lead leads led yield yields yielded
  new novel various several different existing current recent previous many well first second one two three
  also however thus therefore here approach approaches method methods technique techniques result results
  problem problems task tasks way ways case cases number numbers set sets type types kind terms term order
  respect addition particular general important significant large small high low better best good
  state art able due known like even furthermore moreover finally still often always among across`.split(/\s+/),
);

/** Phrase length in words: two words name a concept; past four a run is usually two concepts. */
const MIN_WORDS = 2;
const MAX_WORDS = 4;

/** Where a phrase ends whatever the words: punctuation, brackets, digits. */
const BOUNDARY = /[.,;:!?()[\]"“”'‘’/\\|<>=+*&%#@~^]|\s-\s|\d/;

/** A word, hyphens and en dashes inside ("self-supervised", "Ornstein–Uhlenbeck") included. */
const WORD = /^\p{L}[\p{L}'–-]*\p{L}$|^\p{L}{2}$/u;

/** Nouns ending in -ly, which the adverb rule would otherwise cut out ("anomaly detection"). */
const NOUNS_IN_LY = new Set(
  'anomaly anomalies family families assembly supply monopoly butterfly italy poly'.split(' '),
);

const isBreaker = (word: string) =>
  STOPWORDS.has(word) || BREAKERS.has(word) || (word.endsWith('ly') && !NOUNS_IN_LY.has(word));

let nlp: WinkMethods | undefined;

/** wink's English model (shipped in its npm package) with its part-of-speech tagger, loaded on first use. */
function taggingNlp(): WinkMethods {
  nlp ??= winkNLP(model, ['sbd', 'pos']);
  return nlp;
}

/**
 * The words of a text its tagger reads as verbs or adverbs ("win", "helps", "price" in "we price
 * options"), which end a phrase. Words in -ing stay: in titles they are nouns ("option pricing",
 * "message passing", "self-supervised pretraining") more often than not.
 */
function verbsOf(text: string): Set<string> {
  const doc = taggingNlp().readDoc(text);
  const { its } = taggingNlp();
  const words = doc.tokens().out(its.value);
  const tags = doc.tokens().out(its.pos);
  const verbs = new Set<string>();
  words.forEach((word, index) => {
    const tag = tags[index];
    if ((tag === 'VERB' || tag === 'AUX' || tag === 'ADV') && !/ing$/i.test(word)) verbs.add(word.toLowerCase());
  });
  return verbs;
}

export interface KeyPhrase {
  /** The stems of its words, space-separated: two spellings of one phrase share it. */
  key: string;
  /** As the text wrote it, lowercased except acronyms and names ("GNN", "Black–Scholes"). */
  text: string;
}

/** Lowercase unless the word is an acronym or carries an inner capital ("GNNs", "DeepWalk"). */
const wordCase = (word: string) => (/\p{Lu}.*\p{Lu}|\d/u.test(word) ? word : word.toLowerCase());

export const phraseKey = (text: string) => tokenize(text).join(' ');

/** The key phrases of a text, in order of appearance, each once. */
export function keyPhrases(text: string): KeyPhrase[] {
  const found = new Map<string, KeyPhrase>();
  // An arXiv abstract's TeX read as the prose it prints ("$k$-means", "Ornstein--Uhlenbeck").
  const clean = texToProse(text.normalize('NFC'));
  const verbs = verbsOf(clean);
  for (const chunk of clean.split(BOUNDARY)) {
    let run: string[] = [];
    const flush = () => {
      // A run longer than the limit keeps its last words: English puts the head noun last.
      const words = run.slice(-MAX_WORDS);
      run = [];
      if (words.length < MIN_WORDS) return;
      const phrase = words.map(wordCase).join(' ');
      const key = phraseKey(phrase);
      if (key.split(' ').length >= MIN_WORDS && !found.has(key)) found.set(key, { key, text: phrase });
    };
    for (const raw of chunk.split(/\s+/)) {
      const word = raw.replace(/^[-']+|[-']+$/g, '');
      if (!word) continue;
      const lower = word.toLowerCase();
      if (!WORD.test(word) || isBreaker(lower) || verbs.has(lower)) flush();
      else run.push(word);
    }
    flush();
  }
  return [...found.values()];
}

/** Phrases by how many of the texts hold them (document frequency), with their commonest spelling. */
export function phraseFrequencies(texts: readonly string[]): Map<string, { text: string; df: number }> {
  const counts = new Map<string, { spellings: Map<string, number>; df: number }>();
  for (const text of texts) {
    for (const phrase of keyPhrases(text)) {
      const entry = counts.get(phrase.key) ?? { spellings: new Map(), df: 0 };
      entry.df += 1;
      entry.spellings.set(phrase.text, (entry.spellings.get(phrase.text) ?? 0) + 1);
      counts.set(phrase.key, entry);
    }
  }
  return new Map(
    [...counts].map(([key, { spellings, df }]) => {
      const [text] = [...spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? [key];
      return [key, { text, df }];
    }),
  );
}

/** Whether a text holds the phrase (by stems, in order), as keyPhrases would find it or inside a longer one. */
export function holdsPhrase(textKey: string, key: string): boolean {
  return ` ${textKey} `.includes(` ${key} `);
}
