import { type FormEvent, useId, useState } from 'react';
import './search-box.css';

type Props = {
  placeholder: string;
  onSearch: (query: string) => void;
  initialQuery?: string;
  /** spec §5: the button is disabled while loading. */
  isLoading?: boolean;
  size?: 'large' | 'regular';
};

/** spec §2 / §5: a labelled search input with a single Search button; Enter also searches. */
export function SearchBox({ placeholder, onSearch, initialQuery = '', isLoading = false, size = 'regular' }: Props) {
  const [text, setText] = useState(initialQuery);
  const inputId = useId();
  const query = text.trim(); // spec §5: the text is trimmed; an empty query cannot be submitted
  const canSearch = query.length > 0 && !isLoading;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSearch) onSearch(query);
  };

  return (
    <search>
      <form className={`search-box search-box-${size}`} onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search papers
        </label>
        <svg className="search-box-icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={inputId}
          type="search"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={!canSearch}>
          {isLoading ? 'Searching…' : 'Search'}
        </button>
      </form>
    </search>
  );
}
