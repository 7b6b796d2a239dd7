// The five routes of a resource, from its declaration. Routes stay thin: context in, service call, result out.
import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../platform/http/request-context.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import { listQuerySchema } from '../../platform/http/list-query.js';
import {
  DELETED_RESPONSE,
  ID_RESPONSE,
  SECURITY,
  UPDATED_RESPONSE,
  errorResponses,
  idParams,
} from '../../platform/http/route-docs.js';
import { nameSchema } from '../../platform/openapi/schema-names.js';
import type { Resource } from './define-resource.js';
import { resourceService, type EngineDeps, type ResourceService } from './resource-service.js';

export interface RegisterOptions {
  /** Leave out routes a module serves itself. */
  except?: Array<'create' | 'list' | 'get' | 'update' | 'delete'>;
  /** What PATCH answers: `{updated: true}` (default) or `{_id}` (the spec's webhooks). */
  updateResponse?: 'updated' | 'id';
}

// Component schema names where the resource's own name is not the spec's (spec: CustomerObject).
const SCHEMA_NAMES: Record<string, string> = {
  objects: 'CustomerObject',
  invoiceStornos: 'InvoiceStorno',
  invoiceReminders: 'InvoiceReminder',
  invoiceReminderTemplates: 'InvoiceReminderTemplate',
  timeTracking: 'TimeTrackingEntry',
};

/** `Customer`, `CustomerCreate`, `CustomerPatch`: the document names the resource's schemas (route schemas stay inline). */
function nameResourceSchemas(resource: Resource): void {
  const name =
    SCHEMA_NAMES[resource.collection] ??
    resource.name.replace(/(^|[\s-]+)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());
  nameSchema(resource.response, name);
  nameSchema(resource.createBody, `${name}Create`);
  nameSchema(resource.patchBody, `${name}Patch`);
}

const article = (name: string) => (/^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`);

/** What the engine's routes do that a reader needs to know: limits, merge rules, events. */
function describe(resource: Resource, action: 'create' | 'list' | 'get' | 'update' | 'delete'): string {
  const event = (type: string) =>
    resource.webhookEntity ? ` Emits the webhook event ${type} (entity \`${resource.webhookEntity}\`).` : '';
  const { defaultLimit, maxLimit } = resource.listOptions;
  switch (action) {
    case 'create':
      return `Creates ${article(resource.name)} and answers 201 with its \`_id\`. ${resource.acceptsNumber ? 'You may choose its `number` (unique: 409 when taken); otherwise the next one is given.' : 'Its `number` is the next one.'} The server sets \`_id\`, \`companyId\`, \`status\` and \`chatId\` (values sent for them are ignored). An \`Idempotency-Key\` header makes a retry safe.${event('CREATE')}`;
    case 'list':
      return `Lists ${resource.collection.split('/').pop()} of the company, ${defaultLimit} per page by default (\`limit\` up to ${maxLimit}, \`offset\`). Filters: query parameters named after fields (comma list or repeated for ids, numbers and fixed values), \`<field>From\`/\`<field>To\` for dates and numbers, and \`filter=[{field,type,op,value}]\`. Unknown parameters are refused (400). The total is in the \`X-Total-Count\` header.`;
    case 'get':
      return `Reads one ${resource.name} by its \`_id\`; 404 when it does not exist in your company.`;
    case 'update':
      return `JSON Merge Patch: only supplied fields change, nested objects merge, \`null\` removes a field; server-owned fields cannot be changed.${event('UPDATE')}`;
    case 'delete':
      return `Deletes the ${resource.name}; 409 when it may not be deleted (e.g. other records still refer to it).${event('DELETE')}`;
  }
}

export function registerResource(
  app: FastifyInstance,
  deps: EngineDeps,
  resource: Resource,
  options: RegisterOptions = {},
): ResourceService {
  const service = resourceService(deps, resource);
  const routes = typedRoutes(app);
  const base = `/${resource.collection}`;
  const tags = [resource.collection];
  const skip = new Set(options.except ?? []);
  const doc = (summary: string, action: Parameters<typeof describe>[1]) => ({
    tags,
    summary,
    description: describe(resource, action),
    security: SECURITY,
  });
  nameResourceSchemas(resource);

  if (!skip.has('create')) {
    routes.post(
      `${base}/`,
      {
        schema: {
          ...doc(`Create ${article(resource.name)}`, 'create'),
          body: resource.createBody,
          response: { 201: ID_RESPONSE, ...errorResponses([409, 413, 422]) },
        },
      },
      async (request, reply) => {
        const { _id } = await service.create(contextOf(request), request.body, request.idempotency);
        return reply.code(201).send({ _id });
      },
    );
  }
  if (!skip.has('list')) {
    routes.get(
      `${base}/`,
      {
        schema: {
          ...doc(`List ${resource.collection.split('/').pop()}`, 'list'),
          'x-paged': true, // the document describes the X-Total-Count header (openapi-document.ts)
          querystring: listQuerySchema(resource.fields, resource.listOptions),
          response: { 200: { type: 'array', items: resource.response }, ...errorResponses() },
        },
      },
      async (request, reply) => {
        const { items, total } = await service.list(contextOf(request), request.query);
        reply.header('x-total-count', String(total));
        return items;
      },
    );
  }
  if (!skip.has('get')) {
    routes.get(
      `${base}/:id`,
      {
        schema: {
          ...doc(`Read ${article(resource.name)}`, 'get'),
          params: idParams(),
          response: { 200: resource.response, ...errorResponses([404]) },
        },
      },
      async (request) => service.get(contextOf(request), request.params.id),
    );
  }
  if (!skip.has('update')) {
    routes.patch(
      `${base}/:id`,
      {
        schema: {
          ...doc(`Update ${article(resource.name)}`, 'update'),
          params: idParams(),
          body: resource.patchBody,
          response: {
            200: options.updateResponse === 'id' ? ID_RESPONSE : UPDATED_RESPONSE,
            ...errorResponses([404, 409, 413]),
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        await service.update(contextOf(request), id, request.body);
        return options.updateResponse === 'id' ? { _id: id } : { updated: true };
      },
    );
  }
  if (!skip.has('delete')) {
    routes.delete(
      `${base}/:id`,
      {
        schema: {
          ...doc(`Delete ${article(resource.name)}`, 'delete'),
          params: idParams(),
          response: { 200: DELETED_RESPONSE, ...errorResponses([404, 409]) },
        },
      },
      async (request) => {
        await service.remove(contextOf(request), request.params.id);
        return { deleted: true };
      },
    );
  }
  return service;
}
