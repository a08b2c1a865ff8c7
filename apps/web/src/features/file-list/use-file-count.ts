import { distinctFiles } from '../../lib/paper-refs';
import { useFolders } from './use-folders';

/**
 * The user's file count: distinct papers across folders (spec §2: the File List toggle's badge). Read
 * defensively: while the folders endpoint is missing or failing, the count is 0.
 */
export function useFileCount(): number {
  const { data } = useFolders();
  return data ? distinctFiles(data).length : 0;
}
