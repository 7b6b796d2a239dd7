// The five routes of a resource, from its declaration. Routes stay thin: context in, service call, result out.
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../platform/http/request-context.js';
import { listQuerySchema } from '../../platform/http/list-query.js';
import {
  DELETED_RESPONSE, ID_RESPONSE, SECURITY, UPDATED_RESPONSE, errorResponses, idParams,
} from '../../platform/http/route-docs.js';
import type { Resource } from './define-resource.js';
import { resourceService, type EngineDeps, type ResourceService } from './resource-service.js';

export interface RegisterOptions {
  /** Leave out routes a module serves itself. */
  except?: Array<'create' | 'list' | 'get' | 'update' | 'delete'>;
  /** What PATCH answers: `{updated: true}` (default) or `{_id}` (the spec's webhooks). */
  updateResponse?: 'updated' | 'id';
}

export function registerResource(app: FastifyInstance, deps: EngineDeps, resource: Resource, options: RegisterOptions = {}): ResourceService {
  const service = resourceService(deps, resource);
  const base = `/${resource.collection}`;
  const tags = [resource.collection];
  const skip = new Set(options.except ?? []);
  const doc = (summary: string) => ({ tags, summary, security: SECURITY });

  if (!skip.has('create')) {
    app.post(`${base}/`, {
      schema: { ...doc(`Create a ${resource.name}`), body: resource.createBody, response: { 201: ID_RESPONSE, ...errorResponses([409, 413, 422]) } },
    }, async (request, reply) => {
      const { _id } = await service.create(contextOf(request), request.body as Record<string, any>, request.idempotency);
      return reply.code(201).send({ _id });
    });
  }
  if (!skip.has('list')) {
    app.get(`${base}/`, {
      schema: {
        ...doc(`List ${resource.collection}`),
        description: 'Filters: query parameters named after fields (comma list for ids, numbers and fixed values), <field>From/<field>To for dates and numbers, and filter=[{field,type,op,value}]. The total is in X-Total-Count.',
        querystring: listQuerySchema(resource.fields, resource.listOptions),
        response: { 200: { type: 'array', items: resource.response }, ...errorResponses() },
      },
    }, async (request, reply) => {
      const { items, total } = await service.list(contextOf(request), request.query as Record<string, unknown>);
      reply.header('x-total-count', String(total));
      return items;
    });
  }
  if (!skip.has('get')) {
    app.get(`${base}/:id`, {
      schema: { ...doc(`Read a ${resource.name}`), params: idParams(), response: { 200: resource.response, ...errorResponses([404]) } },
    }, async (request) => service.get(contextOf(request), (request.params as { id: string }).id));
  }
  if (!skip.has('update')) {
    app.patch(`${base}/:id`, {
      schema: {
        ...doc(`Update a ${resource.name}`),
        description: 'JSON Merge Patch: only supplied fields change, nested objects merge, null removes a field.',
        params: idParams(), body: resource.patchBody,
        response: { 200: options.updateResponse === 'id' ? ID_RESPONSE : UPDATED_RESPONSE, ...errorResponses([404, 409, 413]) },
      },
    }, async (request) => {
      const { id } = request.params as { id: string };
      await service.update(contextOf(request), id, request.body as Record<string, any>);
      return options.updateResponse === 'id' ? { _id: id } : { updated: true };
    });
  }
  if (!skip.has('delete')) {
    app.delete(`${base}/:id`, {
      schema: { ...doc(`Delete a ${resource.name}`), params: idParams(), response: { 200: DELETED_RESPONSE, ...errorResponses([404, 409]) } },
    }, async (request) => {
      await service.remove(contextOf(request), (request.params as { id: string }).id);
      return { deleted: true };
    });
  }
  return service;
}
