import { useId, useState } from 'react';
import { formatPaperDate } from '../../lib/paper-format';
import { useCorpusStatusQuery } from './api';
import { describeCorpusStatus, splitCodeSpans } from './corpus-status-text';
import './corpus-status.css';

/**
 * docs/ingest.md#freshness: one line on how big and how fresh the corpus is, above the lists whose
 * "recent" depends on it (search results, the daily feed, the monitor). A frozen corpus says so
 * plainly, with the operator's way out, instead of passing old papers off as news. Nothing shows
 * until the status has loaded, nor when it fails (logged by the query client, requirements §8).
 */
export function CorpusStatus() {
  const { data: status } = useCorpusStatusQuery();
  if (!status) return null;
  if (status.frozen) return <FrozenNotice newest={status.newest_published} hint={status.refresh_hint} />;
  return <p className="corpus-status">{describeCorpusStatus(status)}</p>;
}

/**
 * The frozen notice as one line, the operator's hint behind a disclosure: in full it filled most of a
 * phone's first screen above the results it is about. Collapsed on every width, so the lists start at
 * the same place; the hint stays in the page (hidden), tied to its toggle by aria-controls.
 */
function FrozenNotice({ newest, hint }: { newest: string | null; hint: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const hintId = useId();
  return (
    <div className="notice corpus-status-frozen" role="note">
      <p className="corpus-status-frozen-line">
        <span>This is a frozen offline sample (newest paper {formatPaperDate(newest)}).</span>{' '}
        <button
          type="button"
          className="link-button corpus-status-toggle"
          aria-expanded={isOpen}
          aria-controls={hintId}
          onClick={() => setIsOpen((open) => !open)}
        >
          How to refresh <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span>
        </button>
      </p>
      <p className="corpus-status-hint" id={hintId} hidden={!isOpen}>
        {splitCodeSpans(hint).map((piece, index) =>
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence, never reordered
          piece.isCode ? <code key={index}>{piece.text}</code> : <span key={index}>{piece.text}</span>,
        )}
      </p>
    </div>
  );
}
