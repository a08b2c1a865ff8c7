import { describe, expect, it } from 'vitest';
import { describeContactDelivery } from './contact-delivery';

describe('describeContactDelivery', () => {
  it('promises an email only when the server mails messages', () => {
    expect(describeContactDelivery('email')).toContain('forwarded to them by email');
    expect(describeContactDelivery('stored')).not.toMatch(/forwarded|by email/);
    expect(describeContactDelivery('stored')).toContain('sends no email');
    expect(describeContactDelivery(undefined)).not.toMatch(/forwarded|by email/);
  });
});
