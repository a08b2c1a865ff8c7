import { describe, expect, it } from 'vitest';
import { validateContactDraft } from './contact-form';

const draft = { name: '', email: '', subject: '', message: 'Hello' };

describe('validateContactDraft', () => {
  it('accepts a message alone', () => {
    expect(validateContactDraft(draft)).toEqual({});
  });

  it.each([
    ['a blank message', { message: '   ' }, { message: 'Please write a message.' }],
    [
      'a message over 5,000 characters',
      { message: 'x'.repeat(5001) },
      { message: expect.stringContaining('now 5,001') },
    ],
    ['a malformed reply address', { email: 'ada@' }, { email: 'This does not look like an email address.' }],
    ['a name over 200 characters', { name: 'n'.repeat(201) }, { name: 'At most 200 characters.' }],
  ])('flags %s', (_label, change, errors) => {
    expect(validateContactDraft({ ...draft, ...change })).toEqual(errors);
  });
});
