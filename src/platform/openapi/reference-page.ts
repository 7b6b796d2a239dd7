// The interactive API reference at /v2/docs, drawn from /v2/openapi.json.
import type { FastifyInstance } from 'fastify';
import apiReference from '@scalar/fastify-api-reference';

export async function registerReferencePage(app: FastifyInstance, prefix: `/${string}`): Promise<void> {
  await app.register(apiReference, { routePrefix: `${prefix}/docs`, configuration: {
      url: `${prefix}/openapi.json`, title: 'Crewbase API',
      // The reference works offline: no AI agent or MCP buttons that call outside services.
      agent: { disabled: true }, mcp: { disabled: true },
    } as never,
  });
}
