import { phraseFrequencies, phraseKey } from '../../ideas/key-phrases';
import { isMethodPhrase } from '../../ideas/phrase-discovery';
import type { PaperText } from './outline';

/**
 * docs/review.md#writing: an offline section's title as a researcher would write it, from the key phrases
 * its papers share ("Protein language models", "Graph neural networks for molecular property prediction"),
 * never a join of single words ("Chemical and accuracy").
 */

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const textOf = (paper: PaperText) => `${paper.title}.\n${paper.abstract ?? ''}`;

/**
 * The group's shared key phrases, best first: held by the most of its papers (at least two when it has
 * two), rarer in the rest of the session, in titles more than in abstracts.
 */
export function sharedPhrases(group: readonly string[], texts: ReadonlyMap<string, PaperText>): string[] {
  const members = group.flatMap((key) => texts.get(key) ?? []);
  const inGroup = phraseFrequencies(members.map(textOf));
  const inTitles = phraseFrequencies(members.map((paper) => paper.title));
  const inSession = phraseFrequencies([...texts.values()].map(textOf));
  const minShared = Math.min(2, members.length);
  return [...inGroup]
    .filter(([, { df }]) => df >= minShared)
    .map(([key, { text, df }]) => ({
      key,
      text,
      score: df * Math.log(1 + texts.size / (inSession.get(key)?.df ?? 1)) * (1 + (inTitles.get(key)?.df ?? 0)),
    }))
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))
    .map((phrase) => phrase.text);
}

/** "<method> for <problem>" when the shared phrases name both, else the best phrase; null when none is shared. */
export function phraseTitle(group: readonly string[], texts: ReadonlyMap<string, PaperText>): string | null {
  const phrases = sharedPhrases(group, texts).slice(0, 4);
  const [best] = phrases;
  if (!best) return null;
  const isMethod = (text: string) => isMethodPhrase(phraseKey(text));
  const method = phrases.find(isMethod);
  const problem = phrases.find((text) => !isMethod(text));
  if (method && problem && (method === best || problem === best)) return capitalise(`${method} for ${problem}`);
  return capitalise(best);
}
