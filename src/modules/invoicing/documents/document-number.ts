// Gapless document numbers: the next value of a (company, kind, period) sequence, taken in the
// issuing transaction. The sequence row stays locked until that transaction ends, so concurrent
// issues wait in line, and a rolled-back issue gives its number back.
import { sql } from 'kysely';
import type { TenantTx } from '../../../platform/db/tenant.js';
import { fieldError } from '../../../platform/http/errors.js';

const TOKEN = /\{(YYYY|YY|MM|0+)\}/g;

/** Checks a format such as `RE-{YYYY}-{00000}`: exactly one counter token, at most 40 characters. */
export function checkNumberFormat(format: string, path: string): void {
  if (format.length > 40) throw fieldError(path, 'is longer than 40 characters');
  const counters = [...format.matchAll(/\{0+\}/g)].length;
  if (counters !== 1) throw fieldError(path, 'needs exactly one counter token such as {00000}');
  if (/[{}]/.test(format.replace(TOKEN, '')))
    throw fieldError(path, 'knows the tokens {YYYY}, {YY}, {MM} and {000…} only');
}

/** The sequence period a format implies: per month with {MM}, per year with {YYYY} or {YY}, else one for all time. */
function periodOf(format: string, date: string): string {
  if (format.includes('{MM}')) return date.slice(0, 7);
  if (format.includes('{YYYY}') || format.includes('{YY}')) return date.slice(0, 4);
  return 'all';
}

export function formatNumber(format: string, date: string, value: number): string {
  return format.replace(TOKEN, (_m, token: string) => {
    if (token === 'YYYY') return date.slice(0, 4);
    if (token === 'YY') return date.slice(2, 4);
    if (token === 'MM') return date.slice(5, 7);
    return String(value).padStart(token.length, '0');
  });
}

/** The next number of `kind` for a document dated `date` (YYYY-MM-DD). */
export async function nextDocumentNumber(tx: TenantTx, kind: string, format: string, date: string): Promise<string> {
  const { value } = await tx.db
    .insertInto('document_sequences')
    .values({ company_id: tx.companyId, kind, period: periodOf(format, date), value: 1 })
    .onConflict((oc) =>
      // sql: the stored value plus one, in the same statement (no other transaction can draw the same number)
      oc.columns(['company_id', 'kind', 'period']).doUpdateSet({ value: sql<number>`document_sequences.value + 1` }),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return formatNumber(format, date, Number(value));
}
