import { useQuery } from '@tanstack/react-query';
import { libraryKeys } from '../../api/query-keys';
import { fetchSignedPdfUrl } from '../../api/uploads-api';
import { uploadedPaperIdOf } from '../../lib/pdf-source';

/** Ask for a new signed URL this long before the current one expires. */
const RENEW_MARGIN_MS = 60_000;

/**
 * A URL that works in a plain link (a new window, which cannot send X-User-ID): for an uploaded PDF
 * the API's signed short-lived URL (docs/security.md#sessions), renewed before it expires so the link stays
 * good however long the page is open; any other PDF URL as it is. Null while the signed URL loads or
 * when it cannot be had.
 */
export function useOpenablePdfUrl(viewerUrl: string | null): string | null {
  const paperId = uploadedPaperIdOf(viewerUrl);
  const signed = useQuery({
    queryKey: libraryKeys.signedPdfUrl(paperId ?? ''),
    queryFn: () => fetchSignedPdfUrl(paperId as string),
    enabled: paperId !== null,
    staleTime: (query) => renewIn(query.state.data?.expires_at),
    refetchInterval: (query) => renewIn(query.state.data?.expires_at) || false,
  });
  if (paperId === null) return viewerUrl;
  return signed.data?.url ?? null;
}

function renewIn(expiresAt: string | undefined): number {
  if (!expiresAt) return 0;
  return Math.max(Date.parse(expiresAt) - Date.now() - RENEW_MARGIN_MS, 1_000);
}
