import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireSession } from '../../plugins/identity';
import { notImplemented } from '../not-implemented';
import { issueAnonymousUser, revokeSession } from './identity.service';

const s = initServer();

export const createIdentityRouter = ({ db }: AppContext) =>
  s.router(contract.identity, {
    getId: async () => ({ status: 200, body: { user_id: await issueAnonymousUser(db) } }),
    // docs/security.md#sessions: the id in X-User-ID is refused from now on.
    logout: async ({ request }) => {
      await revokeSession(db, requireSession(request).sessionId);
      return { status: 204, body: undefined };
    },
    // Google sign-in arrives with the identity issue; until then it answers 501 like other later routes.
    googleLogin: notImplemented(contract.identity.googleLogin),
    config: notImplemented(contract.identity.config),
  });
