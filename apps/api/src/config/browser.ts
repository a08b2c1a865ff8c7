import { z } from 'zod';
import { ZList, ZOriginUrl } from './fields';

/** What the browser is told: security headers and compression. */
export const browserEnv = {
  // docs/security.md#browser-headers (browser): security headers and compression.
  /**
   * Origins added to the Content Security Policy's script-src, style-src, connect-src and frame-src
   * (comma-separated, e.g. an identity provider's script host); empty: self only.
   */
  CSP_TRUSTED_ORIGINS: ZList.pipe(z.array(ZOriginUrl.transform((value) => new URL(value).origin))),
  /** API responses at least this many bytes are compressed (br or gzip, as the client accepts). */
  COMPRESS_THRESHOLD_BYTES: z.coerce.number().int().min(0).default(1024),
};
