import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import {
  confirmSubscription,
  getSubscription,
  removeSubscription,
  resendConfirmation,
  unsubscribe,
  updateSubscription,
} from './subscription.service';

const s = initServer();

/** Email digests (docs/email.md). The page's calls need X-User-ID; the mailed links' calls carry their own token. */
export const createSubscriptionRouter = (context: AppContext) =>
  s.router(contract.subscription, {
    get: async ({ request }) => ({ status: 200, body: await getSubscription(context, requireUser(request)) }),
    update: async ({ request, body }) => ({
      status: 200,
      body: await updateSubscription(context, requireUser(request), body),
    }),
    resend: async ({ request }) => ({ status: 200, body: await resendConfirmation(context, requireUser(request)) }),
    remove: async ({ request }) => ({ status: 200, body: await removeSubscription(context, requireUser(request)) }),
    confirm: async ({ body }) => ({ status: 200, body: await confirmSubscription(context, body.token) }),
    unsubscribe: async ({ query }) => ({ status: 200, body: await unsubscribe(context, query.token) }),
  });
