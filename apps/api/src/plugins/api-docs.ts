import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { contract } from '@paperbench/contract';
import { generateOpenApi } from '@ts-rest/open-api';
import type { FastifyInstance } from 'fastify';
import { buildContentSecurityPolicy, serializeCsp } from './security-headers';

/** The OpenAPI document, generated from the same contract the server and the web client compile against. */
export function buildOpenApiDocument() {
  return generateOpenApi(
    contract,
    {
      info: {
        title: 'Paperbench API',
        version: '0.1.0',
        description:
          'Find, keep, read and discuss research papers. Send the id from POST /api/user/get_id as the ' +
          'X-User-ID header, or a personal access token as `Authorization: Bearer pbt_…` (never both; a token ' +
          'is limited to its scopes: docs/security.md#personal-access-tokens). Every error is ' +
          '`{error, message, details?}`.',
      },
      components: {
        securitySchemes: {
          userId: { type: 'apiKey', in: 'header', name: 'X-User-ID' },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'pbt_…',
            description: 'A personal access token (create one on the profile page or with POST /api/tokens).',
          },
        },
      },
      // Either scheme (OpenAPI: alternatives are separate requirement objects).
      security: [{ userId: [] }, { bearerAuth: [] }],
    },
    { setOperationId: 'concatenated-path' },
  );
}

/**
 * docs/security.md#browser-headers: the app's policy, except that Swagger UI's bundle injects <style> elements of its
 * own (seen in Chromium), so its pages alone allow inline styles. Scripts stay self only.
 */
const API_DOCS_CSP = serializeCsp({
  ...buildContentSecurityPolicy([]),
  'style-src': ["'self'", "'unsafe-inline'"],
});

/** /api/openapi.json for tools, /api/docs for people (Swagger UI, served from the package, no CDN). */
export async function registerApiDocs(app: FastifyInstance) {
  const document = buildOpenApiDocument();
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: API_DOCS_CSP });
}
