// The mail that tells a customer of an absence at their objects: one per customer, naming the
// absent employee, the dates, the objects and, where one is assigned already, the replacement.
import type { TenantTx } from '../../platform/db/tenant.js';
import { queueMail } from '../../platform/mail/outbox.js';
import { utcToLocal } from '../../platform/time/zoned-time.js';
import type { AbsenceDoc } from './absence-schema.js';
import { objectCustomers } from '../../resources/object-customers.js';
import { loadTimeAndPaySettings } from '../pay/index.js';
import { jobVisits } from '../scheduling/index.js';
import { userDocsById } from '../users/index.js';

interface Visit {
  customer_id: string;
  customer: { name: string | null; email: string | null };
  object_id: string;
  object_name: string | null;
  job_from: string;
  replacement: { firstName?: string; lastName?: string } | undefined;
}

const nameOf = (general: { firstName?: string; lastName?: string } | undefined) =>
  [general?.firstName, general?.lastName].filter(Boolean).join(' ') || 'our employee';

/** The affected jobs at objects of a customer, by customer id and then start, with the replacement's name. */
async function visitsOf(tx: TenantTx, affectedJobs: string[]): Promise<Visit[]> {
  const jobs = await jobVisits(tx, affectedJobs);
  const objects = await objectCustomers(tx, [...new Set(jobs.map((j) => j.object_id))]);
  const people = await userDocsById(tx, [
    ...new Set(jobs.map((j) => j.replacement_user_id).filter((u): u is string => u !== null)),
  ]);
  const visits = jobs.flatMap((job) => {
    const at = objects.get(job.object_id);
    if (!at) return [];
    const replacement = job.replacement_user_id ? people.get(job.replacement_user_id)?.general : undefined;
    return [
      {
        customer_id: at.customer_id,
        customer: { name: at.customer_name, email: at.customer_email },
        object_id: job.object_id,
        object_name: at.object_name,
        job_from: job.job_from,
        replacement: replacement ?? undefined,
        from_at: job.from_at.getTime(),
      },
    ];
  });
  // Sorted by customer, then start (the jobs come by start; the sort is stable).
  return visits
    .sort((a, b) => (a.customer_id < b.customer_id ? -1 : a.customer_id > b.customer_id ? 1 : a.from_at - b.from_at))
    .map(({ from_at: _, ...visit }) => visit);
}

export async function queueCustomerMails(tx: TenantTx, absence: { id: string; doc: AbsenceDoc }) {
  const { timeZone } = await loadTimeAndPaySettings(tx);
  const day = (iso: string) => new Date(utcToLocal(timeZone, Date.parse(iso))).toISOString().slice(0, 10);
  const rows = await visitsOf(tx, absence.doc.affectedJobs ?? []);
  const absent = await userDocsById(tx, [absence.doc.userId]);
  const who = nameOf(absent.get(absence.doc.userId)?.general);
  const byCustomer = new Map<string, Visit[]>();
  for (const row of rows) byCustomer.set(row.customer_id, [...(byCustomer.get(row.customer_id) ?? []), row]);
  const ids: string[] = [];
  const notifications: Array<Record<string, unknown>> = [];
  for (const [customerId, visits] of byCustomer) {
    const email = visits[0]!.customer.email;
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
