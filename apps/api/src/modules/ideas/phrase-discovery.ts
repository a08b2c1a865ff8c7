import type { TPaperRef } from '@paperbench/contract';
import { holdsPhrase, phraseFrequencies, phraseKey } from './key-phrases';

/**
 * docs/ideas.md#offline-literature-based-discovery: Swanson's ABC model over key phrases, kept on the topic. A is the topic
 * (its own words); the basis papers are its best search hits; the neighbourhood, the topic's next papers.
 * B (bridge): a key phrase the basis shares with neighbourhood papers. C (target): a key phrase of those
 * neighbourhood papers that no basis paper holds. Each (C, B) becomes "<method> for <problem>" in the
 * papers' own words. Deterministic: same papers, same ideas.
 */

/** A paper as the discovery reads it: title and abstract (or first passage). */
export interface TopicDoc {
  ref: TPaperRef;
  title: string;
  /** Title and abstract. */
  text: string;
}

export interface PhraseIdea {
  title: string;
  /** 'method': C is a way of working brought to the topic; 'setting': the topic's method taken to C. */
  kind: 'method' | 'setting';
  /** The topic as the title names it. */
  topic: string;
  bridge: string;
  target: string;
  /** Basis papers holding the bridge (A–B), and neighbourhood papers holding bridge and target (B–C). */
  basisPapers: TPaperRef[];
  targetPapers: TPaperRef[];
  /** Neighbourhood papers holding the target, and whether some basis paper holds it too (a weaker gap). */
  targetCount: number;
  inBasis: number;
}

/** Head nouns of a way of working: a phrase ending in one names a method, else a problem or setting. */
const METHOD_HEADS = new Set(
  phraseKey(
    `network networks model models learning algorithm method estimator estimation regression transformer attention
    sampling inference optimization optimisation pretraining embedding encoder decoder autoencoder simulation framework
    architecture approximation analysis kernel filter filtering classifier descent search scheme solver decomposition
    clustering augmentation distillation representation spectroscopy imaging microscopy tomography measurement
    calculation theory expansion formalism technique procedure approach programming passing process processes
    equations equation dynamics mechanics calculus statistics test tests`,
  ).split(' '),
);

/** Prepositions that split a topic into method and problem: "graph neural networks for molecules". */
const TOPIC_SPLIT = /\s+(?:for|in|of|on|with|to|under|via|using)\s+/i;

/** Words that name a process take "for" ("option pricing for illiquid markets"), things take "in". */
const PROCESS_NOUN = /(?:ing|tion|sion|ment|sis|ance|ence|ity|ery|ysis)$/;

const EVIDENCE_PAPERS = 3;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The user's words, trimmed of end punctuation, lowercased except acronyms ("GNNs", "DFT"). */
function topicWords(topic: string): string {
  return topic
    .trim()
    .replace(/[\s.?!;:,]+$/, '')
    .split(/\s+/)
    .map((word) => (/\p{Lu}.*\p{Lu}|\d/u.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

export function isMethodPhrase(key: string): boolean {
  return METHOD_HEADS.has(key.split(' ').at(-1) ?? '');
}

/**
 * The topic as method and problem: "graph neural networks for molecular property prediction" is both,
 * "option pricing" a problem, "graph neural networks" a method (its last word says which).
 */
export function topicParts(topic: string): { method: string | null; problem: string | null } {
  const words = topicWords(topic);
  const [method, ...rest] = words.split(TOPIC_SPLIT);
  const problem = rest.join(' ');
  if (method && problem) return { method, problem };
  return isMethodPhrase(phraseKey(words)) ? { method: words, problem: null } : { method: null, problem: words };
}

/** The title a researcher would write, a method for a problem, in the papers' and the user's words. */
export function ideaTitle(kind: PhraseIdea['kind'], target: string, topic: string): string {
  const { method, problem } = topicParts(topic);
  if (kind === 'method') return capitalise(problem ? `${target} for ${problem}` : `${method} with ${target}`);
  if (method) return capitalise(`${method} for ${target}`);
  const lead = problem ?? topic;
  const preposition = PROCESS_NOUN.test(lead.split(' ').at(-1) ?? '') ? 'for' : 'in';
  return capitalise(`${lead} ${preposition} ${target}`);
}

interface Candidate {
  key: string;
  text: string;
  bridge: { key: string; text: string };
  holders: TopicDoc[];
  inBasis: number;
  score: number;
}

/** Whether two targets overlap in most of their words ("graph convolutional network", "convolutional networks"). */
function overlaps(a: string, b: string): boolean {
  const [x, y] = [new Set(a.split(' ')), new Set(b.split(' '))];
  const shared = [...x].filter((stem) => y.has(stem)).length;
  return shared * 2 >= Math.min(x.size, y.size);
}

/**
 * The targets and their best bridges, best first: neighbourhood phrases that add to the topic, scored by
 * the neighbourhood papers holding them (a title counting thrice: titles name what a paper is about,
 * abstracts also name its tools, "time steps") times the bridges those papers share with the basis; phrases
 * some basis paper holds too come after all the others, and those of a single paper after those of
 * several (weaker gaps, kept so that a topic with papers always yields ideas).
 */
function candidates(
  topic: string,
  basis: readonly TopicDoc[],
  neighbours: readonly TopicDoc[],
  rarity: (stem: string) => number,
): Candidate[] {
  const topicStems = new Set(phraseKey(topic).split(' '));
  const keysOf = (docs: readonly TopicDoc[]) => docs.map((doc) => ({ doc, key: phraseKey(doc.text) }));
  const basisKeys = keysOf(basis);
  const neighbourKeys = keysOf(neighbours);
  // Nearer papers count more: the neighbourhood comes best first, and its tail drifts off the topic.
  const closeness = new Map(neighbours.map((doc, index) => [doc, 1 / (1 + index / 10)]));
  const basisPhrases = phraseFrequencies(basis.map((doc) => doc.text));
  const bridgesOf = (textKey: string) =>
    [...basisPhrases].filter(([key]) => holdsPhrase(textKey, key)).map(([key, { text }]) => ({ key, text }));
  // A phrase holding the topic or one of its parts ("gravitational wave bursts") only narrows the topic.
  const { method, problem } = topicParts(topic);
  const topicKeys = [method, problem].flatMap((part) => (part ? [phraseKey(part)] : []));
  const found = new Map<string, Candidate>();
  for (const [key, { text }] of phraseFrequencies(neighbours.map((doc) => doc.text))) {
    if (topicKeys.some((part) => holdsPhrase(key, part))) continue;
    const holders = neighbourKeys.filter(({ key: textKey }) => holdsPhrase(textKey, key));
    const bridges = new Map<string, { key: string; text: string; support: number }>();
    for (const holder of holders) {
      for (const bridge of bridgesOf(holder.key)) {
        if (bridge.key === key || overlaps(bridge.key, key)) continue;
        const current = bridges.get(bridge.key) ?? { ...bridge, support: 0 };
        current.support += 1;
        bridges.set(bridge.key, current);
      }
    }
    const [bridge] = [...bridges.values()].sort((a, b) => b.support - a.support || a.key.localeCompare(b.key));
    if (!bridge) continue;
    const inBasis = basisKeys.filter(({ key: textKey }) => holdsPhrase(textKey, key)).length;
    // What the phrase adds to the topic must be specific: "time steps" or the "models" of "protein
    // models" (for a protein topic) name no subject of their own.
    const added = key.split(' ').filter((stem) => !topicStems.has(stem));
    const specificity = Math.max(0, ...added.map(rarity));
    if (specificity <= 0) continue;
    const weight = holders.reduce(
      (sum, { doc }) => sum + (closeness.get(doc) ?? 0) * (holdsPhrase(phraseKey(doc.title), key) ? 3 : 1),
      0,
    );
    const score = weight * (1 + bridge.support) * specificity;
    found.set(key, { key, text, bridge, holders: holders.map(({ doc }) => doc), inBasis, score });
  }
  // A phrase of one paper is that paper's subject, not yet a literature: after those of two papers or more.
  const tier = (candidate: Candidate) => 2 * Number(candidate.inBasis > 0) + Number(candidate.holders.length < 2);
  return [...found.values()].sort((a, b) => tier(a) - tier(b) || b.score - a.score || a.key.localeCompare(b.key));
}

/**
 * The ideas of a topic, at most `count`; `rarity` is a stem's inverse document frequency in the corpus
 * (0 for the words in more than a few per cent of papers), which keeps generic phrases out., each with a different target.
 */
export function discoverPhraseIdeas(
  topic: string,
  basis: readonly TopicDoc[],
  neighbours: readonly TopicDoc[],
  { count, rarity }: { count: number; rarity: (stem: string) => number },
): PhraseIdea[] {
  const named = topicWords(topic);
  const ranked = candidates(named, basis, neighbours, rarity);
  const chosen: Candidate[] = [];
  for (const candidate of ranked) {
    if (chosen.length >= count) break;
    if (chosen.some((other) => overlaps(other.key, candidate.key))) continue;
    chosen.push(candidate);
  }
  return chosen.map((candidate) => {
    const kind = isMethodPhrase(candidate.key) ? 'method' : 'setting';
    const bridgeKey = candidate.bridge.key;
    return {
      title: ideaTitle(kind, candidate.text, named),
      kind,
      topic: named,
      bridge: candidate.bridge.text,
      target: candidate.text,
      basisPapers: basis
        .filter((doc) => holdsPhrase(phraseKey(doc.text), bridgeKey))
        .slice(0, EVIDENCE_PAPERS)
        .map((doc) => doc.ref),
      targetPapers: candidate.holders
        .filter((doc) => holdsPhrase(phraseKey(doc.text), bridgeKey))
        .slice(0, EVIDENCE_PAPERS)
        .map((doc) => doc.ref),
      targetCount: candidate.holders.length,
      inBasis: candidate.inBasis,
    };
  });
}
