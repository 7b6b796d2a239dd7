// Routes declared on this view get their body, params and query typed from the route's TypeBox
// schemas (the type provider), so a handler never casts `request.body as …`.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

export type TypedApp = ReturnType<typeof typedRoutes>;

export function typedRoutes(app: FastifyInstance) {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}
