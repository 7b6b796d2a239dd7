// The mail that tells a customer of an absence at their objects: one per customer, naming the
// absent employee, the dates, the objects and, where one is assigned already, the replacement.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import { queueMail } from '../../platform/mail/outbox.js';
import { utcToLocal } from '../../platform/time/zoned-time.js';
import { loadTimeAndPaySettings } from '../pay/index.js';

const nameOf = (general: any) => [general?.firstName, general?.lastName].filter(Boolean).join(' ') || 'our employee';

export async function queueCustomerMails(tx: TenantTx, absence: { id: string; doc: Record<string, any> }) {
  const { timeZone } = await loadTimeAndPaySettings(tx);
  const day = (iso: string) => new Date(utcToLocal(timeZone, Date.parse(iso))).toISOString().slice(0, 10);
  const { rows } = await sql<{
    customer_id: string;
    customer: any;
    object_id: string;
    object_name: string;
    job_from: string;
    replacement: any;
  }>`
    SELECT c.id AS customer_id, jsonb_build_object('name', c.doc->>'name', 'email', c.doc->'contact'->>'email') AS customer,
      o.id AS object_id, o.doc->>'name' AS object_name, j.doc->>'from' AS job_from,
      (SELECT u.doc->'general' FROM jobs r JOIN users u ON u.company_id = r.company_id AND u.id = r.user_id
        WHERE r.company_id = j.company_id AND r.id = j.replacement_job_id) AS replacement
    FROM jobs j JOIN objects o ON o.company_id = j.company_id AND o.id = j.object_id
      JOIN customers c ON c.company_id = o.company_id AND c.id = o.doc->>'customerId'
    WHERE j.company_id = ${tx.companyId} AND j.id = ANY(${sql.val(absence.doc.affectedJobs ?? [])}::text[])
    ORDER BY c.id, j.from_at`.execute(tx.db);
  const absent = await tx.db
    .selectFrom('users')
    .select('doc')
    .where('company_id', '=', tx.companyId)
    .where('id', '=', absence.doc.userId)
    .executeTakeFirst();
  const who = nameOf((absent?.doc as any)?.general);
  const byCustomer = new Map<string, typeof rows>();
  for (const row of rows) byCustomer.set(row.customer_id, [...(byCustomer.get(row.customer_id) ?? []), row]);
  const ids: string[] = [];
  const notifications: Array<Record<string, unknown>> = [];
  for (const [customerId, visits] of byCustomer) {
    const email = visits[0]!.customer.email as string | undefined;
    const objectIds = [...new Set(visits.map((v) => v.object_id))];
    if (!email) {
      notifications.push({ customerId, objectIds, error: 'the customer has no e-mail address' });
      continue;
    }
    const lines = visits.map(
      (v) =>
        `- ${day(v.job_from)}, ${v.object_name}: ${v.replacement ? `${nameOf(v.replacement)} will come instead` : 'a replacement will be arranged'}`,
    );
    const text = [
      `Dear ${visits[0]!.customer.name ?? 'customer'},`,
      '',
      `${who} is absent from ${day(absence.doc.periodFrom)} to ${day(new Date(Date.parse(absence.doc.periodTo) - 1).toISOString())}. These visits are affected:`,
      ...lines,
      '',
      'We will keep the work going and let you know if anything changes.',
    ].join('\n');
    const mailId = await queueMail(
      tx,
      {
        to: email,
        subject: `Absence of ${who}: ${day(absence.doc.periodFrom)} to ${day(new Date(Date.parse(absence.doc.periodTo) - 1).toISOString())}`,
        text,
      },
      { absenceId: absence.id, customerId },
    );
    ids.push(mailId);
    notifications.push({ customerId, objectIds, email, mailId, queuedAt: new Date().toISOString() });
  }
  return { ids, notifications };
}
