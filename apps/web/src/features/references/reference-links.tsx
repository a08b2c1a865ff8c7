import type { TPaperReference } from '@paperbench/contract';

/** The entry's DOI or arXiv link when it has one (docs/references.md#routes). */
export function ReferenceLinks({ entry }: { entry: TPaperReference }) {
  return (
    <>
      {entry.doi && (
        <a
          className="button button-small"
          href={`https://doi.org/${entry.doi}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          DOI
        </a>
      )}
      {entry.arxiv_id && (
        <a
          className="button button-small"
          href={`https://arxiv.org/abs/${entry.arxiv_id}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          arXiv
        </a>
      )}
    </>
  );
}

/** "Title — Authors, Year" for a card or a list row; the raw text when no title was read. */
export function referenceSummary(entry: TPaperReference): { title: string; byline: string } {
  const authors =
    entry.authors.length > 3 ? `${entry.authors.slice(0, 3).join(', ')} et al.` : entry.authors.join(', ');
  const byline = [authors, entry.year ? String(entry.year) : ''].filter(Boolean).join(' · ');
  return { title: entry.title ?? entry.raw, byline };
}
