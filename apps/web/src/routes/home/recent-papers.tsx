import { paperRefKey } from '@paperbench/contract';
import { PaperCard } from '../../features/paper-card/paper-card';
import { PaperListSkeleton } from '../../features/paper-card/paper-list-skeleton';
import { useRecentPapersQuery } from '../../features/papers/api';

/** requirements §9: home page size. */
const PAGE_SIZE = 10;

/**
 * requirements §4 Home recent list: 10 papers, then pages of 10 with Load More Recent, which disappears once
 * a page returns fewer than 10. Failures are logged only (requirements §8).
 */
export function RecentPapers() {
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useRecentPapersQuery(PAGE_SIZE);
  const papers = data?.pages.flat() ?? [];

  return (
    <section className="recent-papers" aria-labelledby="recent-papers-title">
      <h2 id="recent-papers-title">Recent Papers</h2>
      {isPending && <PaperListSkeleton count={3} />}
      <div className="paper-list">
        {papers.map((paper) => (
          <PaperCard key={paperRefKey(paper)} paper={paper} />
        ))}
      </div>
      {hasNextPage && (
        <div className="load-more">
          <button type="button" className="button" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading…' : 'Load More Recent'}
          </button>
        </div>
      )}
    </section>
  );
}
