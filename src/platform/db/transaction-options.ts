// How a transaction runs, beside its BEGIN: asked by tenant.ts, honoured by the database's driver.

export interface TransactionOptions {
  /**
   * Every statement of the transaction on its generic plan (postgres-transaction.ts): for reads whose
   * statements are the read models marked GENERIC_PLAN_MARK and look-ups by key. The setting then goes
   * out with BEGIN instead of before and after each marked statement. Where nothing is prepared (the
   * embedded database, a transaction-mode pooler) it changes nothing.
   */
  genericPlans?: boolean;
  /**
   * A read-only transaction's role and company as values (tenant.ts): a driver that can set them without BEGIN's
   * text does (postgres-transaction.ts: an implicit transaction, implicit-read.ts); else BEGIN's text sets them.
   */
  settings?: TransactionSettings;
}

/** A transaction's settings as values. */
export interface TransactionSettings {
  role: string;
  companyId?: string;
}

/**
 * For reads whose statements are all marked read models and look-ups by key (a job, a time frame, the search, the
 * event feed): their prepared statements on generic plans, set once with BEGIN.
 */
export const ON_GENERIC_PLANS: TransactionOptions = { genericPlans: true };
