// Dunning: reminder templates per level, and a run over overdue invoices that creates the next
// reminder of each when its waiting days have passed. Levels, fees and waiting days are the
// company's (invoicing settings `dunning`); a reminder's text comes from its level's template.
import { sql } from 'kysely';
import { type Static, Type } from 'typebox';
import type { Database } from '../../../platform/db/database.js';
import { inTenant } from '../../../platform/db/tenant.js';
import { fieldError } from '../../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../../platform/http/request-context.js';
import { newObjectId } from '../../../platform/ids.js';
import { type DocOf, defineResource, recordOf, type TypedFields } from '../../../resources/engine/define-resource.js';
import { type Sending, sendingShape } from '../documents/document-schema.js';
import { opt, text } from '../../../resources/engine/fields.js';
import { insertRecord, nextNumber, updateRecord } from '../../../resources/engine/resource-store.js';
import { invoices } from '../documents/billing-documents.js';
import { loadInvoicingSettings } from '../invoicing-settings.js';
import { addDays, companyToday } from '../documents/dates.js';
import { isOverdue } from '../rules/open-amount.js';

export interface DunningLevel {
  level: number;
  afterDays: number;
  fee: number;
  title: string;
}

/** Reminder after 7 days past due, then two dunning letters 14 days apart, with fees. */
export const DEFAULT_DUNNING: DunningLevel[] = [
  { level: 1, afterDays: 7, fee: 0, title: 'Zahlungserinnerung' },
  { level: 2, afterDays: 14, fee: 5, title: '1. Mahnung' },
  { level: 3, afterDays: 14, fee: 10, title: '2. Mahnung' },
];

export const reminderTemplates = defineResource({
  name: 'reminder template',
  collection: 'invoiceReminderTemplates',
  table: 'reminder_templates',
  area: 'invoicing',
  schema: Type.Object({
    level: Type.Integer({ minimum: 1, maximum: 10 }),
    subject: text(300, {
      description:
        'placeholders: {title} {invoiceNumber} {dueDate} {openAmount} {fee} {total} {customerName} {newDueDate}',
    }),
    text: text(10_000),
  }),
});

type ReminderTemplate = Static<typeof reminderTemplates.schema>;

/** A reminder's fields, all set when the dunning run creates it. */
export interface ReminderReadOnly {
  invoiceId: string;
  invoiceNumber: string;
  customerId: string;
  level: number;
  title: string;
  date: string;
  newDueDate: string;
  fee: number;
  openAmount: number;
  total: number;
  subject: string;
  text: string;
  sendings?: Sending[];
}

const reminderReadOnly = {
  invoiceId: { type: 'string' },
  invoiceNumber: { type: 'string' },
  customerId: { type: 'string' },
  level: { type: 'integer' },
  title: { type: 'string' },
  date: { type: 'string' },
  newDueDate: { type: 'string' },
  fee: { type: 'number' },
  openAmount: { type: 'number' },
  total: { type: 'number' },
  subject: { type: 'string' },
  text: { type: 'string' },
  sendings: {
    type: 'array',
    items: sendingShape,
    description: 'each mailing of the document (POST …/send)',
  },
} satisfies Record<keyof ReminderReadOnly, object> as unknown as TypedFields<ReminderReadOnly>;

export const reminders = defineResource({
  name: 'reminder',
  collection: 'invoiceReminders',
  table: 'reminders',
  area: 'invoicing',
  schema: Type.Object({ note: opt(text(2000)) }),
  readOnly: reminderReadOnly,
  columns: { invoiceId: 'invoice_id' },
});

/** A stored reminder. */
export type ReminderDoc = DocOf<typeof reminders.schema, typeof reminderReadOnly>;

const DEFAULT_TEXT =
  'Sehr geehrte Damen und Herren,\n\nzu unserer Rechnung {invoiceNumber}, fällig am {dueDate}, ist noch {openAmount} € offen. ' +
  'Bitte überweisen Sie {total} € (einschließlich {fee} € Gebühr) bis zum {newDueDate}.\n\nMit freundlichen Grüßen';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m);
const eur = (n: number) => n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The level an overdue invoice is due for on `date`, if any (pure). */
export function dueLevel(
  levels: DunningLevel[],
  invoice: { dueDate: string; reminderLevel?: number; lastReminderDate?: string },
  date: string,
): DunningLevel | undefined {
  const current = invoice.reminderLevel ?? 0;
  const next = levels.find((l) => l.level === current + 1);
  if (!next) return undefined;
  const since = current === 0 ? invoice.dueDate : (invoice.lastReminderDate ?? invoice.dueDate);
  return date >= addDays(since, next.afterDays) ? next : undefined;
}

export const dunningBody = Type.Array(
  Type.Object(
    {
      level: Type.Integer({ minimum: 1, maximum: 10 }),
      afterDays: Type.Integer({ minimum: 0, maximum: 365 }),
      fee: Type.Number({ minimum: 0, maximum: 1000 }),
      title: Type.String({ maxLength: 100 }),
    },
    { additionalProperties: false },
  ),
  { maxItems: 10 },
);

export function reminderRun(deps: { database: Database }) {
  return async function run(ctx: RequestContext, given?: string) {
    requireLevel(ctx, 'invoicing', 'write');
    if (given !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(given)) throw fieldError('date', 'must be YYYY-MM-DD');
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const date = given ?? (await companyToday(tx));
      const settings = await loadInvoicingSettings(tx);
      const levels = ((settings as { dunning?: DunningLevel[] }).dunning ?? DEFAULT_DUNNING)
        .slice()
        .sort((a, b) => a.level - b.level);
      const templates = (
        await tx.db.selectFrom('reminder_templates').select('doc').where('company_id', '=', tx.companyId).execute()
      ).map((r) => r.doc as ReminderTemplate);
      const rows = (
        await tx.db
          .selectFrom('invoices')
          .selectAll()
          .where('company_id', '=', tx.companyId)
          .where('state', 'in', ['issued', 'partially_paid'])
          .where(sql<boolean>`due_date < ${date}::date`) // sql: the date parameter compared as a date
          .orderBy('due_date')
          .forUpdate()
          .execute()
      ).map((row) => recordOf(invoices, row));
      const created: string[] = [];
      for (const invoice of rows) {
        const { dueDate, documentNumber } = invoice.doc;
        const openAmount = invoice.doc.openAmount ?? invoice.doc.grossAmount;
        // The same open amount as the invoice's state: nothing open (a credit note, skonto), no reminder.
        // (An overdue invoice has a due date and an open amount, an issued one its number: checked for their types.)
        if (!isOverdue(invoice.doc, date) || !dueDate || openAmount === undefined || !documentNumber) continue;
        const level = dueLevel(levels, { ...invoice.doc, dueDate }, date);
        if (!level) continue;
        const fees = Math.round(((invoice.doc.reminderFees ?? 0) + level.fee) * 100) / 100;
        const newDueDate = addDays(date, 7);
        const values = {
          title: level.title,
          invoiceNumber: documentNumber,
          dueDate,
          openAmount: eur(openAmount),
          fee: eur(fees),
          total: eur(openAmount + fees),
          customerName: invoice.doc.buyer?.name ?? '',
          newDueDate,
        };
        const template = templates.find((t) => t.level === level.level);
        const id = newObjectId();
        await insertRecord(tx, reminders, {
          id,
          number: await nextNumber(tx, reminders.collection),
          userId: ctx.userId,
          chatId: newObjectId(),
          doc: {
            invoiceId: invoice.id,
            invoiceNumber: documentNumber,
            customerId: invoice.doc.customerId,
            level: level.level,
            title: level.title,
            date,
            newDueDate,
            fee: level.fee,
            openAmount,
            total: Math.round((openAmount + fees) * 100) / 100,
            subject: fill(template?.subject ?? '{title}: Rechnung {invoiceNumber}', values),
            text: fill(template?.text ?? DEFAULT_TEXT, values),
          },
        });
        await updateRecord(tx, invoices, invoice.id, {
          doc: { ...invoice.doc, reminderLevel: level.level, lastReminderDate: date, reminderFees: fees },
          userId: ctx.userId,
        });
        created.push(id);
      }
      return { date, created };
    });
  };
}
