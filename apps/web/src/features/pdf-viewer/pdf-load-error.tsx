import { Link } from 'react-router';
import { Icon } from '../ui/icons';
import type { TPdfLoadFailure } from './pdf-load-failure';

/**
 * The viewer when the PDF failed: why (pdf-load-failure.ts), a Retry that loads it again (the proxy
 * caches no failure, so a retry really asks the remote host again), and the paper's page when known.
 */
export function PdfLoadError({
  failure,
  onRetry,
  paperPath,
}: {
  failure: TPdfLoadFailure;
  onRetry: () => void;
  paperPath?: string;
}) {
  return (
    <div className="pdf-failure" role="alert" aria-labelledby="pdf-failure-title" data-reason={failure.kind}>
      <div className="pdf-failure-card">
        <span className="pdf-failure-icon" aria-hidden="true">
          <Icon name={failure.kind === 'unreachable' ? 'cloudOff' : 'fileAlert'} size={26} strokeWidth={1.6} />
        </span>
        <h3 id="pdf-failure-title" className="pdf-failure-title">
          {failure.title}
        </h3>
        <p className="pdf-failure-detail">{failure.detail}</p>
        <div className="pdf-failure-actions">
          <button type="button" className="button button-primary" onClick={onRetry}>
            <Icon name="refresh" size={15} />
            Retry
          </button>
          {paperPath && (
            <Link className="button" to={paperPath}>
              Open paper page
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
