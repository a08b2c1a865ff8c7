import type { TPaper } from '@paperbench/contract';
import { tsr } from '../../api/client';

/**
 * spec §7: POST /api/papers/click/{id}?platform when PDF or Details is clicked. Fire and forget:
 * spec §8 — a failure is logged only, and the navigation proceeds.
 */
export function recordPaperClick(paper: Pick<TPaper, 'paper_id' | 'platform'>): void {
  tsr.papers.click
    .mutate({ params: { id: paper.paper_id }, query: { platform: paper.platform } })
    .then((response) => {
      if (response.status !== 200) console.error('Recording the paper click failed:', response.status, response.body);
    })
    .catch((error: unknown) => console.error('Recording the paper click failed:', error));
}
