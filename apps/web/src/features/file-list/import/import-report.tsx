import type { TImportReport } from '@paperbench/contract';

/** docs/import-export.md#the-report: what an import did, in words, with each rejected entry's reason. */
export function ImportReport({ report }: { report: TImportReport }) {
  const rows: [string, number][] = [
    ['Added to the folder', report.added],
    ['Matched to known papers', report.matched],
    ['New papers without a PDF', report.metadata_only],
    ['Already in the folder or repeated', report.duplicates],
    // Zotero re-syncs only: papers of earlier imports that took the items' changes.
    ...(report.updated !== undefined ? [['Updated from Zotero', report.updated] as [string, number]] : []),
    ...(report.removed !== undefined ? [['Deleted in Zotero, taken out', report.removed] as [string, number]] : []),
    ['Rejected', report.rejected.length],
  ];
  return (
    <section className="import-report" aria-label="Import report">
      <dl className="import-report-counts">
        {rows.map(([label, value]) => (
          <div key={label} className="import-report-count">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {report.rejected.length > 0 && (
        <>
          <h3 className="import-report-heading">Rejected entries</h3>
          <ul className="import-report-rejected">
            {report.rejected.map(({ entry, reason }, index) => (
              // Keys may repeat in a file: the index keeps rows apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows never reorder
              <li key={`${entry}-${index}`}>
                <strong>{entry}</strong>: {reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
