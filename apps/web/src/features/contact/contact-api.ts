import type { TContactMessage } from '@paperbench/contract';
import { tsr } from '../../api/client';
import { ok } from '../../api/library-api';

/** spec §7 POST /api/contact: feedback to the people who run this server. */
export async function sendContactMessage(body: TContactMessage): Promise<void> {
  ok(await tsr.contact.send.mutate({ body }));
}
