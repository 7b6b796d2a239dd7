// GET /customers/{id}/statement: the customer's account statement from..to (rules/statement.ts),
// with the opening balance of everything before. Managers only (read level `all` on invoicing), as
// the accounting export; at most a year (366 days) of lines at once.
import type { Database } from '../../platform/db/database.js';
import { readInTenant } from '../../platform/db/tenant.js';
import { Forbidden, NotFound } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { toAmount } from '../../platform/money.js';
import { customers } from '../../resources/customers.js';
import { findRecord } from '../../resources/engine/resource-store.js';
import { bookedDiscounts, bookedDocuments, bookedPayments } from '../invoicing/index.js';
import { checkPeriod, missingAccountProblem } from './accounting-export.js';
import { loadAccountingSettings } from './accounting-settings.js';
import { MissingAccount, debtorAccount } from './rules/bookings.js';
import { customerStatement } from './rules/statement.js';

/** Before any document: the opening balance counts everything of the customer before `from`. */
const BEGINNING = '0001-01-01';

export function customerStatements(deps: { database: Database }) {
  return async function statement(ctx: RequestContext, customerId: string, query: { from: string; to: string }) {
    if (requireLevel(ctx, 'invoicing', 'read') !== 'all')
      throw Forbidden("Only managers read a customer's account (read level all on invoicing)");
    const { from, to } = query;
    checkPeriod(from, to);
    const data = await readInTenant(deps.database, ctx.companyId, async (tx) => {
      const customer = await findRecord(tx, customers, customerId);
      if (!customer) throw NotFound(customers.name, customerId);
      const scope = { from: BEGINNING, to, customerId };
      return {
        customer,
        settings: await loadAccountingSettings(tx),
        documents: await bookedDocuments(tx, scope),
        payments: await bookedPayments(tx, scope),
        discounts: await bookedDiscounts(tx, scope),
      };
    });
    let result: ReturnType<typeof customerStatement>;
    try {
      result = customerStatement(data.settings, data, from);
    } catch (error) {
      if (error instanceof MissingAccount) throw missingAccountProblem(error);
      throw error;
    }
    const customer = data.customer;
    return {
      customerId,
      customerName: customer.doc.name as string,
      debtorAccount: debtorAccount(data.settings, {
        number: Number(customer.number),
        debitorNumber: customer.doc.debitorNumber ?? String(customer.number),
      }),
      from,
      to,
      openingBalance: toAmount(result.openingCents),
      lines: result.lines.map((l) => ({
        date: l.date,
        type: l.type,
        documentNumber: l.documentNumber,
        text: l.text,
        amount: toAmount(l.cents),
        balance: toAmount(l.balanceCents),
      })),
      closingBalance: toAmount(result.closingCents),
    };
  };
}
