import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email-address';

describe('isEmailAddress', () => {
  it.each(['ada@example.org', ' a.b+digest@sub.example.co.uk '])('accepts %s', (value) => {
    expect(isEmailAddress(value)).toBe(true);
  });

  it.each(['', 'ada', 'ada@', 'ada@example', 'a da@example.org', '@example.org'])('refuses %j', (value) => {
    expect(isEmailAddress(value)).toBe(false);
  });
});
