import type { TPaper, TSearchHighlights } from '@paperbench/contract';
import { memo, type ReactNode, useId } from 'react';
import { formatAuthors, formatPaperDate } from '../../lib/paper-format';
import { sourceUrlOf } from '../../lib/paper-urls';
import { TexText } from '../tex/tex-text';
import { PaperAbstract } from './paper-abstract';
import { PaperActions } from './paper-actions';
import { PaperFolders } from './paper-folders';
import './paper-card.css';

/**
 * requirements §2 Paper card: linked title, authors, date, platform and category tags, abstract, actions.
 * `highlights` (a search hit's matched words) are marked in the title and abstract. Memoised: a list
 * that grows by a page (Load more) renders only the new cards, not again every card above them with
 * its formulas typeset (pages of 30 down to 1,000 results). The folders line ("In: …") reads the
 * cached folders itself, so only the cards whose folders changed render again when the list changes.
 */
export const PaperCard = memo(function PaperCard({
  paper,
  highlights,
  anchorId,
  extraActions,
}: {
  paper: TPaper;
  highlights?: TSearchHighlights;
  /** An id a citation links to (docs/ai.md#summaries: a search summary's [n] is the n-th card); focusable then. */
  anchorId?: string;
  /** More buttons at the end of the actions row (a shared folder's Remove, for its editors). */
  extraActions?: ReactNode;
}) {
  const titleId = useId();
  const sourceUrl = sourceUrlOf(paper);
  const date = formatPaperDate(paper.published_date, paper.published_precision);
  const title = paper.title ? <TexText text={paper.title} marks={highlights?.title} /> : 'Untitled paper';
  return (
    <article
      id={anchorId}
      tabIndex={anchorId ? -1 : undefined}
      className="paper-card surface-card surface-card-interactive"
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="card-title paper-title">
        {sourceUrl ? (
          <a href={sourceUrl} target="_blank" rel="noopener noreferrer">
            {title}
          </a>
        ) : (
          title
        )}
      </h3>
      <p className="paper-meta">
        <span className="paper-authors">{formatAuthors(paper.authors)}</span>
        {date && <time dateTime={paper.published_date ?? undefined}>{date}</time>}
      </p>
      <ul className="paper-tags" aria-label="Tags">
        <li className="tag tag-platform">{paper.platform.toUpperCase()}</li>
        {paper.categories.map((category) => (
          <li key={category} className="tag">
            {category}
          </li>
        ))}
      </ul>
      <PaperAbstract abstract={paper.abstract} marks={highlights?.abstract} />
      <PaperFolders paper={paper} />
      {extraActions ? (
        <div className="paper-actions">
          <PaperActions paper={paper} />
          {extraActions}
        </div>
      ) : (
        <PaperActions paper={paper} />
      )}
    </article>
  );
});
