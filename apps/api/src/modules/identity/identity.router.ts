import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { notImplemented } from '../not-implemented';
import { issueAnonymousUser } from './identity.service';

const s = initServer();

export const createIdentityRouter = ({ db }: AppContext) =>
  s.router(contract.identity, {
    getId: async () => ({ status: 200, body: { user_id: await issueAnonymousUser(db) } }),
    // Google sign-in arrives with the identity issue; until then it answers 501 like other later routes.
    googleLogin: notImplemented(contract.identity.googleLogin),
  });
