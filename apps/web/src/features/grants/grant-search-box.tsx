import { type FormEvent, useId, useState } from 'react';
import { GRANT_QUERY_MAX } from './grant-url';
import '../search/search-box.css';

type Props = {
  initialQuery: string;
  /** An empty query may be searched too (grants like a folder need no words). */
  allowEmpty: boolean;
  onSearch: (query: string) => void;
};

/** The words to search grants for; Enter or the button searches. */
export function GrantSearchBox({ initialQuery, allowEmpty, onSearch }: Props) {
  const [text, setText] = useState(initialQuery);
  const inputId = useId();
  const query = text.trim();
  const canSearch = query.length > 0 || allowEmpty;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSearch) onSearch(query);
  };
  return (
    <search>
      <form className="search-box search-box-large grant-search-box" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search grants
        </label>
        <svg className="search-box-icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={inputId}
          type="search"
          value={text}
          placeholder="Search grants by topic"
          maxLength={GRANT_QUERY_MAX}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={!canSearch}>
          Search
        </button>
      </form>
    </search>
  );
}
