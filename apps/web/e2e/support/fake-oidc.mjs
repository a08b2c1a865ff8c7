// A real OpenID Connect provider for the Playwright flows (docs/security.md#openid-connect): panva's
// oidc-provider on 127.0.0.1, with one confidential client whose redirect URI is the app's callback.
// Its login page is a one-field form ("Email"): submitting it signs in as that address (email verified,
// name made from it) and grants the scopes asked for at once (no consent page). Nothing leaves the machine.
// Usage: node fake-oidc.mjs <port> <app base URL>
import http from 'node:http';
import { URLSearchParams } from 'node:url';
import Provider from 'oidc-provider';

const port = Number(process.argv[2]);
const appUrl = process.argv[3];
if (!port || !appUrl) {
  console.error('usage: node fake-oidc.mjs <port> <app base URL>');
  process.exit(2);
}

const CLIENT_ID = 'paperbench-e2e';
const accounts = new Map();

/** 'bob.smith@example.test' → 'Bob Smith'. */
const nameOf = (email) =>
  email
    .split('@')[0]
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: CLIENT_ID,
      client_secret: 'paperbench-e2e-secret-0123456789',
      redirect_uris: [`${appUrl}/api/auth/oidc/callback`],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  cookies: { keys: ['fake-oidc-e2e-cookie-key'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  pkce: { required: () => true },
  ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  async findAccount(_ctx, sub) {
    const account = accounts.get(sub);
    return account && { accountId: sub, claims: async () => ({ ...account }) };
  },
});
const callback = provider.callback();

const readForm = (request) =>
  new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(new URLSearchParams(body)));
  });

async function interact(request, response) {
  const details = await provider.interactionDetails(request, response);
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Lab SSO</title><h1>Lab SSO</h1>
<form method="post"><label>Email <input name="email" type="email" required></label>
<button type="submit">Continue</button></form>`);
    return;
  }
  const email = (await readForm(request)).get('email')?.toLowerCase() ?? '';
  accounts.set(email, { sub: email, email, email_verified: true, name: nameOf(email) });
  const grant = new provider.Grant({ accountId: email, clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    request,
    response,
    { login: { accountId: email }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

http
  .createServer((request, response) => {
    if (request.url === '/health') {
      response.writeHead(200).end('ok');
      return;
    }
    if (request.url?.startsWith('/interaction/')) {
      interact(request, response).catch((error) => {
        response.writeHead(500).end(String(error));
      });
      return;
    }
    callback(request, response);
  })
  .listen(port, '127.0.0.1');
