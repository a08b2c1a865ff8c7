import { z } from 'zod';
import { ZOriginUrl, zOptional } from './fields';

/** User sessions, signed PDF URLs and Google sign-in. */
export const identityEnv = {
  // docs/security.md#sessions (sessions): ids that end, and short-lived signed PDF URLs instead of ?uid=.
  /** An X-User-ID unused for longer than this many days is refused with 401 (refreshed on use). */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).default(400),
  /** HMAC key of signed PDF URLs; set the same value on every replica. Unset: generated under DATA_DIR. */
  PDF_URL_SECRET: zOptional(z.string().min(32, 'must be at least 32 characters')),
  /** How long a signed PDF URL stays valid, in seconds. */
  PDF_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),

  // README: Google sign-in (docs/security.md#sessions). No GOOGLE_CLIENT_ID: sign-in is off (the route answers 501).
  /** The OAuth client id (Web application) ID tokens must be issued for (their `aud`). */
  GOOGLE_CLIENT_ID: zOptional(z.string()),
  /** Google's signing keys (JWKS), fetched and cached; tests point it at a local server. */
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** The Google Identity Services script the web app loads; its origin joins the CSP when sign-in is on. */
  GOOGLE_GSI_SCRIPT_URL: ZOriginUrl.default('https://accounts.google.com/gsi/client'),
};
