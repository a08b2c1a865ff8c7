import { asRecord, type GrantHttp, GrantSourceError, joinUrl } from './grant-http';
import { cleanAmount, cleanDate, cleanText, grantProblem, type NewGrant } from './grant-record';
import type { GrantPage } from './grant-source';

/** NSF Award Search API (docs/grants.md#ingest): 25 awards a page, `offset` counts from 1. */
export const NSF_PAGE_SIZE = 25;
export const NSF_AGENCY = 'National Science Foundation';

/** The fields asked for; without printFields the API leaves out the abstract. */
const PRINT_FIELDS = [
  'id',
  'title',
  'abstractText',
  'agency',
  'awardeeName',
  'piFirstName',
  'piLastName',
  'estimatedTotalAmt',
  'fundsObligatedAmt',
  'startDate',
  'expDate',
  'fundProgramName',
].join(',');

/** One award of an awards.json answer. */
export function grantFromNsfAward(value: unknown): NewGrant | string {
  const award = asRecord(value);
  const id = cleanText(award.id, 200);
  const pi = [cleanText(award.piFirstName, 200), cleanText(award.piLastName, 200)].filter(Boolean).join(' ');
  const program = cleanText(award.fundProgramName, 300);
  const grant: NewGrant = {
    source: 'nsf',
    sourceId: id ?? '',
    kind: 'award',
    title: cleanText(award.title, 2000) ?? '',
    abstract: cleanText(award.abstractText),
    agency: NSF_AGENCY,
    organisation: cleanText(award.awardeeName, 500),
    pi: pi || null,
    amount: cleanAmount(award.estimatedTotalAmt) ?? cleanAmount(award.fundsObligatedAmt),
    currency: 'USD',
    startDate: cleanDate(award.startDate),
    endDate: cleanDate(award.expDate),
    closeDate: null,
    keywords: program ? [program] : [],
    url: id ? `https://www.nsf.gov/awardsearch/showAward?AWD_ID=${encodeURIComponent(id)}` : null,
  };
  return grantProblem(grant) ?? grant;
}

/** GET /services/v1/awards.json?keyword=… pages (offset 1, 26, 51…) until `limit` awards or a short page. */
export async function* nsfPages(
  http: GrantHttp,
  baseUrl: string,
  query: string,
  limit: number,
): AsyncGenerator<GrantPage> {
  let fetched = 0;
  while (fetched < limit) {
    const params = new URLSearchParams({ keyword: query, offset: String(fetched + 1), printFields: PRINT_FIELDS });
    const answer = asRecord(await http(`${joinUrl(baseUrl, '/services/v1/awards.json')}?${params}`));
    if (typeof answer.response !== 'object' || answer.response === null) {
      throw new GrantSourceError('NSF Award Search answered without a response object');
    }
    const response = asRecord(answer.response);
    // No matches: NSF leaves the award list out.
    const page = Array.isArray(response.award) ? response.award : [];
    const awards = page.slice(0, limit - fetched);
    yield { records: awards.map(grantFromNsfAward), total: null };
    fetched += awards.length;
    if (page.length < NSF_PAGE_SIZE) return;
  }
}
