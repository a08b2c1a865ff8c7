import { describe, expect, it } from 'vitest';
import { isExpired, tokenRequest, validateTokenDraft } from './token-draft';

const NOW = Date.parse('2026-11-29T10:00:00.000Z');

describe('token drafts', () => {
  it('sends the trimmed name, the scopes in the form order and the expiry counted from now', () => {
    expect(tokenRequest({ name: ' CI ', scopes: ['ai', 'read'], expiry: '365' }, NOW)).toEqual({
      name: 'CI',
      scopes: ['read', 'ai'],
      expires_at: '2027-11-29T10:00:00.000Z',
    });
    expect(tokenRequest({ name: 'x', scopes: ['write'], expiry: 'never' }, NOW).expires_at).toBeNull();
  });

  it('names each mistake', () => {
    expect(validateTokenDraft({ name: ' ', scopes: [], expiry: '30' })).toEqual({
      name: expect.stringMatching(/Give the token a name/),
      scopes: 'Choose at least one scope.',
    });
    expect(validateTokenDraft({ name: 'a\0b', scopes: ['read'], expiry: '30' }).name).toMatch(/NUL/);
    expect(validateTokenDraft({ name: 'x'.repeat(101), scopes: ['read'], expiry: '30' }).name).toMatch(/At most 100/);
    expect(validateTokenDraft({ name: 'ok', scopes: ['read'], expiry: '30' })).toEqual({});
  });

  it('calls a token expired from its expiry on, never when it has none', () => {
    expect(isExpired({ expires_at: '2026-11-29T10:00:00.000Z' }, NOW)).toBe(true);
    expect(isExpired({ expires_at: '2026-11-29T10:00:01.000Z' }, NOW)).toBe(false);
    expect(isExpired({ expires_at: null }, NOW)).toBe(false);
  });
});
