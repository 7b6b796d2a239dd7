// Document-level allowances (BG-20) and charges (BG-21) of offers and invoices: the schema, the
// checks the schema cannot make, and what is stored after the totals are computed (amount always,
// baseAmount when a percent is applied). `computed` remembers which of the two the server set, so a
// stored item sent back unchanged (a PATCH of other fields, an offer turned into an invoice) is
// recomputed from its percent rather than taken as "both amount and percent".
import { type Static, Type } from 'typebox';
import { fieldError } from '../../../platform/http/errors.js';
import { fraction, list, money, opt, text } from '../../../resources/engine/fields.js';
import { toAmount, toCents } from '../../../platform/money.js';
import {
  VAT_CATEGORIES,
  type AllowanceCharge,
  type AllowanceChargeTotal,
  type VatCategory,
} from '../rules/invoice-totals.js';

/** UNTDID 5189 allowance reasons that EN 16931 accepts (BR-CL-19). */
export const ALLOWANCE_REASON_CODES = [
  '41',
  '42',
  '60',
  '62',
  '63',
  '64',
  '65',
  '66',
  '67',
  '68',
  '70',
  '71',
  '88',
  '95',
  '100',
  '102',
  '103',
  '104',
  '105',
];
/** UNTDID 7161 charge reasons that EN 16931 accepts (BR-CL-20). */
export const CHARGE_REASON_CODES = (
  'AA AAA AAC AAD AAE AAF AAH AAI AAS AAT AAV AAY AAZ ABA ABB ABC ABD ABF ABK ABL ABN ABR ABS ABT ABU ACF ACG ACH ACI ' +
  'ACJ ACK ACL ACM ACS ADC ADE ADJ ADK ADL ADM ADN ADO ADP ADQ ADR ADT ADW ADY ADZ AEA AEB AEC AED AEF AEH AEI AEJ AEK AEL AEM AEN AEO AEP ' +
  'AES AET AEU AEV AEW AEX AEY AEZ AJ AU CA CAB CAD CAE CAF CAI CAJ CAK CAL CAM CAN CAO CAP CAQ CAR CAS CAT CAU CAV CAW CAX CAY CAZ CD CG ' +
  'CS CT DAB DAD DAC DAF DAG DAH DAI DAJ DAK DAL DAM DAN DAO DAP DAQ DL EG EP ER FAA FAB FAC FC FH FI GAA HAA HD HH IAA IAB ID IF IR IS KO ' +
  'L1 LA LAA LAB LF MAE MI ML NAA OA PA PAA PC PL PRV RAB RAC RAD RAF RE RF RH RV SA SAA SAD SAE SAI SG SH SM SU TAB TAC TT TV V1 V2 WH XAA ' +
  'YY ZZZ'
).split(' ');

export const MAX_ALLOWANCES_CHARGES = 20;

/** The VAT category of a position or an allowance/charge. */
export const vatCategoryField = () =>
  opt(
    // Type.Unsafe: a union built from a list has no static type of its own (it read as undefined)
    Type.Unsafe<VatCategory>(
      Type.Union(
        Object.keys(VAT_CATEGORIES).map((c) => Type.Literal(c)),
        {
          description: `${Object.entries(VAT_CATEGORIES)
            .map(([c, d]) => `${c} ${d}`)
            .join('; ')}; default S when the rate is above 0, else Z`,
        },
      ),
    ),
  );

export const allowanceChargeSchema = () =>
  Type.Object(
    {
      charge: Type.Boolean({
        description:
          'true: a charge (BG-21, e.g. a fuel surcharge); false: an allowance (BG-20, e.g. a loyalty discount)',
      }),
      reason: opt(text(200, { description: 'BT-97/BT-104; a reason or a reasonCode is required' })),
      reasonCode: opt(
        Type.String({
          maxLength: 3,
          description: `allowances: UNTDID 5189 (${ALLOWANCE_REASON_CODES.join(', ')}; 95 discount); charges: UNTDID 7161 (e.g. FC freight, ABL packaging, SAA shipping and handling, ZZZ mutually defined)`,
        }),
      ),
      percent: opt(
        Type.Number({ minimum: 0, maximum: 100, description: '5 = 5 %, up to 4 decimals; either percent or amount' }),
      ),
      baseAmount: opt(money()),
      amount: opt(
        Type.Number({
          minimum: -1e9,
          maximum: 1e9,
          description:
            'at least 0, 2 decimals; either amount or percent. Set by the server from a percent (negated on cancellations)',
        }),
      ),
      vatCategory: vatCategoryField(),
      tax: fraction(),
      computed: opt(
        Type.Array(Type.Union([Type.Literal('amount'), Type.Literal('baseAmount')]), {
          maxItems: 2,
          description: 'set by the server: the fields it computed (recomputed on every save)',
        }),
      ),
    },
    {
      additionalProperties: false,
      description: 'percent base (BT-93/BT-100) by default: the counted line nets of the same VAT category and rate',
    },
  );

/** An allowance or charge as the client sends it and as it is stored (then with its amount). */
export type AllowanceChargeItem = Static<ReturnType<typeof allowanceChargeSchema>>;

/** A stored item: its amount is always set (given, or computed from the percent). */
export type StoredAllowanceCharge = AllowanceChargeItem & { amount: number };

export const allowancesChargesSchema = () => list(allowanceChargeSchema(), MAX_ALLOWANCES_CHARGES);

const hasDecimals = (value: number, decimals: number) => {
  const scaled = Number((value * 10 ** decimals).toPrecision(15));
  return Math.abs(scaled - Math.round(scaled)) > 1e-6;
};

/** The allowances and charges as the totals take them; 400 naming the field for what the schema cannot say. */
export function allowanceChargeInputs(items: AllowanceChargeItem[] = []): AllowanceCharge[] {
  return items.map((item, i) => {
    const at = (field: string) => `allowancesCharges.${i}.${field}`;
    const computed: string[] = item.computed ?? [];
    const amount = computed.includes('amount') ? undefined : (item.amount as number | undefined);
    const baseAmount = computed.includes('baseAmount') ? undefined : (item.baseAmount as number | undefined);
    const percent = item.percent as number | undefined;
    if ((amount === undefined) === (percent === undefined)) {
      throw fieldError(
        at('amount'),
        amount === undefined ? 'give an amount or a percent' : 'give either an amount or a percent, not both',
      );
    }
    if (amount !== undefined && (amount < 0 || hasDecimals(amount, 2)))
      throw fieldError(at('amount'), 'must be at least 0 with at most 2 decimals');
    if (baseAmount !== undefined && hasDecimals(baseAmount, 2))
      throw fieldError(at('baseAmount'), 'has more than 2 decimals');
    if (percent !== undefined && hasDecimals(percent, 4)) throw fieldError(at('percent'), 'has more than 4 decimals');
    if (item.reasonCode !== undefined) {
      const codes = item.charge ? CHARGE_REASON_CODES : ALLOWANCE_REASON_CODES;
      if (!codes.includes(item.reasonCode)) {
        throw fieldError(
          at('reasonCode'),
          item.charge
            ? 'a charge takes an UNTDID 7161 code (letters, e.g. FC, ABL, SAA)'
            : `an allowance takes an UNTDID 5189 code (digits): ${ALLOWANCE_REASON_CODES.join(', ')}`,
        );
      }
    } else if (!item.reason?.trim()) {
      throw fieldError(at('reason'), 'give a reason or a reasonCode');
    }
    return {
      charge: item.charge,
      tax: item.tax,
      category: item.vatCategory,
      ...(percent !== undefined ? { percent } : {}),
      ...(amount !== undefined ? { amountCents: toCents(amount) } : {}),
      ...(baseAmount !== undefined ? { baseCents: toCents(baseAmount) } : {}),
    };
  });
}

/** The items as stored: the input plus the computed amount (and base), the VAT category resolved. */
export function storedAllowancesCharges(
  items: AllowanceChargeItem[],
  inputs: AllowanceCharge[],
  totals: AllowanceChargeTotal[],
) {
  return items.map((item, i) => {
    const { computed: _c, amount: _a, baseAmount: _b, ...rest } = item;
    const input = inputs[i]!;
    const total = totals[i]!;
    const computed = [
      ...(input.amountCents === undefined ? ['amount'] : []),
      ...(input.baseCents === undefined && total.baseCents !== undefined ? ['baseAmount'] : []),
    ];
    return {
      ...rest,
      vatCategory: total.category,
      amount: toAmount(total.amountCents),
      ...(total.baseCents !== undefined ? { baseAmount: toAmount(total.baseCents) } : {}),
      ...(computed.length ? { computed } : {}),
    };
  });
}

/** Stored items (amount always set) with their amounts fixed as they are: a cancellation negates them. */
export function fixedAllowanceCharges(items: StoredAllowanceCharge[] = []): AllowanceCharge[] {
  return items.map((item) => ({
    charge: item.charge,
    tax: item.tax,
    category: item.vatCategory,
    amountCents: toCents(item.amount),
    ...(item.baseAmount !== undefined ? { baseCents: toCents(item.baseAmount) } : {}),
  }));
}
