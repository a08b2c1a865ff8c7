import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch } from './inject-fetch';

/** docs/mcp.md#over-http: the in-process fetch the /mcp tools call their routes with. */
describe('injectFetch', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.post('/echo', async (request, reply) =>
      reply
        .header('set-cookie', ['a=1', 'b=2'])
        .send({ ip: request.ip, auth: request.headers.authorization, body: request.body, query: request.query }),
    );
    app.delete('/gone', async (_request, reply) => reply.code(204).send());
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends method, path, query, headers and body to the app as the caller, and answers as fetch does', async () => {
    const fetch = injectFetch(app, '203.0.113.7');
    const response = await fetch('http://paperbench.internal/echo?q=1', {
      method: 'POST',
      headers: { authorization: 'Bearer pbt_x', 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(await response.json()).toEqual({
      ip: '203.0.113.7',
      auth: 'Bearer pbt_x',
      body: { hello: 'world' },
      query: { q: '1' },
    });
  });

  it('gives a 204 without a body, and refuses a body it cannot send', async () => {
    const fetch = injectFetch(app, '127.0.0.1');
    const gone = await fetch('http://paperbench.internal/gone', { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect(gone.body).toBeNull();
    await expect(fetch('http://paperbench.internal/echo', { method: 'POST', body: new Blob(['x']) })).rejects.toThrow(
      'string bodies only',
    );
  });
});
