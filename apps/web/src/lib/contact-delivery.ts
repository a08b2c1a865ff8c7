import type { TContactDelivery } from '@paperbench/contract';

/**
 * docs/security.md#mail: the contact page says what really happens to a message, never "forwarded by
 * email" on a server without mail. undefined: not known yet, so no promise about mail at all.
 */
export function describeContactDelivery(delivery: TContactDelivery | undefined): string {
  if (delivery === 'email') return 'Your message is stored here and forwarded to them by email.';
  if (delivery === 'stored') {
    return 'This server sends no email: your message is stored here, and the people who run it read it on the server.';
  }
  return 'Your message is stored here for them to read.';
}
