import type { TFileTextStatus } from './use-file-text-status';

const ABSTRACT_ONLY_TITLE =
  'The PDF could not be fetched, so chat and summaries can use only the abstract of this paper.';

/** The line under a File List row saying where the paper's text stands (nothing when it is ready). */
export function FileTextStatus({ status }: { status: TFileTextStatus }) {
  if (status.kind === 'reading') {
    return (
      <p className="file-text-status" role="status">
        Reading the full text…
      </p>
    );
  }
  if (status.kind === 'abstract-only') {
    return (
      <p className="file-text-status" role="note" title={status.reason ?? ABSTRACT_ONLY_TITLE}>
        Abstract only: the PDF could not be fetched
      </p>
    );
  }
  return (
    <p className="file-text-status is-failure" role="note">
      Text could not be read: {status.reason}
    </p>
  );
}
