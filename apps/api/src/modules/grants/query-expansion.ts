import { z } from 'zod';
import type { AiModel } from '../../ai/model';

/** docs/grants.md#query-expansion: at most this many related terms are ORed into a query. */
export const MAX_EXPANDED_TERMS = 5;
const MAX_TERM_LENGTH = 60;

/** What the model is asked for; lenient on count and length, so one long term does not fail the call. */
const ZExpansion = z.object({ terms: z.array(z.string()).max(50) });

const SYSTEM = [
  'You expand search queries for a database of research grants (titles, abstracts, keywords).',
  `Give at most ${MAX_EXPANDED_TERMS} related search terms: synonyms, common abbreviations, closely narrower or broader terms`,
  'that grant titles and abstracts would use for the same topic. Each term is one to four plain words, no operators or quotes.',
  'Do not repeat the query itself. Answer with JSON {"terms": [...]}.',
].join(' ');

/** A term as it may be used: letters, digits, spaces, hyphens and apostrophes, one to four words. */
const TERM = /^[\p{L}\p{N}][\p{L}\p{N}' -]*$/u;

/**
 * The model's terms, validated: trimmed and collapsed, plain words only (no web-search operators), at most four
 * words and 60 characters each, none repeating the query or another term (case-insensitive), at most five.
 */
export function validTerms(query: string, terms: readonly string[]): string[] {
  const seen = new Set([query.trim().toLowerCase().replace(/\s+/g, ' ')]);
  const kept: string[] = [];
  for (const raw of terms) {
    const term = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
    const key = term.toLowerCase();
    if (!term || term.length > MAX_TERM_LENGTH || !TERM.test(term) || term.split(' ').length > 4) continue;
    if (/^(or|and|not)$/i.test(term) || seen.has(key)) continue;
    seen.add(key);
    kept.push(term);
    if (kept.length === MAX_EXPANDED_TERMS) break;
  }
  return kept;
}

type Logger = { warn: (details: object, message: string) => void };

/** docs/ai.md#budgets: expansions remembered per process, so paging or refiltering one query asks the model once. */
const CACHE_TTL_MS = 60 * 60 * 1000;
const CACHE_LIMIT = 1000;

export interface QueryExpander {
  /**
   * Up to five related terms from the model, or none: offline (extractive mode), or when the model fails or
   * answers nothing usable. A failing model never fails the search; it is only logged (and not remembered).
   */
  expand(query: string, log: Logger): Promise<string[]>;
}

export function createQueryExpander(ai: AiModel, now: () => number = Date.now): QueryExpander {
  const cache = new Map<string, { terms: string[]; expires: number }>();
  return {
    async expand(query, log) {
      if (ai.mode !== 'model' || !query.trim()) return [];
      const key = query.trim().toLowerCase().replace(/\s+/g, ' ');
      const cached = cache.get(key);
      if (cached && cached.expires > now()) return cached.terms;
      try {
        const { terms } = await ai.generateObject({
          schema: ZExpansion,
          name: 'grant_query_expansion',
          system: SYSTEM,
          prompt: `Query: ${query}`,
        });
        const valid = validTerms(query, terms);
        cache.delete(key);
        if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
        cache.set(key, { terms: valid, expires: now() + CACHE_TTL_MS });
        return valid;
      } catch (error) {
        log.warn({ err: error }, 'grant search: query expansion failed; searching with the query as given');
        return [];
      }
    },
  };
}
