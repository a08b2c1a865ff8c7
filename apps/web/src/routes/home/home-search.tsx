import { tsr } from '../../api/client';
import { paperKeys } from '../../api/query-keys';
import { SearchBox } from '../../features/search/search-box';
import { useStartSearch } from '../../features/search/use-search-actions';
import { searchPlaceholder } from '../../lib/number-format';

/** spec §2 Home: the search box whose placeholder carries the paper count. */
export function HomeSearch() {
  const startSearch = useStartSearch();
  const { data } = tsr.papers.count.useQuery({ queryKey: paperKeys.count(), staleTime: 5 * 60_000 });
  // spec §8: a failed count falls back to 'Search papers...'; a non-number body shows '**' (spec §5).
  const placeholder = searchPlaceholder(data?.status === 200, data?.body);
  return <SearchBox size="large" placeholder={placeholder} onSearch={startSearch} />;
}
