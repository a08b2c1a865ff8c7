import type { TSearchSuggestion } from '@paperbench/contract';
import { useEffect, useState } from 'react';
import { tsr } from '../../api/client';

/** Typing pauses shorter than this send nothing: one request per pause, not per keystroke. */
export const SUGGESTION_DEBOUNCE_MS = 150;
/** The API refuses longer text (and nobody needs completions for it). */
const MAX_TYPED_LENGTH = 200;

async function fetchSuggestions(q: string, signal: AbortSignal): Promise<TSearchSuggestion[]> {
  const response = await tsr.search.searchSuggestions.query({ query: { q }, fetchOptions: { signal } });
  return response.status === 200 ? response.body.suggestions : [];
}

/**
 * Completions for the text in a search box while `isActive` (the user is typing in it). Debounced;
 * a newer text aborts the request of an older one, so a slow stale answer never replaces a fresh
 * one. Failures show no suggestions: completions are a convenience, never an error.
 */
export function useSearchSuggestions(text: string, isActive: boolean): TSearchSuggestion[] {
  const [suggestions, setSuggestions] = useState<TSearchSuggestion[]>([]);
  const q = text.trim();
  useEffect(() => {
    if (!isActive || q.length > MAX_TYPED_LENGTH) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(q, controller.signal).then(
        (found) => {
          if (!controller.signal.aborted) setSuggestions(found);
        },
        () => {
          if (!controller.signal.aborted) setSuggestions([]);
        },
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, isActive]);
  return suggestions;
}
