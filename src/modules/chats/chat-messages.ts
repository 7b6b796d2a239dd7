// The messages of a record's chat: read and written by whoever may read the record, found by its
// chat id (each resource table has an index on it).
import { sql } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { NotFound } from '../../platform/http/errors.js';
import { levelOf, type RequestContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import { isOwnOrAll } from '../../resources/engine/access-checks.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { objectId } from '../../resources/engine/fields.js';
import { assertReferencesExist } from '../../resources/engine/references.js';
import { ownerOf } from '../../resources/engine/resource-service.js';

export const messageBody = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 10_000 }),
    documentIds: Type.Optional(
      Type.Array(objectId('documents'), { maxItems: 20, description: 'attachments: uploaded documents' }),
    ),
  },
  { additionalProperties: false },
);

interface ChatRecord {
  resource: Resource;
  id: string;
}

/** A chat's record, if the caller may read it. */
async function chatRecord(
  tx: TenantTx,
  ctx: RequestContext,
  resources: Resource[],
  chatId: string,
): Promise<ChatRecord | undefined> {
  // sql: one statement over every resource table (their names come from the declarations). A record whose chat
  // is named by its own id (a generated job) is found by its primary key: the chat index of jobs leaves it out
  // (migration 0028); the other arm is what the chat indexes hold.
  const queries = resources.map(
    (r, i) =>
      sql`(SELECT ${i}::int AS resource, id, doc FROM ${sql.table(r.table)} WHERE company_id = ${tx.companyId}
        AND ((id = ${chatId} AND chat_id = id) OR (chat_id = ${chatId} AND chat_id <> id)) LIMIT 1)`,
  );
  const { rows } = await sql<{
    resource: number;
    id: string;
    doc: Record<string, unknown>; // a record of any of the resources: only its owner field is read
  }>`${sql.join(queries, sql` UNION ALL `)} LIMIT 1`.execute(tx.db);
  const hit = rows[0];
  if (!hit) return undefined;
  const resource = resources[hit.resource]!;
  const level = levelOf(ctx.permissions, resource.area, 'read');
  return isOwnOrAll(ctx, level, ownerOf(resource, hit.id, hit.doc)) ? { resource, id: hit.id } : undefined;
}

export function chatMessages(deps: { database: Database; resources: Resource[] }) {
  async function withChat<T>(
    ctx: RequestContext,
    chatId: string,
    work: (tx: TenantTx, record: ChatRecord) => Promise<T>,
  ) {
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const record = await chatRecord(tx, ctx, deps.resources, chatId);
      if (!record) throw NotFound('chat', chatId);
      return work(tx, record);
    });
  }

  /** A page of the chat's messages, oldest first, and how many it has. */
  async function list(ctx: RequestContext, chatId: string, page: { limit: number; offset: number }) {
    return withChat(ctx, chatId, async (tx, record) => {
      const rows = await tx.db
        .selectFrom('chat_messages')
        .select((eb) => ['id', 'author_id', 'text', 'document_ids', 'created_at', eb.fn.countAll().over().as('total')])
        .where('company_id', '=', tx.companyId)
        .where('chat_id', '=', chatId)
        .orderBy('created_at')
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      // Past the last page the window count is not there: count apart, as every list does.
      const total = rows.length ? Number(rows[0]!.total) : await countMessages(tx, chatId);
      const messages = rows.map((r) => ({
        _id: r.id,
        chatId,
        authorId: r.author_id,
        text: r.text,
        documentIds: r.document_ids,
        createdAt: new Date(r.created_at).toISOString(),
        entity: record.resource.collection,
        entityId: record.id,
      }));
      return { messages, total };
    });
  }

  /** Writes a message in the chat; answers its id. */
  async function post(ctx: RequestContext, chatId: string, body: Static<typeof messageBody>): Promise<string> {
    return withChat(ctx, chatId, async (tx) => {
      await assertReferencesExist(tx, messageBody, body);
      const messageId = newObjectId();
      await tx.db
        .insertInto('chat_messages')
        .values({
          company_id: tx.companyId,
          chat_id: chatId,
          id: messageId,
          author_id: ctx.userId,
          text: body.text,
          document_ids: [...new Set(body.documentIds ?? [])],
        })
        .execute();
      return messageId;
    });
  }

  return { list, post };
}

async function countMessages(tx: TenantTx, chatId: string): Promise<number> {
  const row = await tx.db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', tx.companyId)
    .where('chat_id', '=', chatId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
