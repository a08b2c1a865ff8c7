import { paperRefKey, type TPaperRef, type TPaperReference } from '@paperbench/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { paperDetailPath } from '../../lib/app-paths';
import { AddToFileListButton } from '../folders-picker/add-to-file-list-button';
import { PaperCard } from '../paper-card/paper-card';
import { useCitationMarkersQuery, useCitationsQuery, useReferencesQuery } from './api';
import { ReferenceLinks, referenceSummary } from './reference-links';
import './references.css';

/** Entries shown before "Show all": long lists (a hundred entries and more) stay one click away. */
const FIRST_ENTRIES = 20;

function ReferenceRow({ entry }: { entry: TPaperReference }) {
  const { title, byline } = referenceSummary(entry);
  return (
    <li className="reference-row">
      <span className="reference-title">
        <span className="reference-n">[{entry.n}]</span>{' '}
        {entry.paper ? <Link to={paperDetailPath(entry.paper)}>{title}</Link> : title}
      </span>
      {byline && <span className="reference-byline muted">{byline}</span>}
      {entry.title && <span className="reference-raw muted">{entry.raw}</span>}
      <span className="reference-actions">
        {entry.paper ? (
          <>
            <span className="tag">In this library</span>
            <AddToFileListButton paper={entry.paper} small />
          </>
        ) : (
          <ReferenceLinks entry={entry} />
        )}
      </span>
    </li>
  );
}

/**
 * docs/references.md: the paper's reference list, parsed from its full text, each entry linked to the
 * corpus when it resolved, and the papers here that cite it. An empty list says why.
 */
export function ReferencesSection({ paper }: { paper: TPaperRef }) {
  const references = useReferencesQuery(paper);
  const markers = useCitationMarkersQuery(paper);
  const [showAll, setShowAll] = useState(false);
  const list = references.data ?? [];
  const resolved = list.filter((entry) => entry.paper !== null).length;
  const shown = showAll ? list : list.slice(0, FIRST_ENTRIES);
  const why =
    markers.data?.text_status === 'ready'
      ? "No references found in this paper's text."
      : 'Full text not extracted yet: the references appear once it is.';
  return (
    <section className="paper-references" aria-labelledby="references-title">
      <h2 id="references-title">
        References{references.isSuccess && ` (${list.length}, ${resolved} in this library)`}
      </h2>
      {references.isPending && <p className="muted">Loading references…</p>}
      {references.isError && <p className="muted">The references could not be loaded.</p>}
      {references.isSuccess && list.length === 0 && <p className="muted">{why}</p>}
      {list.length > 0 && (
        <ol className="reference-list" aria-label="References">
          {shown.map((entry) => (
            <ReferenceRow key={entry.n} entry={entry} />
          ))}
        </ol>
      )}
      {list.length > FIRST_ENTRIES && (
        <button type="button" className="button button-small" onClick={() => setShowAll((all) => !all)}>
          {showAll ? 'Show fewer' : `Show all ${list.length}`}
        </button>
      )}
      <CitedBy paper={paper} />
    </section>
  );
}

function CitedBy({ paper }: { paper: TPaperRef }) {
  const citations = useCitationsQuery(paper);
  const list = citations.data ?? [];
  return (
    <div className="paper-cited-by">
      <h2 id="cited-by-title">Cited by{citations.isSuccess && ` (${list.length})`}</h2>
      {citations.isSuccess && list.length === 0 && (
        <p className="muted">No paper in this library cites it yet (as far as their reference lists show).</p>
      )}
      {list.length > 0 && (
        <ul className="paper-list cited-by-list" aria-labelledby="cited-by-title">
          {list.map((citing) => (
            <li key={paperRefKey(citing)}>
              <PaperCard paper={citing} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
