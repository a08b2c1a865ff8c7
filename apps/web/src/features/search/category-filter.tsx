import { type FormEvent, useId, useState } from 'react';
import { useSearchCategoriesQuery } from './api';
import { archiveName } from './arxiv-archives';
import { CATEGORY_PATTERN } from './search-url';

type Props = { value: string[]; onChange: (categories: string[]) => void };

/**
 * Category filter: chips for the chosen categories, and a field to add one, offering the archives
 * and categories present in the corpus (a datalist, so any category can also be typed freely).
 */
export function CategoryFilter({ value, onChange }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const listId = useId();
  const errorId = useId();
  const archives = useSearchCategoriesQuery().data ?? [];

  const add = (event: FormEvent) => {
    event.preventDefault();
    const category = text.trim();
    if (!category) return;
    if (!CATEGORY_PATTERN.test(category)) {
      setError('Enter an arXiv category such as cs.CL, or an archive such as math.');
      return;
    }
    setError(null);
    setText('');
    if (!value.some((chosen) => chosen.toLowerCase() === category.toLowerCase())) onChange([...value, category]);
  };

  return (
    <div className="filter-field category-filter">
      <form className="category-add" onSubmit={add}>
        <label htmlFor={inputId} className="filter-label">
          Category
        </label>
        <div className="category-add-row">
          <input
            id={inputId}
            className="input"
            list={listId}
            value={text}
            placeholder="e.g. cs or cs.CL"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button" aria-label="Add category" disabled={!text.trim()}>
            Add
          </button>
        </div>
        <datalist id={listId}>
          {archives.flatMap((archive) => [
            <option key={archive.archive} value={archive.archive}>
              {`${archiveName(archive.archive)} · ${archive.count.toLocaleString()}`}
            </option>,
            ...archive.categories
              .filter((category) => category.category !== archive.archive)
              .map((category) => (
                <option key={category.category} value={category.category}>
                  {`${archiveName(archive.archive)} · ${category.count.toLocaleString()}`}
                </option>
              )),
          ])}
        </datalist>
      </form>
      {error && (
        <p id={errorId} className="filter-error" role="alert">
          {error}
        </p>
      )}
      {value.length > 0 && (
        <ul className="category-chips" aria-label="Chosen categories">
          {value.map((category) => (
            <li key={category} className="category-chip">
              <span title={archiveName(category.split('.')[0] ?? category)}>{category}</span>
              <button
                type="button"
                className="category-chip-remove"
                aria-label={`Remove ${category}`}
                onClick={() => onChange(value.filter((chosen) => chosen !== category))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
