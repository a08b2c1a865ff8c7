import type { ArxivHttp } from './arxiv-http';
import type { NewPaper } from './arxiv-record';
import { parseAtomFeed } from './atom-feed';

/** One paper by its unversioned id from the arXiv API, or null when arXiv has no such paper. */
export async function fetchArxivPaper(
  http: ArxivHttp,
  baseUrl: string,
  paperId: string,
  signal?: AbortSignal,
): Promise<NewPaper | null> {
  const url = new URL(baseUrl);
  url.searchParams.set('id_list', paperId);
  url.searchParams.set('max_results', '1');
  const outcomes = parseAtomFeed(await http.get(url.toString(), signal));
  for (const outcome of outcomes) if ('paper' in outcome && outcome.paper.paperId === paperId) return outcome.paper;
  return null;
}
