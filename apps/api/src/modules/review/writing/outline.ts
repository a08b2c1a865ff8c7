import { z } from 'zod';
import { normalizeText, tokenize } from '../../../ai/text/normalize';
import type { GraphGroup } from './graph-groups';
import { phraseTitle } from './section-titles';

/** A section to write: one graph group, titled and placed. */
export interface OutlineSection {
  id: string;
  title: string;
  labels: string[];
  /** Paper keys (paperRefKey), in session order. */
  papers: string[];
  isolated: boolean;
}

/** What the offline titles read of a paper. */
export type PaperText = { title: string; abstract: string | null };

/** The title of the group of papers no edge touches, when there are other groups. */
export const ISOLATED_GROUP_TITLE = 'Other related work';
/** How many shared terms distinctiveTerms gives unless told. */
const TITLE_TERMS = 2;
const MAX_TITLE_LENGTH = 120;

const WORD = /[\p{L}][\p{L}\p{N}-]*/gu;

/**
 * The group's most distinctive shared terms, as words of its papers (not stems): terms found in the most
 * of its papers (at least two when it has two), weighted by how rare they are among the session's other
 * papers (IDF over the session), ties to the term seen more often in titles.
 */
export function distinctiveTerms(group: readonly string[], texts: ReadonlyMap<string, PaperText>, limit = TITLE_TERMS) {
  const stemsOf = new Map<string, Set<string>>();
  const surface = new Map<string, Map<string, number>>();
  const inTitles = new Map<string, number>();
  for (const [key, paper] of texts) {
    const stems = new Set<string>();
    for (const [field, text] of [
      ['title', paper.title],
      ['abstract', paper.abstract ?? ''],
    ] as const) {
      for (const [word] of normalizeText(text).matchAll(WORD)) {
        const [stem] = tokenize(word);
        if (!stem || word.length < 3) continue;
        stems.add(stem);
        if (!group.includes(key)) continue;
        const spellings = surface.get(stem) ?? new Map<string, number>();
        spellings.set(word, (spellings.get(word) ?? 0) + 1);
        surface.set(stem, spellings);
        if (field === 'title') inTitles.set(stem, (inTitles.get(stem) ?? 0) + 1);
      }
    }
    stemsOf.set(key, stems);
  }
  const sessionDf = new Map<string, number>();
  for (const stems of stemsOf.values()) for (const stem of stems) sessionDf.set(stem, (sessionDf.get(stem) ?? 0) + 1);
  const groupDf = new Map<string, number>();
  for (const key of group) for (const stem of stemsOf.get(key) ?? []) groupDf.set(stem, (groupDf.get(stem) ?? 0) + 1);
  const minShared = Math.min(2, group.length);
  const scored = [...groupDf]
    .filter(([, df]) => df >= minShared)
    .map(([stem, df]) => ({
      stem,
      score: df * Math.log(1 + texts.size / (sessionDf.get(stem) ?? 1)),
      titles: inTitles.get(stem) ?? 0,
    }))
    .sort((a, b) => b.score - a.score || b.titles - a.titles || a.stem.localeCompare(b.stem));
  return scored.slice(0, limit).map(({ stem }) => {
    const spellings = [...(surface.get(stem) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
    return spellings[0]?.[0] ?? stem;
  });
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Offline: the key phrases the group's papers share ("Protein language models", section-titles.ts); else
 * its edge labels ("Related work: extends; compares with"); else its most distinctive shared word.
 */
export function offlineTitle(group: GraphGroup, texts: ReadonlyMap<string, PaperText>, onlyGroup: boolean): string {
  if (group.isolated && !onlyGroup) return ISOLATED_GROUP_TITLE;
  const phrased = phraseTitle(group.papers, texts);
  if (phrased) return cleanTitle(phrased) || 'Related work';
  if (group.labels.length > 0) return cleanTitle(`Related work: ${group.labels.join('; ')}`);
  const [term] = distinctiveTerms(group.papers, texts, 1);
  return term ? capitalise(term) : 'Related work';
}

/**
 * The outline without a model (docs/review.md#writing): each group titled from its data, larger groups
 * first (ties in graph order), the papers no edge touches last.
 */
export function offlineOutline(groups: readonly GraphGroup[], texts: ReadonlyMap<string, PaperText>): OutlineSection[] {
  return [...groups]
    .sort((a, b) => Number(a.isolated) - Number(b.isolated) || b.papers.length - a.papers.length)
    .map((group) => ({
      id: group.id,
      title: offlineTitle(group, texts, groups.length === 1),
      labels: group.labels,
      papers: group.papers,
      isolated: group.isolated,
    }));
}

/** One line of plain text: no control characters, Markdown heading marks or numbering, at most 120 characters. */
export function cleanTitle(title: string): string {
  return (
    title
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/^[\s#*_>]*(?:\d+(?:\.\d+)*[.)]?\s+)?/, '')
      .replace(/[*_`]+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_TITLE_LENGTH)
      .trim()
  );
}

/**
 * What the model may say about the outline: a title for each group and their order, nothing else. The
 * schema itself refuses anything but a permutation of the group ids (so the one repair turn tells the
 * model what was wrong): it cannot add, drop or merge groups, and never sees or moves papers.
 */
export function outlineNamingSchema(groupIds: readonly string[]) {
  return z
    .object({
      sections: z.array(z.object({ group: z.string(), title: z.string().min(1).max(300) })),
    })
    .superRefine(({ sections }, context) => {
      const named = sections.map((section) => section.group);
      const expected = [...groupIds].sort();
      const given = [...named].sort();
      if (given.length !== expected.length || given.some((id, index) => id !== expected[index])) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: `sections must name each of the groups ${groupIds.join(', ')} exactly once (got ${named.join(', ') || 'none'})`,
        });
      }
      if (sections.some((section) => cleanTitle(section.title) === '')) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: 'every section needs a title' });
      }
    });
}
export type OutlineNaming = z.infer<ReturnType<typeof outlineNamingSchema>>;

/** The model's order and titles over the offline outline (validated by outlineNamingSchema). */
export function applyNaming(outline: readonly OutlineSection[], naming: OutlineNaming): OutlineSection[] {
  const byId = new Map(outline.map((section) => [section.id, section]));
  return naming.sections.flatMap(({ group, title }) => {
    const section = byId.get(group);
    return section ? [{ ...section, title: cleanTitle(title) || section.title }] : [];
  });
}
