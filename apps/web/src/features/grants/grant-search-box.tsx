import { type FormEvent, useId, useState } from 'react';
import { GRANT_QUERY_MAX } from './grant-url';
import '../search/search-box.css';
import { Icon } from '../ui/icons';

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
        <Icon name="search" size={20} strokeWidth={2} className="search-box-icon" />
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
