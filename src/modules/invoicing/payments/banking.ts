// Banking transactions: statements imported once (each entry has a fingerprint), and money
// received matched to the open invoice whose number the remittance text names, which books a
// payment. Entries with no or several candidate invoices stay unmatched for a person to decide.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../../platform/db/database.js';
import { inTenant, type TenantTx } from '../../../platform/db/tenant.js';
import { BadRequest, Conflict, NotFound } from '../../../platform/http/errors.js';
import { contextOf, requireLevel, type RequestContext } from '../../../platform/http/request-context.js';
import { SECURITY, errorResponses } from '../../../platform/http/route-docs.js';
import { typedRoutes } from '../../../platform/http/typed-routes.js';
import { newObjectId } from '../../../platform/ids.js';
import {
  defineResource,
  recordOf,
  type StoredRecord,
  type TypedFields,
} from '../../../resources/engine/define-resource.js';
import { invoices } from '../documents/billing-documents.js';
import type { BillingDoc } from '../documents/document-schema.js';
import { objectId, opt, text } from '../../../resources/engine/fields.js';
import { createRecord } from '../../../resources/engine/resource-service.js';
import { insertRecord, nextNumber, updateRecord } from '../../../resources/engine/resource-store.js';
import { registerResource } from '../../../resources/engine/register-resource.js';
import { toAmount } from '../../../platform/money.js';
import { payments } from './payments.js';
import { parseCamt053, parseCsv, StatementError, type StatementEntry } from '../rules/bank-statements.js';

const MAX_ENTRIES = 5000;

/** A transaction's fields: its statement entry (the amount in the currency, not cents) and its match. */
export interface BankingTransactionReadOnly extends Omit<StatementEntry, 'amountCents'> {
  amount: number;
  matchState: 'matched' | 'unmatched' | 'ambiguous' | 'outgoing';
  invoiceId?: string;
  paymentId?: string;
  candidates?: string[];
}

export const bankingTransactions = defineResource({
  name: 'banking transaction',
  collection: 'bankingTransactions',
  table: 'banking_transactions',
  area: 'invoicing',
  schema: Type.Object({ note: opt(text(2000)) }),
  readOnly: {
    bookingDate: { type: 'string' },
    valueDate: { type: 'string' },
    amount: { type: 'number', description: 'positive: received' },
    currency: { type: 'string' },
    counterpartyName: { type: 'string' },
    counterpartyIban: { type: 'string' },
    remittance: { type: 'string' },
    reference: { type: 'string' },
    matchState: { type: 'string', enum: ['matched', 'unmatched', 'ambiguous', 'outgoing'] },
    invoiceId: { type: 'string' },
    paymentId: { type: 'string' },
    candidates: { type: 'array', items: { type: 'string' }, description: 'invoice ids when several match' },
  } satisfies Record<keyof BankingTransactionReadOnly, object> as unknown as TypedFields<BankingTransactionReadOnly>,
});

const fingerprint = (e: StatementEntry) =>
  createHash('sha256')
    .update(
      [e.bookingDate, e.amountCents, e.currency, e.counterpartyIban ?? '', e.reference ?? '', e.remittance ?? ''].join(
        '|',
      ),
    )
    .digest('hex');

/**
 * Open invoices whose number the remittance text contains.
 * sql: the number is looked for inside the parameter (case-insensitive position()), which the builder cannot say.
 */
async function candidatesFor(tx: TenantTx, entry: StatementEntry): Promise<Array<StoredRecord<BillingDoc>>> {
  if (!entry.remittance || entry.amountCents <= 0) return [];
  const rows = await tx.db
    .selectFrom('invoices')
    .selectAll()
    .where('company_id', '=', tx.companyId)
    .where('state', 'in', ['issued', 'partially_paid'])
    .where('document_number', 'is not', null)
    .where(sql<boolean>`position(upper(document_number) IN upper(${entry.remittance})) > 0`)
    .execute();
  return rows.map((row) => recordOf(invoices, row));
}

export function banking(deps: { database: Database }) {
  async function importStatement(ctx: RequestContext, body: { format: 'camt053' | 'csv'; content: string }) {
    requireLevel(ctx, 'invoicing', 'write');
    let entries: StatementEntry[];
    try {
      entries = body.format === 'camt053' ? parseCamt053(body.content) : parseCsv(body.content);
    } catch (error) {
      if (error instanceof StatementError)
        throw BadRequest(`the statement cannot be read: ${error.message}`, [
          { path: 'content', message: error.message },
        ]);
      throw error;
    }
    if (entries.length > MAX_ENTRIES) throw BadRequest(`a statement has at most ${MAX_ENTRIES} entries`);
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const result = { imported: 0, duplicates: 0, matched: 0, unmatched: 0, ambiguous: 0, ids: [] as string[] };
      for (const entry of entries) {
        const print = fingerprint(entry);
        const seen = await tx.db
          .selectFrom('banking_transactions')
          .select('id')
          .where('company_id', '=', tx.companyId)
          .where('fingerprint', '=', print)
          .executeTakeFirst();
        if (seen) {
          result.duplicates++;
          continue;
        }
        const id = newObjectId();
        const candidates = await candidatesFor(tx, entry);
        let match: Record<string, unknown> = { matchState: entry.amountCents < 0 ? 'outgoing' : 'unmatched' };
        if (candidates.length === 1) {
          const invoice = candidates[0]!;
          const payment = await createRecord(tx, ctx, payments, {
            invoiceId: invoice.id,
            amount: toAmount(entry.amountCents),
            date: entry.bookingDate,
            reference: (entry.reference ?? entry.remittance ?? '').slice(0, 300),
            note: `bank transaction ${id}`,
          });
          match = { matchState: 'matched', invoiceId: invoice.id, paymentId: payment._id };
          result.matched++;
        } else if (candidates.length > 1) {
          match = { matchState: 'ambiguous', candidates: candidates.map((c) => c.id) };
          result.ambiguous++;
        } else if (entry.amountCents > 0) result.unmatched++;
        const { amountCents, ...rest } = entry;
        await insertRecord(tx, bankingTransactions, {
          id,
          number: await nextNumber(tx, bankingTransactions.collection),
          userId: ctx.userId,
          chatId: newObjectId(),
          doc: { ...rest, amount: toAmount(amountCents), ...match },
          columns: { fingerprint: print },
        });
        result.imported++;
        result.ids.push(id);
      }
      return result;
    });
  }

  /** A person assigns an unmatched (or ambiguous) receipt to an invoice: books the payment. */
  async function assign(ctx: RequestContext, id: string, invoiceId: string) {
    requireLevel(ctx, 'invoicing', 'write');
    return inTenant(deps.database, ctx.companyId, async (tx) => {
      const row = await tx.db
        .selectFrom('banking_transactions')
        .selectAll()
        .where('company_id', '=', tx.companyId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      const record = row && recordOf(bankingTransactions, row);
      if (!record) throw NotFound('banking transaction', id);
      if (!['unmatched', 'ambiguous'].includes(record.doc.matchState))
        throw Conflict(`The transaction is ${record.doc.matchState}; only unmatched receipts are assigned`);
      const payment = await createRecord(tx, ctx, payments, {
        invoiceId,
        amount: record.doc.amount,
        date: record.doc.bookingDate,
        reference: (record.doc.reference ?? record.doc.remittance ?? '').slice(0, 300),
        note: `bank transaction ${id}`,
      });
      const { candidates: _c, ...doc } = record.doc;
      await updateRecord(tx, bankingTransactions, id, {
        doc: { ...doc, matchState: 'matched', invoiceId, paymentId: payment._id },
        userId: ctx.userId,
      });
      return { _id: id, paymentId: payment._id };
    });
  }

  return { importStatement, assign };
}

export function registerBankingRoutes(app: FastifyInstance, deps: { database: Database }) {
  registerResource(app, deps, bankingTransactions, { except: ['create'] });
  const service = banking(deps);
  const routes = typedRoutes(app);
  routes.post(
    '/bankingTransactions/import',
    {
      schema: {
        tags: ['bankingTransactions'],
        summary: 'Import a statement (CAMT.053 XML or CSV) and match receipts to open invoices',
        security: SECURITY,
        description:
          'A receipt whose remittance text names exactly one open invoice number books a payment on it; entries already imported are skipped (duplicates). CSV: a header row with date, amount and optionally valueDate, currency, name, iban, purpose, reference (or the German bank names); `;`-separated files use decimal commas.',
        body: Type.Object(
          {
            format: Type.Union([Type.Literal('camt053'), Type.Literal('csv')]),
            content: Type.String({ minLength: 1, maxLength: 900_000 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: { type: 'object', additionalProperties: true }, ...errorResponses([413]) },
      },
    },
    async (request) => service.importStatement(contextOf(request), request.body),
  );
  routes.post(
    '/bankingTransactions/:id/assign',
    {
      schema: {
        tags: ['bankingTransactions'],
        summary: 'Assign an unmatched receipt to an invoice (books the payment)',
        security: SECURITY,
        params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) }),
        body: Type.Object({ invoiceId: objectId('invoices') }, { additionalProperties: false }),
        response: {
          200: {
            type: 'object',
            properties: { _id: { type: 'string' }, paymentId: { type: 'string' } },
            required: ['_id', 'paymentId'],
          },
          ...errorResponses([404, 409]),
        },
      },
    },
    async (request) => service.assign(contextOf(request), request.params.id, request.body.invoiceId),
  );
}
