import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { sendContactMessage } from './contact.service';

const s = initServer();

/** spec §7 POST /api/contact: feedback to the operators. Needs X-User-ID, which the rate limit counts by. */
export const createContactRouter = (context: AppContext) =>
  s.router(contract.contact, {
    send: async ({ request, body }) => {
      await sendContactMessage(context, requireUser(request), body, request.log);
      return { status: 201, body: { ok: true } };
    },
  });
