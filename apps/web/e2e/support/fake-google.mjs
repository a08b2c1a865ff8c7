// A local stand-in for Google sign-in in the Playwright flows; nothing leaves the machine.
// The API verifies ID tokens against GET /jwks (GOOGLE_JWKS_URL); the page loads GET /gsi/client
// (GOOGLE_GSI_SCRIPT_URL), a small script with the parts of Google Identity Services the app uses:
// google.accounts.id.initialize({client_id, callback}) and renderButton(element, options), which renders
// a button "Sign in with Google (test)". Clicking it signs in as localStorage 'fake-google-email'
// (default alice@example.test): the script fetches GET /gsi/credential?email=…&aud=<client_id>, an RS256
// ID token signed by the key pair made at start, and calls callback({credential}).
// localStorage 'fake-google-expired' = '1' asks for an expired token (the API must refuse it).
// Usage: node fake-google.mjs <port>
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

const port = Number(process.argv[2]);
if (!port) {
  console.error('usage: node fake-google.mjs <port>');
  process.exit(2);
}

const ISSUER = 'https://accounts.google.com';
const KEY_ID = `fake-google-${randomUUID()}`;
const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' }] };

/** 'bob.smith@example.test' → 'Bob Smith'. */
function nameOf(email) {
  return email
    .split('@')[0]
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/** A stable numeric subject per email, shaped like Google's (up to 21 digits). */
function subjectOf(email) {
  return BigInt(`0x${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}`).toString();
}

async function credentialFor(email, audience, isExpired) {
  const now = Math.floor(Date.now() / 1000);
  const issuedAt = isExpired ? now - 7200 : now;
  const name = nameOf(email);
  const [givenName, ...rest] = name.split(' ');
  // No picture claim: Google leaves it out when there is none (the app then shows initials).
  return new SignJWT({
    email,
    email_verified: true,
    name,
    given_name: givenName,
    family_name: rest.join(' ') || undefined,
    azp: audience,
  })
    .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setSubject(subjectOf(email))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .setJti(randomUUID())
    .sign(privateKey);
}

const GSI_CLIENT = `(() => {
  const base = new URL('.', document.currentScript ? document.currentScript.src : location.href);
  let config = null;
  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = {
    initialize(options) {
      config = options;
    },
    renderButton(parent, options) {
      const button = document.createElement('button');
      button.type = 'button';
      const isIcon = options && options.type === 'icon';
      // Like Google's, the icon button is a round 'G'; both are named the same for the tests.
      button.textContent = isIcon ? 'G' : 'Sign in with Google (test)';
      button.setAttribute('aria-label', 'Sign in with Google (test)');
      button.dataset.options = JSON.stringify(options || {});
      button.style.cssText =
        'font:inherit;font-size:14px;border:1px solid #dadce0;border-radius:999px;background:#fff;color:#3c4043;cursor:pointer;white-space:nowrap;' +
        (isIcon ? 'width:32px;height:32px;padding:0;font-weight:700' : 'padding:5px 14px');
      button.addEventListener('click', async () => {
        if (!config) throw new Error('google.accounts.id.initialize was not called');
        const url = new URL('credential', base);
        url.searchParams.set('email', localStorage.getItem('fake-google-email') || 'alice@example.test');
        url.searchParams.set('aud', config.client_id);
        if (localStorage.getItem('fake-google-expired') === '1') url.searchParams.set('expired', '1');
        const response = await fetch(url);
        const { credential } = await response.json();
        config.callback({ credential, select_by: 'btn' });
      });
      parent.replaceChildren(button);
    },
  };
})();
`;

function send(response, status, type, body) {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
  });
  response.end(body);
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return send(response, 200, 'text/plain', 'ok');
  if (url.pathname === '/jwks') return send(response, 200, 'application/json', JSON.stringify(jwks));
  if (url.pathname === '/gsi/client') return send(response, 200, 'text/javascript; charset=utf-8', GSI_CLIENT);
  // Also under /gsi/: a CSP that allows the script's /gsi/ path (as Google documents) allows this fetch.
  if (url.pathname === '/credential' || url.pathname === '/gsi/credential') {
    const email = url.searchParams.get('email');
    const audience = url.searchParams.get('aud');
    if (!email || !audience) return send(response, 400, 'application/json', '{"error":"email and aud are required"}');
    credentialFor(email, audience, url.searchParams.get('expired') === '1')
      .then((credential) => send(response, 200, 'application/json', JSON.stringify({ credential })))
      .catch((error) => send(response, 500, 'application/json', JSON.stringify({ error: String(error) })));
    return undefined;
  }
  return send(response, 404, 'text/plain', 'not found');
});

server.listen(port, '127.0.0.1', () => console.log(`fake google: http://127.0.0.1:${port}`));

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
