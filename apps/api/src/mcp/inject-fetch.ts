import type { FastifyInstance } from 'fastify';

/** Header values as a Fetch Headers takes them (inject gives numbers and arrays, e.g. set-cookie). */
function toHeaders(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of [value].flat()) headers.append(name, String(one));
  }
  return headers;
}

/** Statuses whose Response must have no body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * docs/mcp.md#over-http: a fetch that hands each request to the app itself (`app.inject`), so a tool's call
 * runs through routing, the identity preHandler, token scopes, rate budgets and the route's policies, as
 * over the network, without a socket. `remoteAddress` is the MCP caller's address, so per-IP budgets count
 * the caller, not the server. The body is read whole: streamed routes are answered when they end.
 */
export function injectFetch(app: FastifyInstance, remoteAddress: string): typeof globalThis.fetch {
  return async (input, init = {}) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    const body = init.body ?? (request ? await request.text() : undefined);
    if (body !== undefined && body !== null && typeof body !== 'string') {
      throw new Error('injectFetch sends string bodies only');
    }
    const response = await app.inject({
      method: (init.method ?? request?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init.headers ?? request?.headers).entries()),
      ...(body ? { payload: body } : {}),
      remoteAddress,
    });
    return new Response(NULL_BODY.has(response.statusCode) ? null : response.rawPayload, {
      status: response.statusCode,
      headers: toHeaders(response.headers),
    });
  };
}
