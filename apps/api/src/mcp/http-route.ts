import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createPaperbenchClient } from '@paperbench/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { injectFetch } from './inject-fetch';
import { createMcpServer } from './mcp-server';

/** Where the in-process client thinks the API is: only the path reaches app.inject. */
const IN_PROCESS_BASE_URL = 'http://paperbench.internal';

/**
 * docs/mcp.md#over-http: /mcp needs a personal access token (the identity preHandler resolved it into
 * request.token); an X-User-ID session is not enough: an assistant's credential must be one the user can
 * name, scope and revoke. RFC 6750 §3: a 401 names the scheme it takes.
 */
async function requireToken(request: FastifyRequest, reply: FastifyReply) {
  if (request.token !== null) return;
  return reply.code(401).header('www-authenticate', 'Bearer').send({
    error: 'UNAUTHORIZED',
    message:
      '/mcp needs Authorization: Bearer <personal access token>: create one on your profile page (API tokens) or with POST /api/tokens',
  });
}

/** The bearer secret the request came with (requireToken has run: it is a valid one). */
const bearerOf = (request: FastifyRequest) => (request.headers.authorization ?? '').replace(/^Bearer +/i, '').trim();

/** The stateless transport's answer to what it does not serve: JSON-RPC's shape, HTTP 405 (the SDK's examples). */
function methodNotAllowed(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(405)
    .header('allow', 'POST')
    .send({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this server is stateless, POST /mcp' },
      id: null,
    });
}

/**
 * docs/mcp.md: the Streamable HTTP endpoint, stateless (no session id; a fresh server and transport per
 * request), so any replica answers any request. The reply is hijacked: the SDK writes the raw response
 * (JSON, `enableJsonResponse`), after the headers set so far (the security headers) and x-request-id are
 * copied onto it; compression's onSend never runs on it.
 */
export function registerMcpRoutes(app: FastifyInstance) {
  app.post('/mcp', { preHandler: requireToken }, async (request, reply) => {
    const pb = createPaperbenchClient({
      baseUrl: IN_PROCESS_BASE_URL,
      token: bearerOf(request),
      fetch: injectFetch(app, request.ip),
    });
    const server = createMcpServer(pb);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    // app.ts sets it in onSend, which a hijacked reply skips.
    reply.raw.setHeader('x-request-id', request.id);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      request.log.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null }),
        );
      }
    }
  });
  app.get('/mcp', { preHandler: requireToken }, methodNotAllowed);
  app.delete('/mcp', { preHandler: requireToken }, methodNotAllowed);
}
