// Outgoing mail: written in the transaction that causes it (so a rolled-back change sends nothing
// and a committed one is never lost), sent right after the commit, and retried by the background
// worker when the mail server was unreachable.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { inWorker, type TenantTx } from '../db/tenant.js';
import { newObjectId } from '../ids.js';
import type { Mail, MailTransport } from './mail-transport.js';

const RETRY_MINUTES = [1, 5, 30, 120, 360];

/** Queues a mail in the caller's transaction; returns its id. */
export async function queueMail(tx: TenantTx, mail: Mail, about: Record<string, unknown> = {}): Promise<string> {
  const id = newObjectId();
  await tx.db.insertInto('outgoing_mails').values({
    company_id: tx.companyId, id, recipient: mail.to, subject: mail.subject, body: mail.text, about: JSON.stringify(about),
  }).execute();
  return id;
}

async function sendDue(db: Kysely<any>, transport: MailTransport, where: ReturnType<typeof sql>, limit: number): Promise<number> {
  const { rows } = await sql<{ company_id: string; id: string; recipient: string; subject: string; body: string; attempts: number }>`
    SELECT company_id, id, recipient, subject, body, attempts FROM outgoing_mails
    WHERE status = 'pending' AND next_at <= now() AND ${where} ORDER BY next_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(db);
  for (const mail of rows) {
    try {
      await transport.send({ to: mail.recipient, subject: mail.subject, text: mail.body });
      await sql`UPDATE outgoing_mails SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL
        WHERE company_id = ${mail.company_id} AND id = ${mail.id}`.execute(db);
    } catch (error) {
      const attempts = mail.attempts + 1;
      const delay = RETRY_MINUTES[attempts - 1];
      await sql`UPDATE outgoing_mails SET attempts = ${attempts}, last_error = ${String((error as Error).message).slice(0, 500)},
          status = ${delay === undefined ? 'failed' : 'pending'}, next_at = now() + make_interval(mins => ${delay ?? 0})
        WHERE company_id = ${mail.company_id} AND id = ${mail.id}`.execute(db);
    }
  }
  return rows.length;
}

export function mailOutbox(database: Database, transport: MailTransport) {
  return {
    /** Sends the given queued mails now (after their transaction committed); failures wait for the worker. */
    async sendNow(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await inWorker(database, (db) => sendDue(db, transport, sql`id = ANY(${sql.val(ids)}::text[])`, ids.length));
    },
    /** Sends whatever is due, across companies (the worker's periodic pass). */
    async sendDue(limit = 100): Promise<number> {
      return inWorker(database, (db) => sendDue(db, transport, sql`true`, limit));
    },
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
