// Outgoing mail: written in the transaction that causes it (so a rolled-back change sends nothing
// and a committed one is never lost), sent right after the commit, and retried by the background
// worker when the mail server was unreachable. Attached files are stored with the mail
// (outgoing_mail_attachments), at most MAX_MAIL_BYTES per mail.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { inWorker, type TenantTx } from '../db/tenant.js';
import { HttpError } from '../http/errors.js';
import { newObjectId } from '../ids.js';
import type { Mail, MailAttachment, MailTransport } from './mail-transport.js';
import type { DB } from '../db/schema.generated.js';

const RETRY_MINUTES = [1, 5, 30, 120, 360];
/** 10 MiB of attached files: what common mail servers still accept once base64 adds a third. */
export const MAX_MAIL_BYTES = 10 * 1024 * 1024;

/** Queues a mail in the caller's transaction; returns its id. 422 when its files exceed MAX_MAIL_BYTES. */
export async function queueMail(tx: TenantTx, mail: Mail, about: Record<string, unknown> = {}): Promise<string> {
  const files = mail.attachments ?? [];
  const size = files.reduce((sum, file) => sum + file.content.length, 0);
  if (size > MAX_MAIL_BYTES) {
    throw new HttpError(
      422,
      'Unprocessable Content',
      `The attached files (${size} bytes) exceed the ${MAX_MAIL_BYTES} bytes a mail may carry`,
    );
  }
  const id = newObjectId();
  await tx.db
    .insertInto('outgoing_mails')
    .values({
      company_id: tx.companyId,
      id,
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      reply_to: mail.replyTo ?? null,
      about: JSON.stringify(about),
    })
    .execute();
  for (const [position, file] of files.entries()) {
    await tx.db
      .insertInto('outgoing_mail_attachments')
      .values({
        company_id: tx.companyId,
        mail_id: id,
        position,
        filename: file.filename,
        content_type: file.contentType,
        content: file.content,
      })
      .execute();
  }
  return id;
}

/** A mail's files, read when it is sent (one mail's files in memory at a time). */
async function attachmentsOf(db: Kysely<DB>, companyId: string, mailId: string): Promise<MailAttachment[]> {
  const rows = await db
    .selectFrom('outgoing_mail_attachments')
    .select(['filename', 'content_type', 'content'])
    .where('company_id', '=', companyId)
    .where('mail_id', '=', mailId)
    .orderBy('position')
    .execute();
  // node-postgres returns a Buffer, PGlite a Uint8Array (the generated type says Buffer).
  return rows.map((r) => ({
    filename: r.filename,
    contentType: r.content_type,
    content: Buffer.from(r.content.buffer, r.content.byteOffset, r.content.byteLength),
  }));
}

/** Sends the due mails (those of `ids` only, when given); returns the ids of those that went out. */
async function sendDue(db: Kysely<DB>, transport: MailTransport, limit: number, ids?: string[]): Promise<string[]> {
  let query = db
    .selectFrom('outgoing_mails')
    .select(['company_id', 'id', 'recipient', 'subject', 'body', 'reply_to', 'attempts'])
    .where('status', '=', 'pending')
    .where((eb) => eb('next_at', '<=', eb.fn<Date>('now')));
  if (ids) query = query.where('id', 'in', ids);
  const rows = await query.orderBy('next_at').limit(limit).forUpdate().skipLocked().execute();
  const sent: string[] = [];
  for (const mail of rows) {
    try {
      const attachments = await attachmentsOf(db, mail.company_id, mail.id);
      await transport.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
      await db
        .updateTable('outgoing_mails')
        .set((eb) => ({
          status: 'sent',
          sent_at: eb.fn<Date>('now'),
          attempts: eb('attempts', '+', 1),
          last_error: null,
        }))
        .where('company_id', '=', mail.company_id)
        .where('id', '=', mail.id)
        .execute();
      sent.push(mail.id);
    } catch (error) {
      const attempts = mail.attempts + 1;
      const delay = RETRY_MINUTES[attempts - 1];
      await db
        .updateTable('outgoing_mails')
        .set({
          attempts,
          last_error: String((error as Error).message).slice(0, 500),
          status: delay === undefined ? 'failed' : 'pending',
          // sql: the database's clock plus an interval
          next_at: sql<Date>`now() + make_interval(mins => ${delay ?? 0})`,
        })
        .where('company_id', '=', mail.company_id)
        .where('id', '=', mail.id)
        .execute();
    }
  }
  return sent;
}

export function mailOutbox(database: Database, transport: MailTransport) {
  return {
    /** Sends the given queued mails now (after their transaction committed); failures wait for the worker. Returns the ids sent. */
    async sendNow(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      return inWorker(database, (db) => sendDue(db, transport, ids.length, ids));
    },
    /** Sends whatever is due, across companies (the worker's periodic pass); returns how many went out. */
    async sendDue(limit = 100): Promise<number> {
      return (await inWorker(database, (db) => sendDue(db, transport, limit))).length;
    },
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
