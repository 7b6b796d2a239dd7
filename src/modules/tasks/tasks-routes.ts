// Routes of tasks: tasks, task templates and complaints through the engine; the spec's
// POST /tasks/{id}/complete; generating a template's tasks for a period.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { NotFound, fieldError } from '../../platform/http/errors.js';
import { contextOf, requireLevel } from '../../platform/http/request-context.js';
import { optionalBody } from '../../platform/http/optional-body.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { dateTime, opt, text } from '../../resources/engine/fields.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { complaints } from './complaints-resource.js';
import { taskCompletion, type CompleteBody } from './task-completion.js';
import { generateTasks, MAX_GENERATE_DAYS, taskTemplates } from './task-templates.js';
import { tasks } from './tasks-resource.js';

export function registerTaskRoutes(app: FastifyInstance, deps: { database: Database; mail: MailOutbox }) {
  registerResource(app, deps, tasks);
  registerResource(app, deps, taskTemplates);
  registerResource(app, deps, complaints);
  const complete = taskCompletion(deps);

  app.post(
    '/tasks/:id/complete',
    {
      ...optionalBody,
      schema: {
        tags: ['tasks'],
        summary: 'Complete a task (from any state but completed)',
        security: SECURITY,
        params: idParams(),
        description:
          'With sendEmail, emailText goes to recipientEmail (both required then); the text is kept as completionResponse.',
        body: Type.Object(
          {
            sendEmail: opt(Type.Boolean()),
            emailText: opt(text(20000)),
            recipientEmail: opt(Type.String({ format: 'email', maxLength: 254 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: { type: 'object', properties: { completed: { type: 'boolean' } } },
          ...errorResponses([404, 409]),
        },
      },
    },
    async (request) =>
      complete(contextOf(request), (request.params as { id: string }).id, (request.body ?? {}) as CompleteBody),
  );

  app.post(
    '/taskTemplates/:id/generate',
    {
      schema: {
        tags: ['taskTemplates'],
        summary: "Create the template's tasks due in a period (each occurrence once)",
        security: SECURITY,
        params: idParams(),
        body: Type.Object({ from: opt(dateTime()), until: dateTime() }, { additionalProperties: false }),
        response: { 200: { type: 'object', properties: { created: { type: 'integer' } } }, ...errorResponses([404]) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      requireLevel(ctx, taskTemplates.area, 'write');
      const { id } = request.params as { id: string };
      const body = request.body as { from?: string; until: string };
      const from = body.from ? Date.parse(body.from) : Date.now();
      const until = Date.parse(body.until);
      if (!(until > from)) throw fieldError('until', 'must be after from');
      if (until - from > MAX_GENERATE_DAYS * 86_400_000)
        throw fieldError('until', `at most ${MAX_GENERATE_DAYS} days after from`);
      const created = await inTenant(deps.database, ctx.companyId, async (tx) => {
        const template = await findRecord(tx, taskTemplates, id, { forUpdate: true });
        if (!template) throw NotFound('task template', id);
        return generateTasks(tx, ctx, template, from, until);
      });
      return { created };
    },
  );
}
