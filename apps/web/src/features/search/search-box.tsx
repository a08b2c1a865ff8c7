import type { TSearchSuggestion } from '@paperbench/contract';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { nextActiveIndex, typedPart } from './suggestion-list';
import { useSearchSuggestions } from './use-search-suggestions';
import './search-box.css';
import { Icon } from '../ui/icons';

type Props = {
  placeholder: string;
  onSearch: (query: string) => void;
  initialQuery?: string;
  /** requirements §5: the button is disabled while loading. */
  isLoading?: boolean;
  size?: 'large' | 'regular';
};

/**
 * requirements §2 / §5: a labelled search input with a single Search button; Enter also searches. While
 * typing, a list of completions (popular queries, paper titles) opens under it: the ARIA combobox
 * pattern, with ↑/↓ to move, Enter to pick, Esc to close, and the mouse.
 */
export function SearchBox({ placeholder, onSearch, initialQuery = '', isLoading = false, size = 'regular' }: Props) {
  const [text, setText] = useState(initialQuery);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const suggestions = useSearchSuggestions(text, isOpen);
  const inputId = useId();
  const listId = useId();
  const query = text.trim(); // requirements §5: the text is trimmed; an empty query cannot be submitted
  const canSearch = query.length > 0 && !isLoading;
  const isListShown = isOpen && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
  };
  const search = (value: string) => {
    close();
    const trimmed = value.trim();
    if (trimmed && !isLoading) onSearch(trimmed);
  };
  const pick = (suggestion: TSearchSuggestion) => {
    setText(suggestion.text);
    search(suggestion.text);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const active = isListShown ? suggestions[activeIndex] : undefined;
    if (active) pick(active);
    else if (canSearch) search(query);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) setIsOpen(true);
      else setActiveIndex(nextActiveIndex(activeIndex, suggestions.length, event.key));
    } else if (event.key === 'Escape' && isListShown) {
      // Esc closes the list first; a second Esc is the input's own (clear the text).
      event.preventDefault();
      close();
    }
  };

  return (
    <search>
      <form className={`search-box search-box-${size}`} onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search papers
        </label>
        <Icon name="search" size={20} strokeWidth={2} className="search-box-icon" />
        <input
          id={inputId}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={listId}
          aria-activedescendant={isListShown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <button type="submit" className="button button-primary" disabled={!canSearch}>
          {isLoading ? 'Searching…' : 'Search'}
        </button>
        <div id={listId} role="listbox" aria-label="Suggestions" className="search-suggestions" hidden={!isListShown}>
          {isListShown &&
            suggestions.map((suggestion, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys live on the input (aria-activedescendant), as the combobox pattern asks.
              <div
                key={`${suggestion.kind}:${suggestion.text}`}
                id={optionId(index)}
                role="option"
                // Named by the text alone: the bold part and the kind label are visual cues.
                aria-label={suggestion.text}
                aria-selected={index === activeIndex}
                tabIndex={-1}
                className="search-suggestion"
                // Keeps the focus in the input, so its blur does not close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActiveIndex(index)}
                onClick={() => pick(suggestion)}
              >
                <SuggestionIcon kind={suggestion.kind} />
                <span className="search-suggestion-text">
                  {typedPart(suggestion.text, query).map((piece, i) =>
                    // biome-ignore lint/suspicious/noArrayIndexKey: pieces of a fixed text, never reordered.
                    piece.isMatch ? <strong key={i}>{piece.text}</strong> : <span key={i}>{piece.text}</span>,
                  )}
                </span>
                <span className="search-suggestion-kind">{suggestion.kind === 'query' ? 'Popular' : 'Paper'}</span>
              </div>
            ))}
        </div>
      </form>
    </search>
  );
}

function SuggestionIcon({ kind }: { kind: TSearchSuggestion['kind'] }) {
  return kind === 'query' ? (
    <svg className="search-suggestion-icon" aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  ) : (
    <svg className="search-suggestion-icon" aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
      <path d="M6 3h9l4 4v14H6z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M9 12h7M9 16h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
