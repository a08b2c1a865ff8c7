import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error';

/** Where an uploaded paper's PDF is served (this module's router, access-checked): the papers row's pdf_url. */
export const uploadedPdfUrl = (paperId: string) => `/api/uploads/${paperId}/pdf`;

/** The query of a signed uploaded-PDF URL: who it was issued to, until when, and the HMAC over both and the paper. */
export interface PdfSignature {
  u: number;
  exp: number;
  sig: string;
}

export interface SignedPdfUrl {
  url: string;
  expiresAt: Date;
}

export interface PdfUrlSigner {
  sign(paperId: string, userId: number): SignedPdfUrl;
  /** The user the URL was issued to; 403 when the signature is wrong, for another paper, or expired. */
  verify(paperId: string, signature: PdfSignature): number;
}

/**
 * docs/security.md#sessions: pdf.js and a link opened in a new window cannot send X-User-ID, and the id must not
 * travel in a URL (browser history, logs, Referer). Instead the API hands out a URL that reads ONE
 * uploaded paper, for ONE user, for PDF_URL_TTL_SECONDS: HMAC-SHA256 over (paper, user, expiry). The
 * reader still re-checks that the user is active and may see the paper, so logout or losing access
 * ends it early.
 */
export function createPdfUrlSigner({
  secret,
  ttlSeconds,
  now = () => Date.now(),
}: {
  /** Resolved on first use (a generated key is written to DATA_DIR only when a URL is actually signed). */
  secret: () => Buffer;
  ttlSeconds: number;
  now?: () => number;
}): PdfUrlSigner {
  let key: Buffer | undefined;
  const mac = (paperId: string, userId: number, exp: number) => {
    key ??= secret();
    // Versioned, purpose-bound message: a signature of anything else never verifies here.
    return createHmac('sha256', key).update(`upload-pdf/v1\n${paperId}\n${userId}\n${exp}`).digest();
  };
  const refused = new AppError(
    'FORBIDDEN',
    'This PDF link is invalid or has expired: open the paper again for a new one',
  );

  return {
    sign(paperId, userId) {
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      const sig = mac(paperId, userId, exp).toString('base64url');
      return { url: `${uploadedPdfUrl(paperId)}?u=${userId}&exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000) };
    },
    verify(paperId, { u, exp, sig }) {
      const expected = mac(paperId, u, exp);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused;
      if (exp * 1000 <= now()) throw refused;
      return u;
    },
  };
}
