// The kinds of absence (spec: an integer `type`), their states and the ways paid time is computed.

export interface AbsenceKind {
  type: number;
  name: string;
  paid: boolean;
  booksLeave?: boolean;
}

/** 1-3 are the spec's examples; the others are kinds German cleaning companies record. */
export const ABSENCE_KINDS: AbsenceKind[] = [
  { type: 1, name: 'illness', paid: true },
  { type: 2, name: 'vacation', paid: true, booksLeave: true },
  { type: 3, name: 'unpaid leave', paid: false },
  { type: 4, name: 'child sick leave', paid: false }, // paid by the health insurer, not the employer
  { type: 5, name: 'training', paid: true },
  { type: 6, name: 'special leave', paid: true }, // e.g. wedding, bereavement (§616 BGB)
  { type: 7, name: 'parental leave', paid: false },
  { type: 8, name: 'other', paid: false },
];

export const kindOf = (type: number) => ABSENCE_KINDS.find((k) => k.type === type);

export const ABSENCE_STATES = ['open', 'approved', 'declined', 'assigned', 'cancelled'] as const;
export type AbsenceState = (typeof ABSENCE_STATES)[number];

/**
 * How paid absence time is computed per day: `plannedJobs` (default) pays the target time of the
 * jobs the absence affects, what would have been worked; `contractHours` pays the contract's daily
 * working hours; `none` pays nothing.
 */
export const CALCULATION_TYPES = ['plannedJobs', 'contractHours', 'none'] as const;
export type CalculationType = (typeof CALCULATION_TYPES)[number];
