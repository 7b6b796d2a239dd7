// The OpenAPI document: collected from the route schemas by @fastify/swagger, served at /v2/openapi.json.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Crewbase: Workforce Service-Management API', version: '2',
        description: 'Errors are application/problem+json (RFC 9457). Lists take limit, offset, sort=field:1,other:-1, field filters and filter=[{field,type,op,value}]; the total is in X-Total-Count.',
      },
      components: {
        securitySchemes: {
          'Bearer-Auth': { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          'API-Key': { type: 'apiKey', in: 'header', name: 'x-API-Key' },
        },
      },
    },
  });
}

/** Serves the document; registered after every route, so that it holds them all. */
export function serveOpenApiDocument(app: FastifyInstance, prefix: string): void {
  app.get(`${prefix}/openapi.json`, { schema: { hide: true }, config: { isPublic: true } }, async () => app.swagger());
}
