import { contract } from '@paperbench/contract';
import { initServer } from '@ts-rest/fastify';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/identity';
import { createToken, listTokens, revokeToken } from './tokens.service';

const s = initServer();

/**
 * docs/security.md#personal-access-tokens: the caller's tokens. A request made with a token never reaches
 * these handlers (the identity plugin answers 403: policies/token-scope.ts).
 */
export const createTokensRouter = ({ db }: AppContext) =>
  s.router(contract.tokens, {
    create: async ({ body, request }) => ({ status: 201, body: await createToken(db, requireUser(request), body) }),
    list: async ({ request }) => ({ status: 200, body: { tokens: await listTokens(db, requireUser(request)) } }),
    revoke: async ({ params, request }) => {
      await revokeToken(db, requireUser(request), params.id);
      return { status: 204, body: undefined };
    },
  });
