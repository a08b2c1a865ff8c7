/**
 * docs/grants.md#partial-matches: the API's sentence above grants that hold only some of the query's
 * concepts ("No award mentions all of machine learning, cancer; showing awards on cancer and on …").
 */
export function PartialMatchNotice({ notice }: { notice: string }) {
  return (
    <p className="notice grants-partial-notice" role="status">
      {notice}
    </p>
  );
}

/**
 * docs/grants.md#open-calls: no open call is stored at all (the shipped sample holds funded awards only),
 * so the Open calls tab says so and how to fetch them, rather than "no match".
 */
export function NoOpenCalls() {
  return (
    <div className="empty-state grants-no-open-calls">
      <h2>No open calls have been fetched</h2>
      <p>
        The grants shipped with Paperbench are funded awards only. Open and forecasted funding calls come from
        Grants.gov; whoever runs this Paperbench can fetch them with:
      </p>
      <pre className="grants-command">
        <code>pnpm ingest grants grantsgov</code>
      </pre>
      <p>Each call is then listed with its deadline and whether it is still open.</p>
    </div>
  );
}
