/**
 * docs/security.md#sessions: a signed PDF URL's `sig` grants read of one paper for minutes; the request log
 * keeps the URL without it. `uid` (the old long-lived id in the query, refused since) is redacted too,
 * so a client that still sends it does not leave its id in the logs either. The OpenID Connect callback's
 * `code` and `state` (docs/security.md#openid-connect) go as well: single-use and useless without the PKCE
 * verifier, but a log is no place for them.
 */
export const redactCredentials = (url: string): string =>
  url.replace(/([?&](?:uid|sig|code|state)=)[^&#]*/gi, '$1[redacted]');
