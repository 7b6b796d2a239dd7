// Routes of tasks: tasks, task templates and complaints through the engine; the spec's
// POST /tasks/{id}/complete; generating a template's tasks for a period.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { contextOf } from '../../platform/http/request-context.js';
import { optionalBody } from '../../platform/http/optional-body.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { dateTime, opt, text } from '../../resources/engine/fields.js';
import { registerResource } from '../../resources/engine/register-resource.js';
import { taskCompletion } from './task-completion.js';
import { taskTemplates } from './task-templates.js';
import { complaints, tasks } from './tasks-resource.js';
import { templateGeneration } from './template-generation.js';

export function registerTaskRoutes(app: FastifyInstance, deps: { database: Database; mail: MailOutbox }) {
  registerResource(app, deps, tasks);
  registerResource(app, deps, taskTemplates);
  registerResource(app, deps, complaints);
  const complete = taskCompletion(deps);
  const generate = templateGeneration(deps);
  const typed = typedRoutes(app);

  typed.post(
    '/tasks/:id/complete',
    {
      ...optionalBody,
      schema: {
        tags: ['tasks'],
        summary: 'Complete a task (from any state)',
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
          200: { type: 'object', properties: { completed: { type: 'boolean' } }, required: ['completed'] },
          ...errorResponses([404]),
        },
      },
    },
    // optionalBody makes a missing body {} before validation.
    async (request) => complete(contextOf(request), request.params.id, request.body),
  );

  typed.post(
    '/taskTemplates/:id/generate',
    {
      schema: {
        tags: ['taskTemplates'],
        summary: "Create the template's tasks due in a period (each occurrence once)",
        security: SECURITY,
        params: idParams(),
        body: Type.Object({ from: opt(dateTime()), until: dateTime() }, { additionalProperties: false }),
        response: {
          200: { type: 'object', properties: { created: { type: 'integer' } }, required: ['created'] },
          ...errorResponses([404]),
        },
      },
    },
    async (request) => ({ created: await generate(contextOf(request), request.params.id, request.body) }),
  );
}
