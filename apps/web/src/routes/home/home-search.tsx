import { usePaperCountQuery } from '../../features/papers/api';
import { SearchBox } from '../../features/search/search-box';
import { useStartSearch } from '../../features/search/use-start-search';
import { searchPlaceholder } from '../../lib/number-format';

/** requirements §2 Home: the search box whose placeholder carries the paper count. */
export function HomeSearch() {
  const startSearch = useStartSearch();
  const { data, isSuccess } = usePaperCountQuery();
  // requirements §8: a failed count falls back to 'Search papers...'; a non-number body shows '**' (requirements §5).
  const placeholder = searchPlaceholder(isSuccess, data);
  return <SearchBox size="large" placeholder={placeholder} onSearch={startSearch} />;
}
