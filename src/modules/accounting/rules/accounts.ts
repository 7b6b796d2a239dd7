// The accounts of a company's bookings (pure): the defaults of the two standard charts of accounts
// (DATEV SKR03 and SKR04) and the company's settings over them. The default revenue accounts are
// DATEV's automatic accounts for their VAT case, so a booking needs no BU-Schlüssel (tax key):
// the account carries the tax. A company (or its tax adviser) overrides any of them.

export type Chart = 'SKR03' | 'SKR04';

export interface AccountPlan {
  chart: Chart;
  /** Digits of a general-ledger account (Sachkontenlänge, 4–8); personal accounts have one more. */
  accountLength: number;
  /** By vatKey: S19, S7, AE (domestic § 13b), AE-EU (reverse charge to another EU country), K, G, E, Z, O. */
  revenueAccounts: Record<string, number>;
  /** Skonto granted (Gewährte Skonti), by vatKey. */
  skontoAccounts: Record<string, number>;
  /** Advance payments received (Erhaltene Anzahlungen) on partial invoices, by vatKey. */
  advanceAccounts: Record<string, number>;
  /** Clearing account of partial invoices booked on the debtor until paid (Verrechnungskonto erhaltene Anzahlungen). */
  advanceClearingAccount: number;
  debtors: { scheme: 'perCustomer' | 'collective'; base: number; collectiveAccount: number };
  bankAccount: number;
  cashAccount: number;
  /** By payment method id. */
  paymentMethodAccounts: Record<string, number>;
}

interface ChartDefaults {
  revenueAccounts: Record<string, number>;
  skontoAccounts: Record<string, number>;
  advanceAccounts: Record<string, number>;
  advanceClearingAccount: number;
  bankAccount: number;
  cashAccount: number;
}

// Account names as in DATEV's SKR03 and SKR04 (docs/accounting.md lists the sources). The skonto and
// advance accounts of the standard rates are automatic accounts (AM): DATEV books the VAT part itself.
export const DEFAULT_ACCOUNTS: Record<Chart, ChartDefaults> = {
  SKR03: {
    revenueAccounts: {
      S19: 8400, // Erlöse 19 % USt
      S7: 8300, // Erlöse 7 % USt
      AE: 8337, // Erlöse aus Leistungen, für die der Leistungsempfänger die Steuer nach § 13b UStG schuldet
      'AE-EU': 8336, // Erlöse aus im anderen EU-Land steuerpflichtigen sonstigen Leistungen (§ 3a Abs. 2 UStG, ZM)
      K: 8125, // steuerfreie innergemeinschaftliche Lieferungen (§ 4 Nr. 1b UStG)
      G: 8120, // steuerfreie Umsätze § 4 Nr. 1a UStG (Ausfuhr)
      E: 8100, // steuerfreie Umsätze § 4 Nr. 8 ff. UStG
      Z: 8200, // Erlöse (ohne USt)
      O: 8200,
    },
    skontoAccounts: {
      S19: 8736, // Gewährte Skonti 19 % USt (AM)
      S7: 8731, // Gewährte Skonti 7 % USt (AM)
      AE: 8741, // Gewährte Skonti aus Leistungen nach § 13b UStG
      'AE-EU': 8742, // Gewährte Skonti aus im anderen EU-Land steuerpflichtigen sonstigen Leistungen
      K: 8743, // Gewährte Skonti aus steuerfreien innergemeinschaftlichen Lieferungen
      G: 8730, // Gewährte Skonti
      E: 8730,
      Z: 8730,
      O: 8730,
    },
    advanceAccounts: {
      S19: 1718, // Erhaltene, versteuerte Anzahlungen 19 % USt (AM)
      S7: 1711, // Erhaltene, versteuerte Anzahlungen 7 % USt (AM)
      AE: 1710, // Erhaltene Anzahlungen auf Bestellungen
      'AE-EU': 1710,
      K: 1710,
      G: 1710,
      E: 1710,
      Z: 1710,
      O: 1710,
    },
    advanceClearingAccount: 1593, // Verrechnungskonto erhaltene Anzahlungen bei Buchung über Debitorenkonto
    bankAccount: 1200,
    cashAccount: 1000,
  },
  SKR04: {
    revenueAccounts: { S19: 4400, S7: 4300, AE: 4337, 'AE-EU': 4336, K: 4125, G: 4120, E: 4100, Z: 4200, O: 4200 },
    skontoAccounts: { S19: 4736, S7: 4731, AE: 4741, 'AE-EU': 4742, K: 4743, G: 4730, E: 4730, Z: 4730, O: 4730 },
    advanceAccounts: { S19: 3272, S7: 3260, AE: 3250, 'AE-EU': 3250, K: 3250, G: 3250, E: 3250, Z: 3250, O: 3250 },
    advanceClearingAccount: 1495,
    bankAccount: 1800,
    cashAccount: 1600,
  },
};

/** General-ledger defaults of a chart are 4 digits; with a longer account length they get trailing zeros (8400 → 84000). */
export const widen = (account: number, accountLength: number) => account * 10 ** (accountLength - 4);

/** The DATEV tax keys (BU-Schlüssel) of output VAT: 3 at 19 %, 2 at 7 %. */
const OUTPUT_TAX_KEYS: Record<string, string> = { S19: '3', S7: '2' };

/**
 * The BU-Schlüssel of a skonto or advance booking (pure): none on the chart's automatic account of
 * the VAT group (DATEV books the tax itself, a key there is an error), the output-tax key where the
 * company chose another account for a taxed group, none for an untaxed group.
 */
export function taxKey(
  plan: Pick<AccountPlan, 'chart' | 'accountLength'>,
  purpose: 'skontoAccounts' | 'advanceAccounts',
  key: string,
  account: number,
): string {
  const automatic = DEFAULT_ACCOUNTS[plan.chart][purpose][key];
  if (automatic !== undefined && widen(automatic, plan.accountLength) === account) return '';
  return OUTPUT_TAX_KEYS[key] ?? '';
}
