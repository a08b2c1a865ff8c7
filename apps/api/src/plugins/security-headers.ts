import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

type TDirectives = Record<string, string[]>;

/**
 * docs/security.md#browser-headers: the web app's Content Security Policy, self only. What each exception is for:
 * - style-src-attr 'unsafe-inline': KaTeX's HTML sets sizes and offsets in style="" attributes (a
 *   style attribute cannot run script; <style> elements and stylesheets stay self only);
 * - img-src and font-src data: small images and fonts the build inlines into CSS (KaTeX's smallest
 *   font files), which no script can turn into code;
 * - worker-src 'self': the pdf.js worker is a same-origin, fingerprinted file under /assets/.
 * `trustedOrigins` (CSP_TRUSTED_ORIGINS) is how a later feature adds a third party, e.g. Google
 * Identity Services: its script, its stylesheet, its iframe and its fetches (docs/security.md).
 */
export function buildContentSecurityPolicy(trustedOrigins: readonly string[]): TDirectives {
  const selfAnd = (...extra: string[]) => ["'self'", ...extra, ...trustedOrigins];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': selfAnd(),
    'style-src': selfAnd(),
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': selfAnd(),
    'worker-src': ["'self'"],
    'frame-src': trustedOrigins.length ? [...trustedOrigins] : ["'none'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** 'directive a b; directive c' as the header carries it (Swagger UI's own pages take it as a string). */
export function serializeCsp(directives: TDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The third-party origins of the policy: CSP_TRUSTED_ORIGINS, and with sign-in on (GOOGLE_CLIENT_ID set) the
 * origin of GOOGLE_GSI_SCRIPT_URL, which serves Google Identity Services' script, its stylesheet
 * (/gsi/style), the button's iframe and its fetches (README: Google sign-in). Sign-in off: none of it.
 */
export function cspTrustedOrigins(
  config: Pick<Config, 'CSP_TRUSTED_ORIGINS' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_GSI_SCRIPT_URL'>,
): string[] {
  const origins = [...config.CSP_TRUSTED_ORIGINS];
  if (config.GOOGLE_CLIENT_ID) origins.push(new URL(config.GOOGLE_GSI_SCRIPT_URL).origin);
  return [...new Set(origins)];
}

/**
 * Helmet on every response (pages, assets, API, 404s): the CSP above, nosniff, no Referer at all
 * (share links and PDF URLs are capabilities), no framing. HSTS without includeSubDomains: a
 * self-hosted instance must not decide for its parent domain's other hosts.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'CSP_TRUSTED_ORIGINS' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_GSI_SCRIPT_URL'>,
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: buildContentSecurityPolicy(cspTrustedOrigins(config)),
    },
    // Google's sign-in popup reports back to its opener, which 'same-origin' (helmet's default) would cut off.
    crossOriginOpenerPolicy: { policy: config.GOOGLE_CLIENT_ID ? 'same-origin-allow-popups' : 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
}
