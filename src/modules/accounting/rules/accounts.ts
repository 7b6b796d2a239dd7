// The accounts of a company's bookings (pure): the defaults of the two standard charts of accounts
// (DATEV SKR03 and SKR04) and the company's settings over them. The default revenue accounts are
// DATEV's automatic accounts for their VAT case, so a booking needs no BU-Schlüssel (tax key):
// the account carries the tax. A company (or its tax adviser) overrides any of them.

export type Chart = 'SKR03' | 'SKR04';

export interface AccountPlan {
  chart: Chart;
  /** Digits of a general-ledger account (Sachkontenlänge, 4–8); personal accounts have one more. */
  accountLength: number;
  /** By vatKey: S19, S7, AE, K, G, E, Z, O. */
  revenueAccounts: Record<string, number>;
  debtors: { scheme: 'perCustomer' | 'collective'; base: number; collectiveAccount: number };
  bankAccount: number;
  cashAccount: number;
  /** By payment method id. */
  paymentMethodAccounts: Record<string, number>;
}

export const DEFAULT_ACCOUNTS: Record<
  Chart,
  { revenueAccounts: Record<string, number>; bankAccount: number; cashAccount: number }
> = {
  SKR03: {
    revenueAccounts: {
      S19: 8400, // Erlöse 19 % USt
      S7: 8300, // Erlöse 7 % USt
      AE: 8337, // Erlöse aus Leistungen nach § 13b UStG
      K: 8125, // steuerfreie innergemeinschaftliche Lieferungen (§ 4 Nr. 1b UStG)
      G: 8120, // steuerfreie Umsätze § 4 Nr. 1a UStG (Ausfuhr)
      E: 8100, // steuerfreie Umsätze § 4 Nr. 8 ff. UStG
      Z: 8200, // Erlöse (ohne USt)
      O: 8200,
    },
    bankAccount: 1200,
    cashAccount: 1000,
  },
  SKR04: {
    revenueAccounts: { S19: 4400, S7: 4300, AE: 4337, K: 4125, G: 4120, E: 4100, Z: 4200, O: 4200 },
    bankAccount: 1800,
    cashAccount: 1600,
  },
};

/** General-ledger defaults of a chart are 4 digits; with a longer account length they get trailing zeros (8400 → 84000). */
export const widen = (account: number, accountLength: number) => account * 10 ** (accountLength - 4);
