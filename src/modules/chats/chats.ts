// Entity chats (Logbuch): every record has a chatId; its chat's messages are seen and written by
// whoever may read the record (chat-messages.ts).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { contextOf } from '../../platform/http/request-context.js';
import { ID_RESPONSE, SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { typedRoutes } from '../../platform/http/typed-routes.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { chatMessages, messageBody } from './chat-messages.js';

const MAX_LIMIT = 200;

export function registerChatRoutes(app: FastifyInstance, deps: { database: Database; resources: Resource[] }) {
  const messages = chatMessages(deps);
  const typed = typedRoutes(app);
  const params = idParams('chatId');
  const message = {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      chatId: { type: 'string' },
      authorId: { type: 'string' },
      text: { type: 'string' },
      documentIds: { type: 'array', items: { type: 'string' } },
      createdAt: { type: 'string', format: 'date-time' },
      entity: { type: 'string', description: "the collection of the chat's record" },
      entityId: { type: 'string' },
    },
    required: ['_id', 'chatId', 'authorId', 'text', 'documentIds', 'createdAt', 'entity', 'entityId'],
  };

  typed.get(
    '/chats/:chatId/messages',
    {
      schema: {
        tags: ['chats'],
        summary: "Messages of a record's chat, oldest first",
        security: SECURITY,
        params,
        querystring: Type.Object(
          {
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 50 })),
            offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: { type: 'array', items: message }, ...errorResponses([404]) },
      },
    },
    async (request, reply) => {
      const { limit = 50, offset = 0 } = request.query;
      const page = await messages.list(contextOf(request), request.params.chatId, { limit, offset });
      reply.header('x-total-count', String(page.total));
      return page.messages;
    },
  );

  typed.post(
    '/chats/:chatId/messages',
    {
      schema: {
        tags: ['chats'],
        summary: "Write in a record's chat",
        security: SECURITY,
        params,
        body: messageBody,
        response: { 201: ID_RESPONSE, ...errorResponses([404]) },
      },
    },
    async (request, reply) => {
      const id = await messages.post(contextOf(request), request.params.chatId, request.body);
      return reply.code(201).send({ _id: id });
    },
  );
}
