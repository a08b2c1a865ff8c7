import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userSessions } from './users';

/**
 * docs/security.md#openid-connect: one sign-in with the OpenID Connect provider in progress, bound to the
 * browser session that started it (POST /api/auth/oidc/start carries X-User-ID; a redirect cannot). The
 * state, nonce and PKCE verifier live here until the provider calls back; the callback consumes the state
 * once and stores the verified identity with the hash of a one-time hand-off code; the web app's POST
 * /api/auth/oidc/complete consumes that code (with the same session) and signs in. Rows live minutes; the
 * daily retention job deletes expired ones.
 */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    /** sha256 of the `state` sent to the provider, hex. */
    stateHash: text('state_hash').primaryKey(),
    /** The session that started the sign-in: only it may complete it. */
    sessionId: integer('session_id')
      .notNull()
      .references(() => userSessions.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    /** The PKCE code verifier (RFC 7636): useless without the provider's code, which never reaches this table. */
    codeVerifier: text('code_verifier').notNull(),
    /** The provider's authorization URL GET /api/auth/oidc/login redirects to. */
    authorizationUrl: text('authorization_url').notNull(),
    /** Same-origin path of the web app to return to. */
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the callback: sha256 of the one-time code handed to the web app, hex; null until then. */
    handoffHash: text('handoff_hash').unique(),
    /** The verified identity (set with handoff_hash). */
    providerSubject: text('provider_subject'),
    email: text('email'),
    name: text('name'),
    picture: text('picture'),
  },
  (table) => [index('oidc_sign_ins_expires_idx').on(table.expiresAt)],
);
