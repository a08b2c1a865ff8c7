import { tsr } from '../../api/client';
import { folderKeys } from '../../api/query-keys';

/**
 * Number of files across the user's folders (spec §2: the File List toggle's badge). Read
 * defensively: while the folders endpoint is missing or failing (e.g. 501), the count is 0.
 */
export function useFileCount(): number {
  const { data } = tsr.folders.list.useQuery({ queryKey: folderKeys.list() });
  if (data?.status !== 200) return 0;
  return data.body.reduce((count, folder) => count + folder.files.length, 0);
}
