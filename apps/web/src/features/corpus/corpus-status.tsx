import { formatPaperDate } from '../../lib/paper-format';
import { useCorpusStatusQuery } from './api';
import { describeCorpusStatus, splitCodeSpans } from './corpus-status-text';
import './corpus-status.css';

/**
 * docs/ingest.md#freshness: one line on how big and how fresh the corpus is, above the lists whose
 * "recent" depends on it (search results, the daily feed, the monitor). A frozen corpus says so
 * plainly, with the operator's way out, instead of passing old papers off as news. Nothing shows
 * until the status has loaded, nor when it fails (logged by the query client, spec §8).
 */
export function CorpusStatus() {
  const { data: status } = useCorpusStatusQuery();
  if (!status) return null;
  if (status.frozen) {
    return (
      <p className="notice corpus-status-frozen" role="note">
        This is a frozen offline sample (newest paper {formatPaperDate(status.newest_published)}).{' '}
        {splitCodeSpans(status.refresh_hint).map((piece, index) =>
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence, never reordered
          piece.isCode ? <code key={index}>{piece.text}</code> : <span key={index}>{piece.text}</span>,
        )}
      </p>
    );
  }
  return <p className="corpus-status">{describeCorpusStatus(status)}</p>;
}
