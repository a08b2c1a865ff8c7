import { describe, expect, it } from 'vitest';
import { initialsOf } from './avatar';

describe('initialsOf (avatar without a picture)', () => {
  it.each([
    ['Ada Lovelace', 'ada@example.test', 'AL'],
    ['Ada Augusta King Lovelace', 'ada@example.test', 'AL'],
    ['ada', 'ada@example.test', 'A'],
    ['Ada Lovelace 390', 'ada@example.test', 'AL'],
    ['Émile Zola', 'emile@example.test', 'ÉZ'],
    ['   ', 'zoe@example.test', 'Z'],
    ['42', 'bob@example.test', 'B'],
  ])('%s → its initials', (name, email, initials) => {
    expect(initialsOf(name, email)).toBe(initials);
  });
});
