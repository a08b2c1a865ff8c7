import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { presentStoredMessage } from './contact.presenter';
import { selectLatestMessages } from './contact.repo';
import { contactDelivery, sendContactMessage } from './contact.service';
import { requireOperator } from './operator-token';

const s = initServer();

/** requirements §7 POST /api/contact: feedback to the operators. Needs X-User-ID; limited by the `contact` budget. */
export const createContactRouter = (context: AppContext) =>
  s.router(contract.contact, {
    send: async ({ request, body }) => {
      const delivery = await sendContactMessage(context, requireUser(request), body, request.log);
      return { status: 201, body: { ok: true, delivery } };
    },
    status: async () => ({ status: 200, body: { delivery: contactDelivery(context) } }),
    operatorMessages: async ({ request, query }) => {
      requireOperator(request, context.config);
      const rows = await selectLatestMessages(context.db, query);
      return { status: 200, body: { messages: rows.map(presentStoredMessage) } };
    },
  });
