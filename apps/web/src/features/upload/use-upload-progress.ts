import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ALREADY_UPLOADED_TEXT,
  FAILURE_ENTRY_MS,
  failureText,
  SUCCESS_ENTRY_MS,
  SUCCESS_TEXT,
  UPLOADING_TEXT,
} from '../../lib/upload-progress';

export type TProgressEntry = { id: number; name: string; status: 'uploading' | 'success' | 'failed'; text: string };

/**
 * requirements §4 Drop upload: each file gets an entry 'Uploading...', then '✓ Success' (removed after 2 s) or
 * '✗ Failed: {reason, 30 characters}...' (removed after 5 s). A file the user had uploaded before ends
 * as '✓ Already in your library' (docs/security.md#uploads-of-the-same-bytes), also a success.
 */
export function useUploadProgress() {
  const [entries, setEntries] = useState<TProgressEntry[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const removeLater = useCallback((id: number, delay: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setEntries((current) => current.filter((entry) => entry.id !== id));
    }, delay);
    timers.current.add(timer);
  }, []);

  const update = useCallback((id: number, patch: Pick<TProgressEntry, 'status' | 'text'>) => {
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
  }, []);

  const start = useCallback((name: string): number => {
    const id = nextId.current++;
    setEntries((current) => [...current, { id, name, status: 'uploading', text: UPLOADING_TEXT }]);
    return id;
  }, []);

  const succeed = useCallback(
    (id: number, { isExisting = false }: { isExisting?: boolean } = {}) => {
      update(id, { status: 'success', text: isExisting ? ALREADY_UPLOADED_TEXT : SUCCESS_TEXT });
      removeLater(id, SUCCESS_ENTRY_MS);
    },
    [update, removeLater],
  );

  const fail = useCallback(
    (id: number, reason: string) => {
      update(id, { status: 'failed', text: failureText(reason) });
      removeLater(id, FAILURE_ENTRY_MS);
    },
    [update, removeLater],
  );

  return { entries, start, succeed, fail };
}
