import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { redactCredentials } from '../../lib/redact-credentials';
import { identityOf } from './oidc-identity';
import { oidcSettings } from './oidc-settings';

/** docs/deploy.md#sign-in-with-openid-connect: the OIDC_* settings, presets, and what an ID token becomes. */
describe('OIDC settings', () => {
  it('are off without a provider', () => {
    expect(oidcSettings(loadConfig({}))).toBeNull();
  });

  it('take the issuer, client and label, with the redirect URI under PUBLIC_URL', () => {
    const settings = oidcSettings(
      loadConfig({
        OIDC_ISSUER_URL: 'https://id.lab.example/realms/lab',
        OIDC_CLIENT_ID: 'paperbench',
        OIDC_NAME: 'Lab SSO',
        PUBLIC_URL: 'https://papers.lab.example/',
      }),
    );
    expect(settings).toEqual({
      issuer: 'https://id.lab.example/realms/lab',
      clientId: 'paperbench',
      clientSecret: undefined,
      name: 'Lab SSO',
      scopes: 'openid email profile',
      redirectUri: 'https://papers.lab.example/api/auth/oidc/callback',
      emailless: false,
      assumeEmailVerified: false,
    });
  });

  it('OIDC_PRESET=orcid fills in ORCID', () => {
    expect(oidcSettings(loadConfig({ OIDC_PRESET: 'orcid', OIDC_CLIENT_ID: 'APP-1' }))).toMatchObject({
      issuer: 'https://orcid.org',
      scopes: 'openid',
      name: 'ORCID',
      emailless: true,
    });
  });

  it('refuse a plain-http issuer off this machine, a half configuration and scopes without openid', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'http://id.example', OIDC_CLIENT_ID: 'c' })).toThrow(
      'OIDC_ISSUER_URL: must be an https URL (http only for 127.0.0.1 or localhost)',
    );
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example' })).toThrow(
      'OIDC_CLIENT_ID: required when OIDC_ISSUER_URL or OIDC_PRESET is set',
    );
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'c' })).toThrow('OIDC_ISSUER_URL: required when OIDC_CLIENT_ID is set');
    expect(() =>
      loadConfig({ OIDC_ISSUER_URL: 'https://id.example', OIDC_CLIENT_ID: 'c', OIDC_SCOPES: 'email profile' }),
    ).toThrow('OIDC_SCOPES: must include the `openid` scope');
    expect(oidcSettings(loadConfig({ OIDC_ISSUER_URL: 'http://127.0.0.1:8080', OIDC_CLIENT_ID: 'c' }))?.issuer).toBe(
      'http://127.0.0.1:8080',
    );
  });
});

describe('identityOf: a verified ID token as an account', () => {
  const settingsOf = (env: Record<string, string>) => {
    const settings = oidcSettings(loadConfig(env));
    if (!settings) throw new Error('a provider is configured');
    return settings;
  };
  const generic = settingsOf({ OIDC_ISSUER_URL: 'https://id.example', OIDC_CLIENT_ID: 'c' });
  const orcid = settingsOf({ OIDC_PRESET: 'orcid', OIDC_CLIENT_ID: 'APP-1' });
  const token = (claims: Record<string, unknown>) =>
    ({ iss: 'https://id.example', aud: 'c', iat: 1, exp: 2, ...claims }) as Parameters<typeof identityOf>[0];

  it('keys the account by issuer and subject', () => {
    expect(
      identityOf(
        token({ sub: 'u1', email: 'A@Example.org', email_verified: true, given_name: 'Ada', family_name: 'L' }),
        generic,
      ),
    ).toEqual({ providerSubject: 'oidc:https://id.example#u1', email: 'a@example.org', name: 'Ada L', picture: null });
  });

  it('refuses an email not said to be verified unless OIDC_ASSUME_EMAIL_VERIFIED', () => {
    expect(() => identityOf(token({ sub: 'u1', email: 'a@example.org' }), generic)).toThrow(
      "Sign-in refused: OpenID Connect has not verified this account's email",
    );
    const trusting = { ...generic, assumeEmailVerified: true };
    expect(identityOf(token({ sub: 'u1', email: 'a@example.org' }), trusting).email).toBe('a@example.org');
    expect(() => identityOf(token({ sub: 'u1', email: 'a@example.org', email_verified: false }), trusting)).toThrow(
      'has not verified',
    );
  });

  it('ORCID: the iD is the subject, a non-deliverable address under .invalid the email', () => {
    const iD = '0000-0002-1825-009X';
    expect(
      identityOf(token({ iss: 'https://orcid.org', sub: iD, given_name: 'Josiah', family_name: 'Carberry' }), orcid),
    ).toEqual({
      providerSubject: `oidc:https://orcid.org#${iD}`,
      email: '0000-0002-1825-009x@orcid.invalid',
      name: 'Josiah Carberry',
      picture: null,
    });
    expect(identityOf(token({ iss: 'https://orcid.org', sub: iD }), orcid).name).toBe(iD);
    expect(() => identityOf(token({ iss: 'https://orcid.org', sub: 'not-an-orcid' }), orcid)).toThrow(
      "the ID token's subject is not an ORCID iD",
    );
  });
});

describe('the request log', () => {
  it("keeps the callback's code and state out", () => {
    expect(redactCredentials('/api/auth/oidc/callback?code=SECRET&state=STATE&iss=https%3A%2F%2Fid.example')).toBe(
      '/api/auth/oidc/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid.example',
    );
  });
});
