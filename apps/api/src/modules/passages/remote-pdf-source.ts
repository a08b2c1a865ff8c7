import type { TPaperRef } from '@paperbench/contract';
import type { Config } from '../../config';

/** Where a fetched paper's PDF is read from: the configured arXiv export host or ACL Anthology, by id. */
export function remotePdfUrl(config: Pick<Config, 'ARXIV_PDF_BASE_URL' | 'ACL_PDF_BASE_URL'>, ref: TPaperRef): string {
  if (ref.platform === 'arxiv') return new URL(`/pdf/${ref.paper_id}`, config.ARXIV_PDF_BASE_URL).href;
  return new URL(`/${encodeURIComponent(ref.paper_id)}.pdf`, config.ACL_PDF_BASE_URL).href;
}
