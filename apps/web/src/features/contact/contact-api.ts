import type { TContactDelivery, TContactMessage } from '@paperbench/contract';
import { tsr } from '../../api/client';
import { ok } from '../../api/library-api';

/** spec §7 POST /api/contact: feedback to the people who run this server; says how it was delivered. */
export async function sendContactMessage(body: TContactMessage): Promise<TContactDelivery> {
  const response = ok(await tsr.contact.send.mutate({ body }));
  return response.status === 201 ? response.body.delivery : 'stored';
}

/** docs/security.md#mail: how this server delivers contact messages (mailed, or stored only). */
export async function getContactDelivery(): Promise<TContactDelivery> {
  const response = ok(await tsr.contact.status.query());
  return response.status === 200 ? response.body.delivery : 'stored';
}
