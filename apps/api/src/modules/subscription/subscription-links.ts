import { randomBytes } from 'node:crypto';

/** architecture: anything that grants access is a long random token; 32 bytes, stored only as a sha256 hash. */
export const generateMailToken = () => randomBytes(32).toString('base64url');

/** The web page that confirms (double opt-in) by calling POST /api/subscription/confirm. */
export const confirmPageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/subscription?confirm=${encodeURIComponent(token)}`;

/** The web page behind the visible "Unsubscribe" link of every mail. */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/subscription?unsubscribe=${encodeURIComponent(token)}`;

/** RFC 8058 one-click target: a mail client POSTs here, no page involved. */
export const oneClickUnsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/subscription/unsubscribe?token=${encodeURIComponent(token)}`;

/** A paper's page on this server (web route /paper/{id}/{platform}). */
export const paperPageUrl = (publicUrl: string, paper: { paperId: string; platform: string }) =>
  `${publicUrl}/paper/${encodeURIComponent(paper.paperId)}/${encodeURIComponent(paper.platform)}`;
