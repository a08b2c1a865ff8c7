import type { TSearchSuggestion } from '@paperbench/contract';
import { useSearchSuggestionsQuery } from './api';
import { useDebouncedValue } from './use-debounced-value';

/** Typing pauses shorter than this send nothing: one request per pause, not per keystroke. */
export const SUGGESTION_DEBOUNCE_MS = 150;
/** The API refuses longer text (and nobody needs completions for it). */
const MAX_TYPED_LENGTH = 200;

/**
 * Completions for the text in a search box while `isActive` (the user is typing in it), asked once
 * the typing pauses. The list of the previous pause stays while the user types on; closing the box
 * or typing past the limit hides it at once.
 */
export function useSearchSuggestions(text: string, isActive: boolean): TSearchSuggestion[] {
  const typed = text.trim();
  const wanted = isActive && typed.length <= MAX_TYPED_LENGTH ? typed : null;
  const asked = useDebouncedValue(wanted, SUGGESTION_DEBOUNCE_MS);
  return useSearchSuggestionsQuery(asked ?? '', wanted !== null && asked !== null);
}
