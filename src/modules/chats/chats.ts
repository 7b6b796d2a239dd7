// Entity chats (Logbuch): every record has a chatId; its chat's messages are seen and written by
// whoever may read the record. The record is found by its chat id (each resource table has an
// index on it).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { NotFound } from '../../platform/http/errors.js';
import { contextOf, levelOf, type RequestContext } from '../../platform/http/request-context.js';
import { SECURITY, errorResponses, idParams } from '../../platform/http/route-docs.js';
import { newObjectId } from '../../platform/ids.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { objectId } from '../../resources/engine/fields.js';
import { assertReferencesExist } from '../../resources/engine/references.js';
import { ownerOf } from '../../resources/engine/resource-service.js';

const MAX_LIMIT = 200;

const messageBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 10_000 }),
    documentIds: Type.Optional(
      Type.Array(objectId('documents'), { maxItems: 20, description: 'attachments: uploaded documents' }),
    ),
  },
  { additionalProperties: false },
);

/** A chat's record, if the caller may read it. */
async function chatRecord(tx: TenantTx, ctx: RequestContext, resources: Resource[], chatId: string) {
  const queries = resources.map(
    (r, i) =>
      sql`(SELECT ${i}::int AS resource, id, doc FROM ${sql.table(r.table)} WHERE company_id = ${tx.companyId} AND chat_id = ${chatId} LIMIT 1)`,
  );
  const { rows } = await sql<{
    resource: number;
    id: string;
    doc: Record<string, any>;
  }>`${sql.join(queries, sql` UNION ALL `)} LIMIT 1`.execute(tx.db);
  const hit = rows[0];
  if (!hit) return undefined;
  const resource = resources[hit.resource]!;
  const level = levelOf(ctx.permissions, resource.area, 'read');
  if (level === 'all') return { resource, id: hit.id };
  if (level === 'own' && ownerOf(resource, hit.id, hit.doc) === ctx.userId) return { resource, id: hit.id };
  return undefined;
}

export function registerChatRoutes(app: FastifyInstance, deps: { database: Database; resources: Resource[] }) {
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
  };

  async function withChat<T>(
    ctx: RequestContext,
    chatId: string,
    work: (tx: TenantTx, record: { resource: Resource; id: string }) => Promise<T>,
  ) {
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const record = await chatRecord(tx, ctx, deps.resources, chatId);
      if (!record) throw NotFound('chat', chatId);
      return work(tx, record);
    });
  }

  app.get(
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
      const { chatId } = request.params as { chatId: string };
      const { limit = 50, offset = 0 } = request.query as { limit?: number; offset?: number };
      const { rows, total } = await withChat(contextOf(request), chatId, async (tx, record) => {
        const { rows } = await sql<{
          id: string;
          author_id: string;
          text: string;
          document_ids: string[];
          created_at: Date;
          total: number;
        }>`
        SELECT id, author_id, text, document_ids, created_at, count(*) OVER ()::int AS total FROM chat_messages
        WHERE company_id = ${tx.companyId} AND chat_id = ${chatId} ORDER BY created_at, id LIMIT ${limit} OFFSET ${offset}`.execute(
          tx.db,
        );
        // Past the last page the window count is not there: count apart, as every list does.
        const total =
          rows[0]?.total ??
          Number(
            (
              await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_messages
        WHERE company_id = ${tx.companyId} AND chat_id = ${chatId}`.execute(tx.db)
            ).rows[0]!.n,
          );
        return { rows: rows.map((r) => ({ ...r, record })), total };
      });
      reply.header('x-total-count', String(total));
      return rows.map((r) => ({
        _id: r.id,
        chatId,
        authorId: r.author_id,
        text: r.text,
        documentIds: r.document_ids,
        createdAt: new Date(r.created_at).toISOString(),
        entity: r.record.resource.collection,
        entityId: r.record.id,
      }));
    },
  );

  app.post(
    '/chats/:chatId/messages',
    {
      schema: {
        tags: ['chats'],
        summary: "Write in a record's chat",
        security: SECURITY,
        params,
        body: messageBody,
        response: { 201: { type: 'object', properties: { _id: { type: 'string' } } }, ...errorResponses([404]) },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const { chatId } = request.params as { chatId: string };
      const body = request.body as { text: string; documentIds?: string[] };
      const id = await withChat(ctx, chatId, async (tx) => {
        await assertReferencesExist(tx, messageBody, body);
        const documentIds = [...new Set(body.documentIds ?? [])];
        const messageId = newObjectId();
        await tx.db
          .insertInto('chat_messages')
          .values({
            company_id: tx.companyId,
            chat_id: chatId,
            id: messageId,
            author_id: ctx.userId,
            text: body.text,
            document_ids: documentIds,
          })
          .execute();
        return messageId;
      });
      return reply.code(201).send({ _id: id });
    },
  );
}
