import { asRecord, type GrantHttp, GrantSourceError, joinUrl } from './grant-http';
import { cleanAmount, cleanDate, cleanList, cleanText, grantProblem, type NewGrant } from './grant-record';
import type { GrantPage } from './grant-source';

/** NIH RePORTER API v2 limits (docs/grants.md#ingest): at most 500 a request, offsets up to 14,999. */
export const NIH_PAGE_LIMIT = 500;
export const NIH_MAX_OFFSET = 14_999;
export const NIH_AGENCY = 'National Institutes of Health';

/** NIH RePORTER `terms` ("<a><b>") or `pref_terms` ("a;b") as a keyword list. */
function nihTerms(project: Record<string, unknown>): string[] {
  const pref = typeof project.pref_terms === 'string' ? project.pref_terms.split(';') : [];
  const terms = typeof project.terms === 'string' ? [...project.terms.matchAll(/<([^<>]+)>/g)].map((m) => m[1]) : [];
  return cleanList([...pref, ...terms], 30);
}

function nihPi(project: Record<string, unknown>): string | null {
  const contact = cleanText(project.contact_pi_name, 300);
  if (contact) return contact;
  const investigators = Array.isArray(project.principal_investigators) ? project.principal_investigators : [];
  return cleanList(investigators.map((pi) => asRecord(pi).full_name)).join('; ') || null;
}

/**
 * One project of a RePORTER search answer: the v2 field names, with the v1 spellings the recorded fixtures have
 * (org_name at the top, contact_pi_name) read as well.
 */
export function grantFromNihProject(value: unknown): NewGrant | string {
  const project = asRecord(value);
  const organization = asRecord(project.organization);
  const applId = typeof project.appl_id === 'number' || typeof project.appl_id === 'string' ? project.appl_id : null;
  const grant: NewGrant = {
    source: 'nih',
    sourceId: cleanText(project.project_num, 200) ?? '',
    kind: 'award',
    title: cleanText(project.project_title, 2000) ?? '',
    abstract: cleanText(project.abstract_text),
    agency: NIH_AGENCY,
    organisation: cleanText(organization.org_name ?? project.org_name, 500),
    pi: nihPi(project),
    amount: cleanAmount(project.award_amount),
    currency: 'USD',
    startDate: cleanDate(project.project_start_date),
    endDate: cleanDate(project.project_end_date),
    closeDate: null,
    keywords: nihTerms(project),
    url: applId === null ? null : `https://reporter.nih.gov/project-details/${encodeURIComponent(String(applId))}`,
  };
  return grantProblem(grant) ?? grant;
}

/**
 * POST /v2/projects/search pages: a text search over titles, terms and abstracts, `limit` projects in all,
 * at most 500 a request; offsets stop at 14,999 (RePORTER refuses deeper ones).
 */
export async function* nihPages(
  http: GrantHttp,
  baseUrl: string,
  query: string,
  limit: number,
): AsyncGenerator<GrantPage> {
  let offset = 0;
  while (offset < limit && offset <= NIH_MAX_OFFSET) {
    const pageLimit = Math.min(NIH_PAGE_LIMIT, limit - offset);
    const answer = asRecord(
      await http(joinUrl(baseUrl, '/v2/projects/search'), {
        method: 'POST',
        body: {
          criteria: {
            advanced_text_search: {
              operator: 'and',
              search_field: 'projecttitle,terms,abstracttext',
              search_text: query,
            },
          },
          offset,
          limit: pageLimit,
        },
      }),
    );
    if (!Array.isArray(answer.results)) throw new GrantSourceError('NIH RePORTER answered without a results list');
    const total = cleanAmount(asRecord(answer.meta).total);
    yield { records: answer.results.map(grantFromNihProject), total };
    offset += answer.results.length;
    if (answer.results.length < pageLimit || (total !== null && offset >= total)) return;
  }
}
