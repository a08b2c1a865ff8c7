import { uploadedPaperIdOf } from '../../lib/pdf-source';
import { useSignedPdfUrlQuery } from '../upload/api';

/**
 * A URL that works in a plain link (a new window, which cannot send X-User-ID): for an uploaded PDF
 * the API's signed short-lived URL (docs/security.md#sessions), renewed before it expires so the link stays
 * good however long the page is open; any other PDF URL as it is. Null while the signed URL loads or
 * when it cannot be had.
 */
export function useOpenablePdfUrl(viewerUrl: string | null): string | null {
  const paperId = uploadedPaperIdOf(viewerUrl);
  const signed = useSignedPdfUrlQuery(paperId);
  if (paperId === null) return viewerUrl;
  return signed.data?.url ?? null;
}
