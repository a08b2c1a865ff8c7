import { asRecord, type GrantHttp, GrantSourceError, joinUrl } from './grant-http';
import { cleanDate, cleanList, cleanText, grantProblem, type NewGrant } from './grant-record';
import type { GrantPage } from './grant-source';

/** Grants.gov search2 (docs/grants.md#ingest): rows a request; startRecordNum counts from 0. */
export const GRANTS_GOV_PAGE_SIZE = 100;
/** Open and forecasted calls only: closed and archived ones are no use to an applicant. */
const OPEN_STATUSES = ['forecasted', 'posted'];

/** One hit of a search2 answer's data.oppHits: always an opportunity (a call), never an award. */
export function grantFromOppHit(value: unknown): NewGrant | string {
  const hit = asRecord(value);
  const id = cleanText(typeof hit.id === 'number' ? String(hit.id) : hit.id, 200);
  const status = cleanText(hit.oppStatus, 40)?.toLowerCase();
  if (status && !OPEN_STATUSES.includes(status)) return `status ${status}`;
  const grant: NewGrant = {
    source: 'grantsgov',
    sourceId: id ?? '',
    kind: 'opportunity',
    title: cleanText(hit.title, 2000) ?? '',
    abstract: null,
    agency: cleanText(hit.agency, 200) ?? cleanText(hit.agencyName, 200) ?? cleanText(hit.agencyCode, 200) ?? '',
    organisation: null,
    pi: null,
    amount: null,
    currency: 'USD',
    startDate: cleanDate(hit.openDate),
    endDate: null,
    closeDate: cleanDate(hit.closeDate),
    // The opportunity number and assistance listings, so a search for "PD-09-5761" or "47.041" finds the call.
    keywords: cleanList([hit.number, ...(Array.isArray(hit.cfdaList) ? hit.cfdaList : []), status]),
    url: id ? `https://www.grants.gov/search-results-detail/${encodeURIComponent(id)}` : null,
  };
  return grantProblem(grant) ?? grant;
}

/** POST /v1/api/search2 pages of open and forecasted calls matching `query` (blank: all of them). */
export async function* grantsGovPages(
  http: GrantHttp,
  baseUrl: string,
  query: string,
  limit: number,
): AsyncGenerator<GrantPage> {
  let start = 0;
  while (start < limit) {
    const rows = Math.min(GRANTS_GOV_PAGE_SIZE, limit - start);
    const answer = asRecord(
      await http(joinUrl(baseUrl, '/v1/api/search2'), {
        method: 'POST',
        body: { keyword: query, oppStatuses: OPEN_STATUSES.join('|'), rows, startRecordNum: start },
      }),
    );
    const data = asRecord(answer.data);
    if (!Array.isArray(data.oppHits)) throw new GrantSourceError('Grants.gov answered without data.oppHits');
    const total = typeof data.hitCount === 'number' ? data.hitCount : null;
    yield { records: data.oppHits.slice(0, rows).map(grantFromOppHit), total };
    start += data.oppHits.length;
    if (data.oppHits.length < rows || (total !== null && start >= total)) return;
  }
}
