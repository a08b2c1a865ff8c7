import { MAX_CONVERSATIONAL_SUGGESTIONS, type TSearchHit, type TStructuredQuery } from '@paperbench/contract';
import { z } from 'zod';
import type { AiModel } from '../../ai/model';
import { tokenize } from '../../ai/text/normalize';
import { STOPWORDS } from '../../ai/text/stopwords';

type Logger = { warn: (details: object, message: string) => void };

/** The top results suggestions are drawn from (the synthesis reads as many). */
const SUGGESTION_PAPERS = 10;
const MIN_WORD_LENGTH = 4;
const MAX_SUGGESTION_CHARS = 120;
const WORD = /[\p{L}][\p{L}\p{N}-]*[\p{L}\p{N}]/gu;

/** Words of abstracts that say nothing about a topic. */
const GENERIC = new Set(
  `paper papers propose proposed proposes present presents presented show shows shown results result approach
  approaches method methods model models based using used use new novel work study also well two three first
  however existing different various several many often recent problem problems task tasks performance
  demonstrate demonstrates experiments experimental state art data analysis provide provides obtained given
  allows consider considered case cases thus furthermore moreover significantly significant effective efficient
  simple general large small high higher low lower important possible able known main order terms number time
  following find found obtain paper's`.split(/\s+/),
);

const stemOf = (word: string) => tokenize(word)[0];

/** Stems the query already names (terms, phrases, exclusions): suggesting them again refines nothing. */
function queryStems(query: TStructuredQuery): Set<string> {
  return new Set(tokenize([...query.terms, ...query.phrases, ...query.exclude].join(' ')));
}

/** The results' most widespread topic words not yet in the query: by papers containing them, then by uses. */
function frequentWords(query: TStructuredQuery, hits: readonly TSearchHit[]): string[] {
  const known = queryStems(query);
  const stats = new Map<string, { papers: number; uses: number; forms: Map<string, number> }>();
  for (const hit of hits) {
    const seen = new Set<string>();
    for (const [raw] of `${hit.title} ${hit.abstract ?? ''}`.matchAll(WORD)) {
      const word = raw.toLowerCase();
      if (word.length < MIN_WORD_LENGTH || STOPWORDS.has(word) || GENERIC.has(word)) continue;
      const stem = stemOf(word);
      if (!stem || known.has(stem) || GENERIC.has(stem)) continue;
      const entry = stats.get(stem) ?? { papers: 0, uses: 0, forms: new Map() };
      if (!seen.has(stem)) entry.papers++;
      seen.add(stem);
      entry.uses++;
      entry.forms.set(word, (entry.forms.get(word) ?? 0) + 1);
      stats.set(stem, entry);
    }
  }
  const minPapers = hits.length > 1 ? 2 : 1;
  return [...stats.values()]
    .filter((entry) => entry.papers >= minPapers)
    .map((entry) => ({
      ...entry,
      // The form most used, alphabetical on a tie: the same results always give the same words.
      form: [...entry.forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '',
    }))
    .sort((a, b) => b.papers - a.papers || b.uses - a.uses || a.form.localeCompare(b.form))
    .map((entry) => entry.form);
}

/** The results' most frequent category outside the query's, when it would narrow them (some but not all hits). */
function narrowingCategory(query: TStructuredQuery, hits: readonly TSearchHit[]): string | null {
  const taken = new Set(query.categories.map((category) => category.toLowerCase()));
  const counts = new Map<string, number>();
  for (const hit of hits) {
    for (const category of new Set(hit.categories)) {
      if (!taken.has(category.toLowerCase())) counts.set(category, (counts.get(category) ?? 0) + 1);
    }
  }
  const [best] = [...counts.entries()]
    .filter(([, count]) => count >= 2 && count < hits.length)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return best?.[0] ?? null;
}

/** The median publication year of the results, when "only since" it would drop some and keep some. */
function narrowingYear(query: TStructuredQuery, hits: readonly TSearchHit[]): number | null {
  const years = hits
    .flatMap((hit) => (hit.published_date ? [Number(hit.published_date.slice(0, 4))] : []))
    .sort((a, b) => a - b);
  const median = years[Math.floor(years.length / 2)];
  if (median === undefined || years.length < 3 || (years[0] ?? median) >= median) return null;
  if (query.date_from && Number(query.date_from.slice(0, 4)) >= median) return null;
  return median;
}

/**
 * Offline follow-ups (docs/ai.md#conversational-search): short requests the offline parser reads as
 * refinements of this query: "focus on <word>" for the results' most widespread topic words the query
 * lacks, "only in <category>" for their most frequent other category, "only since <year>" for their
 * median year. Deterministic: the same results always give the same suggestions.
 */
export function offlineSuggestions(query: TStructuredQuery, hits: readonly TSearchHit[]): string[] {
  const top = hits.slice(0, SUGGESTION_PAPERS);
  if (top.length === 0) return [];
  const words = frequentWords(query, top).map((word) => `focus on ${word}`);
  const category = narrowingCategory(query, top);
  const year = narrowingYear(query, top);
  const ordered = [
    words[0],
    category ? `only in ${category}` : undefined,
    year ? `only since ${year}` : undefined,
    ...words.slice(1),
  ];
  return ordered.filter((entry): entry is string => Boolean(entry)).slice(0, MAX_CONVERSATIONAL_SUGGESTIONS);
}

const ZModelSuggestions = z.object({ suggestions: z.array(z.string()).max(20) });

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The model's suggestions, validated: one line each, 3-120 characters, no control characters, distinct, at most four. */
export function validSuggestions(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const entry of raw) {
    const text = entry.normalize('NFC').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
    const key = text.toLowerCase();
    if (text.length < 3 || text.length > MAX_SUGGESTION_CHARS || /[\uD800-\uDFFF]/.test(text) || seen.has(key))
      continue;
    seen.add(key);
    kept.push(text);
    if (kept.length === MAX_CONVERSATIONAL_SUGGESTIONS) break;
  }
  return kept;
}

function suggestionPrompt(request: string, query: TStructuredQuery, hits: readonly TSearchHit[]): string {
  return [
    `The user's last request: ${request}`,
    `The structured query run: ${JSON.stringify(query)}`,
    'Titles of the top results:',
    ...hits.slice(0, SUGGESTION_PAPERS).map((hit, index) => `${index + 1}. ${hit.title}`),
  ].join('\n');
}

const SUGGESTION_SYSTEM = [
  'You suggest follow-up requests for a conversational search over arXiv papers.',
  `Give at most ${MAX_CONVERSATIONAL_SUGGESTIONS} short requests (3-10 words each) the user could type next to refine the search:`,
  'narrow to a sub-topic seen in the titles, restrict the period or category, or exclude a kind of paper.',
  'Phrase them as the user would ("only since 2020", "focus on protein folding", "without surveys"). Answer with JSON {"suggestions": [...]}.',
].join('\n');

/**
 * Up to four follow-ups: the model's when one is configured and its reply is usable (validated), the
 * offline ones otherwise. A failing model never fails the search for this; it is only logged.
 */
export async function suggestFollowUps(
  ai: AiModel,
  request: string,
  query: TStructuredQuery,
  hits: readonly TSearchHit[],
  log: Logger,
): Promise<string[]> {
  if (hits.length === 0) return [];
  if (ai.mode === 'model') {
    try {
      const reply = await ai.generateObject({
        schema: ZModelSuggestions,
        name: 'follow_up_suggestions',
        system: SUGGESTION_SYSTEM,
        prompt: suggestionPrompt(request, query, hits),
      });
      const suggestions = validSuggestions(reply.suggestions);
      if (suggestions.length > 0) return suggestions;
    } catch (error) {
      log.warn({ err: error }, 'conversational search: follow-up suggestions failed; using the offline ones');
    }
  }
  return offlineSuggestions(query, hits);
}
