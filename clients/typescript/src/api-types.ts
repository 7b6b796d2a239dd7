// Generated from openapi.json by `npm run client:generate`; do not edit (CI checks it is current).
/* eslint-disable */

export interface Absence {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  /** the absent user; employees give their own id */
  userId: string;
  /** 1 illness (paid), 2 vacation (paid), 3 unpaid leave, 4 child sick leave, 5 training (paid), 6 special leave (paid), 7 parental leave, 8 other */
  type: number;
  /** a pay type for the paid time (its rateFactor applies) */
  payTypeAbsenceId?: string;
  /** paid time per day: plannedJobs (default), contractHours or none */
  calculationType?: "plannedJobs" | "contractHours" | "none";
  desc?: string;
  dtStart: string;
  dtEnd: string;
  /** default true: whole local days from dtStart's date to dtEnd's date */
  fullDay?: boolean;
  /** working days; computed unless given */
  daysAbsent?: number;
  attachments: Array<string>;
  imageIds: Array<string>;
  objectManagerIds: Array<string>;
  /** on approval, tell the customers of the affected objects */
  sendEmailToCustomer?: boolean;
  /** an illness: the user's earlier approved illness from the same cause (from the health insurer's notice); counted together for the six weeks of §3 EFZG */
  sameCauseAs?: string;
  state?: "open" | "approved" | "declined" | "assigned" | "cancelled";
  approvedBy?: string;
  declinedBy?: string;
  cancelledBy?: string;
  declineComment?: string;
  approvedAt?: string;
  cancelledAt?: string;
  /** daysAbsent was written by a client and is kept */
  daysAbsentManual?: boolean;
  affectedJobs: Array<string>;
  affectedObjectIds: Array<string>;
  isAssigned?: boolean;
  absencePaidTimeArray: Array<{
    date?: string;
    seconds?: number;
    jobIds?: Array<string>;
  }>;
  replacements: Array<{
    /** the absent user's job */
    jobId?: string;
    replacementJobId?: string;
    /** who stands in */
    userId?: string;
    assignedBy?: string;
    assignedAt?: string;
    [key: string]: unknown;
  }>;
  salaryIds: Array<string>;
  leaveBooked: Array<{
    year?: number;
    days?: number;
  }>;
  customerNotifications: Array<{
    customerId?: string;
    objectIds?: Array<string>;
    email?: string;
    mailId?: string;
    queuedAt?: string;
    /** why no mail was queued */
    error?: string;
    [key: string]: unknown;
  }>;
  /** the period the absence covers (whole days when fullDay) */
  periodFrom?: string;
  periodTo?: string;
}

export interface AbsenceCreate {
  /** the absent user; employees give their own id */
  userId: string;
  /** 1 illness (paid), 2 vacation (paid), 3 unpaid leave, 4 child sick leave, 5 training (paid), 6 special leave (paid), 7 parental leave, 8 other */
  type: number;
  /** a pay type for the paid time (its rateFactor applies) */
  payTypeAbsenceId?: string | null;
  /** paid time per day: plannedJobs (default), contractHours or none */
  calculationType?: ("plannedJobs" | "contractHours" | "none") | null;
  desc?: string | null;
  dtStart: string;
  dtEnd: string;
  /** default true: whole local days from dtStart's date to dtEnd's date */
  fullDay?: boolean | null;
  /** working days; computed unless given */
  daysAbsent?: number | null;
  attachments?: Array<string> | null;
  imageIds?: Array<string> | null;
  objectManagerIds?: Array<string> | null;
  /** on approval, tell the customers of the affected objects */
  sendEmailToCustomer?: boolean | null;
  /** an illness: the user's earlier approved illness from the same cause (from the health insurer's notice); counted together for the six weeks of §3 EFZG */
  sameCauseAs?: string | null;
  /** set by the server; accepted and ignored in a write body */
  state?: unknown;
  /** set by the server; accepted and ignored in a write body */
  approvedBy?: unknown;
  /** set by the server; accepted and ignored in a write body */
  declinedBy?: unknown;
  /** set by the server; accepted and ignored in a write body */
  cancelledBy?: unknown;
  /** set by the server; accepted and ignored in a write body */
  declineComment?: unknown;
  /** set by the server; accepted and ignored in a write body */
  approvedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  cancelledAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  daysAbsentManual?: unknown;
  /** set by the server; accepted and ignored in a write body */
  affectedJobs?: unknown;
  /** set by the server; accepted and ignored in a write body */
  affectedObjectIds?: unknown;
  /** set by the server; accepted and ignored in a write body */
  isAssigned?: unknown;
  /** set by the server; accepted and ignored in a write body */
  absencePaidTimeArray?: unknown;
  /** set by the server; accepted and ignored in a write body */
  replacements?: unknown;
  /** set by the server; accepted and ignored in a write body */
  salaryIds?: unknown;
  /** set by the server; accepted and ignored in a write body */
  leaveBooked?: unknown;
  /** set by the server; accepted and ignored in a write body */
  customerNotifications?: unknown;
  /** set by the server; accepted and ignored in a write body */
  periodFrom?: unknown;
  /** set by the server; accepted and ignored in a write body */
  periodTo?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface AccessGroup {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  description?: string;
  /** area -> {read, write}, each none | own | all; "*" applies to every area not named */
  permissions: {
    "*"?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    users?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    accessGroups?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    apiKeys?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    company?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    webhooks?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    customers?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    objects?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    contacts?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    activityTypes?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    taxRates?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    paymentTerms?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    articles?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    suppliers?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    serviceProducts?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    equipment?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    jobs?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    assignments?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    timeTracking?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    salaries?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    payTypes?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    surcharges?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    holidays?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    absences?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    tasks?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    complaints?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    documents?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    materialOrders?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    qualityControl?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    invoicing?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    notifications?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
  };
}

export interface AccessGroupCreate {
  name: string;
  description?: string | null;
  /** area -> {read, write}, each none | own | all; "*" applies to every area not named */
  permissions: {
    "*"?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    users?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    accessGroups?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    apiKeys?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    company?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    webhooks?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    customers?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    objects?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    contacts?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    activityTypes?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    taxRates?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    paymentTerms?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    articles?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    suppliers?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    serviceProducts?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    equipment?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    jobs?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    assignments?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    timeTracking?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    salaries?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    payTypes?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    surcharges?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    holidays?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    absences?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    tasks?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    complaints?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    documents?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    materialOrders?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    qualityControl?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    invoicing?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
    notifications?: {
      read?: "none" | "own" | "all";
      write?: "none" | "own" | "all";
    };
  };
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface AccessGroupPatch {
  name?: string | null;
  description?: string | null;
  permissions?: {
    "*"?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    users?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    accessGroups?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    apiKeys?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    company?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    webhooks?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    customers?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    objects?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    contacts?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    activityTypes?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    taxRates?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    paymentTerms?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    articles?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    suppliers?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    serviceProducts?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    equipment?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    jobs?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    assignments?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    timeTracking?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    salaries?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    payTypes?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    surcharges?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    holidays?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    absences?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    tasks?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    complaints?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    documents?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    materialOrders?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    qualityControl?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    invoicing?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
    notifications?: {
      read?: ("none" | "own" | "all") | null;
      write?: ("none" | "own" | "all") | null;
    } | null;
  } | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface AccountingSettings {
  /** DATEV Beraternummer (1001–9999999) */
  consultantNumber?: number;
  /** DATEV Mandantennummer (1–99999) */
  clientNumber?: number;
  /** month the fiscal year starts in (default 1) */
  fiscalYearStartMonth: number;
  /** Sachkontenlänge: digits of a general-ledger account (default 4); debtor accounts have one more */
  accountLength: number;
  /** the chart of accounts whose defaults apply (default SKR03); sent to DATEV as '03' or '04' */
  chart: "SKR03" | "SKR04";
  /** revenue account per VAT group: S19, S7 (standard rate by percent), AE (domestic § 13b), AE-EU (reverse charge to a business in another EU country), K, G, E, Z, O; overrides the chart default */
  revenueAccounts: Record<string, number>;
  /** skonto granted per VAT group (default SKR03 8736/8731, SKR04 4736/4731 for S19/S7); another account than the default of a taxed group is booked with the BU-Schlüssel 3 (19 %) or 2 (7 %) */
  skontoAccounts: Record<string, number>;
  /** advance payments received on partial invoices per VAT group (default SKR03 1718/1711, SKR04 3272/3260 for S19/S7; 1710/3250 otherwise) */
  advanceAccounts: Record<string, number>;
  /** partial invoices on the debtor until paid; default 1593 (SKR03) or 1495 (SKR04) */
  advanceClearingAccount: number;
  debtors: {
    /** perCustomer: base + the customer's debtor number (its debitorNumber when numeric, else its number); collective: one account for all */
    scheme: "perCustomer" | "collective";
    /** default 10000 (10^accountLength) */
    base: number;
    /** the collective debtor, and where base + number leaves the debtor range; default 10000 */
    collectiveAccount: number;
  };
  /** default 1200 (SKR03) or 1800 (SKR04) */
  bankAccount: number;
  /** payments by a method with code 10 (cash); default 1000 (SKR03) or 1600 (SKR04) */
  cashAccount: number;
  /** money account per payment method id; other methods book on bankAccount (cashAccount for code 10) */
  paymentMethodAccounts: Record<string, number>;
  /** Festschreibung: DATEV locks the bookings on import (default false) */
  lockBatch: boolean;
}

export interface AccountingSettingsInput {
  /** DATEV Beraternummer (1001–9999999) */
  consultantNumber?: number;
  /** DATEV Mandantennummer (1–99999) */
  clientNumber?: number;
  /** month the fiscal year starts in (default 1) */
  fiscalYearStartMonth?: number;
  /** Sachkontenlänge: digits of a general-ledger account (default 4); debtor accounts have one more */
  accountLength?: number;
  /** the chart of accounts whose defaults apply (default SKR03); sent to DATEV as '03' or '04' */
  chart?: "SKR03" | "SKR04";
  /** revenue account per VAT group: S19, S7 (standard rate by percent), AE (domestic § 13b), AE-EU (reverse charge to a business in another EU country), K, G, E, Z, O; overrides the chart default */
  revenueAccounts?: Record<string, number>;
  /** skonto granted per VAT group (default SKR03 8736/8731, SKR04 4736/4731 for S19/S7); another account than the default of a taxed group is booked with the BU-Schlüssel 3 (19 %) or 2 (7 %) */
  skontoAccounts?: Record<string, number>;
  /** advance payments received on partial invoices per VAT group (default SKR03 1718/1711, SKR04 3272/3260 for S19/S7; 1710/3250 otherwise) */
  advanceAccounts?: Record<string, number>;
  /** partial invoices on the debtor until paid; default 1593 (SKR03) or 1495 (SKR04) */
  advanceClearingAccount?: number;
  debtors?: {
    /** perCustomer: base + the customer's debtor number (its debitorNumber when numeric, else its number); collective: one account for all */
    scheme: "perCustomer" | "collective";
    /** default 10000 (10^accountLength) */
    base?: number;
    /** the collective debtor, and where base + number leaves the debtor range; default 10000 */
    collectiveAccount?: number;
  };
  /** default 1200 (SKR03) or 1800 (SKR04) */
  bankAccount?: number;
  /** payments by a method with code 10 (cash); default 1000 (SKR03) or 1600 (SKR04) */
  cashAccount?: number;
  /** money account per payment method id; other methods book on bankAccount (cashAccount for code 10) */
  paymentMethodAccounts?: Record<string, number>;
  /** Festschreibung: DATEV locks the bookings on import (default false) */
  lockBatch?: boolean;
}

export interface ActivityType {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  /** colour as #rrggbb */
  hexCode?: string;
  description?: string;
}

export interface ActivityTypeCreate {
  name: string;
  /** colour as #rrggbb */
  hexCode?: string | null;
  description?: string | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface ActivityTypePatch {
  name?: string | null;
  hexCode?: string | null;
  description?: string | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

/** percent base (BT-93/BT-100) by default: the counted line nets of the same VAT category and rate */
export interface AllowanceCharge {
  /** true: a charge (BG-21, e.g. a fuel surcharge); false: an allowance (BG-20, e.g. a loyalty discount) */
  charge?: boolean;
  /** BT-97/BT-104; a reason or a reasonCode is required */
  reason?: string;
  /** allowances: UNTDID 5189 (41, 42, 60, 62, 63, 64, 65, 66, 67, 68, 70, 71, 88, 95, 100, 102, 103, 104, 105; 95 discount); charges: UNTDID 7161 (e.g. FC freight, ABL packaging, SAA shipping and handling, ZZZ mutually defined) */
  reasonCode?: string;
  /** 5 = 5 %, up to 4 decimals; either percent or amount */
  percent?: number;
  baseAmount?: number;
  /** at least 0, 2 decimals; either amount or percent. Set by the server from a percent (negated on cancellations) */
  amount?: number;
  /** S standard rate; Z zero rated; E exempt; AE reverse charge (§13b UStG: the customer owes the VAT); K intra-community supply; G export outside the EU; O not subject to VAT; default S when the rate is above 0, else Z */
  vatCategory?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
  tax?: number;
  /** set by the server: the fields it computed (recomputed on every save) */
  computed?: Array<"amount" | "baseAmount">;
}

export interface ApiKey {
  _id: string;
  name: string;
  /** first characters of the key, to recognise it */
  prefix: string;
  scopes: Array<string>;
  expiresAt: string | null;
  createdAt: string;
  createdBy: string | null;
  /** to the minute */
  lastUsedAt: string | null;
}

export interface ApiKeyCreated {
  _id: string;
  name: string;
  /** first characters of the key, to recognise it */
  prefix: string;
  scopes: Array<string>;
  expiresAt: string | null;
  createdAt: string;
  createdBy: string | null;
  /** to the minute */
  lastUsedAt: string | null;
  key: string;
}

export interface Article {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  description?: string;
  unit?: string;
  price?: number;
  purchasePrice?: number;
  taxRateId?: string;
  supplierId?: string;
  ean?: string;
  tags: Array<string>;
}

export interface ArticleCreate {
  name: string;
  description?: string | null;
  unit?: string | null;
  price?: number | null;
  purchasePrice?: number | null;
  taxRateId?: string | null;
  supplierId?: string | null;
  ean?: string | null;
  tags?: Array<string> | null;
  number?: number | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface ArticlePatch {
  name?: string | null;
  description?: string | null;
  unit?: string | null;
  price?: number | null;
  purchasePrice?: number | null;
  taxRateId?: string | null;
  supplierId?: string | null;
  ean?: string | null;
  tags?: Array<string> | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface Assignment {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  objectId: string;
  /** the object's customer when absent */
  customerId?: string;
  title?: string;
  iCalendar: {
    /** DAILY, WEEKLY, MONTHLY or YEARLY */
    frequency?: string;
    /** IANA time zone, e.g. Europe/Berlin */
    tzid?: string;
    interval?: number;
    /** RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20271231T230000Z */
    rrule?: string;
    bySetPos?: number;
    byDay?: Array<string>;
    /** comma list, e.g. "1,15,-1" */
    byMonthDay?: string;
    byMonth?: Array<number>;
    /** start of the first occurrence, local time in tzid */
    dtstart?: string;
    /** end of the first occurrence, local time in tzid */
    dtend?: string;
    exDate?: Array<string>;
    until?: string;
    count?: number;
  };
  userIds: Array<string>;
  /** no jobs on public holidays of the object's region (address country and state) */
  skipPublicHolidays?: boolean;
  material: Array<{
    productId?: string;
    quantity?: number;
  }>;
  weeklyTimeBudget?: number;
  /** e.g. normal */
  type?: string;
  activityTypeId?: string;
  comment?: string;
  commentRequired?: boolean;
  sign?: boolean;
  documentIds: Array<string>;
  billing?: {
    /** e.g. MANUAL */
    type?: string;
    positions?: Array<{
      quantity?: number;
      unit?: string;
      price?: number;
      tax?: number;
      title?: string;
      /** e.g. INVOICE_POSITION */
      type?: string;
      /** the spec's TaxRate: a copy of a tax-rate record */
      taxRate?: {
        /** e.g. VAT */
        type?: string;
        rate?: number;
        description?: string;
        bookingAccountNumber?: string;
        skontoBookingAccountNumber?: string;
        default?: boolean;
        _id?: string;
        number?: number;
        companyId?: string;
        chatId?: string;
        status?: {
          status?: number;
          createdAt?: string;
          createdBy?: string;
          lastModifiedAt?: string;
          lastModifiedBy?: string;
        };
      };
      description?: string;
      discount?: number;
      productId?: string;
      includedWageCostFactor?: number;
      isOptional?: boolean;
      bookingAccountNumber?: string;
      skontoBookingAccountNumber?: string;
    }>;
    /** day of the last invoice; a date-time, or a day YYYY-MM-DD (stored and returned as its midnight UTC) */
    lastInvoiceDate?: string;
    defaultInvoiceTemplateId?: string;
  };
  quota?: {
    enabled?: boolean;
    quotaCalculation?: string;
    total?: number;
    billingRateEnabled?: boolean;
    billingRateCalculation?: string;
    billingRateAmount?: number;
    expectedMargin?: number;
  };
  autoGenerateInvoiceError?: Record<string, unknown>;
  costUnit?: string;
  jobChatId?: string;
  linkedCache: Array<Record<string, unknown>>;
}

export interface AssignmentConfirmation {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  customerId: string;
  objectId?: string;
  assignmentId?: string;
  title?: string;
  /** YYYY-MM-DD */
  documentDate?: string;
  servicePeriod?: {
    /** YYYY-MM-DD */
    from?: string;
    /** YYYY-MM-DD */
    to?: string;
  };
  positions: Array<InvoicePosition>;
  paymentTermId?: string;
  /** an invoice template whose texts the document takes where it has none */
  templateId?: string;
  introText?: string;
  closingText?: string;
  /** Leitweg-ID; the customer's when absent */
  buyerReference?: string;
  orderReferenceId?: string;
  allowancesCharges: Array<AllowanceCharge>;
  state?: string;
  documentNumber?: string;
  issuedAt?: string;
  dueDate?: string;
  currency?: string;
  netAmount?: number;
  taxAmount?: number;
  grossAmount?: number;
  vatBreakdown: Array<{
    category?: string;
    rate?: number;
    taxableAmount?: number;
    taxAmount?: number;
  }>;
  /** net amount of each position (0 for optional and text positions) */
  lineAmounts: Array<number>;
  /** the invoicing settings' seller, frozen at issue */
  seller?: {
    name?: string;
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    vatId?: string;
    taxNumber?: string;
    email?: string;
    phone?: string;
    iban?: string;
    bic?: string;
    bankName?: string;
    registration?: string;
    managingDirector?: string;
    contactName?: string;
    electronicAddress?: string;
    sellerIdentifier?: string;
    [key: string]: unknown;
  };
  /** the customer, frozen at issue */
  buyer?: {
    customerId?: string;
    number?: number;
    name?: string;
    contactPerson?: string;
    address?: {
      street?: string;
      zip?: string;
      city?: string;
      country?: string;
      co?: string;
      state?: string;
      [key: string]: unknown;
    };
    email?: string;
    vatNumber?: string;
    debitorNumber?: string;
    buyerReference?: string;
    orderReferenceId?: string;
    [key: string]: unknown;
  };
  /** the service address (the object), frozen at issue */
  delivery?: {
    name?: string;
    address?: {
      street?: string;
      zip?: string;
      city?: string;
      country?: string;
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
  /** the payment term, frozen at issue */
  paymentTerm?: {
    id?: string;
    name?: string;
    netDays?: number;
    skontoPercentage?: number;
    skontoDays?: number;
    [key: string]: unknown;
  };
  paidAmount?: number;
  openAmount?: number;
  overpaidAmount?: number;
  skontoApplied?: boolean;
  /** cancellations: the invoice cancelled */
  invoiceId?: string;
  invoiceNumber?: string;
  /** invoices: the cancellation */
  stornoId?: string;
  acceptedAt?: string;
  declinedAt?: string;
  /** assignment confirmations: when signed or confirmed by the office */
  confirmedAt?: string;
  /** offers: the assignment confirmation made from it */
  assignmentConfirmationId?: string;
  /** assignment confirmations: the accepted offer it confirms */
  offerId?: string;
  /** offers and assignment confirmations signed by the customer through a client link */
  signature?: {
    name?: string;
    signedAt?: string;
    timeZone?: string;
    /** data:image/png;base64,… */
    image?: string;
  };
  creditedInvoiceNumber?: string;
  creditedInvoiceDate?: string;
  invoiceDate?: string;
  reminderLevel?: number;
  lastReminderDate?: string;
  reminderFees?: number;
  skontoAmount?: number;
  /** invoices: the day the skonto was taken (its last payment) */
  skontoDate?: string;
  /** invoices: the gross of the issued credit notes that name it */
  creditedAmount?: number;
  /** each mailing of the document (POST …/send) */
  sendings: Array<{
    at?: string;
    to?: string;
    format?: string;
    mailId?: string;
    userId?: string;
    /** on an invoice: the reminder this mailing sent */
    reminderId?: string;
    [key: string]: unknown;
  }>;
  /** BT-106: sum of the counted line nets */
  lineTotalAmount?: number;
  /** BT-107: sum of the document-level allowances */
  allowanceTotalAmount?: number;
  /** BT-108: sum of the document-level charges */
  chargeTotalAmount?: number;
  /** the gross amount skonto applies to; only when a position is skontoExcluded */
  skontoBaseAmount?: number;
  /** final invoices, BT-113: the gross of the partial invoices it settles */
  prepaidAmount?: number;
  /** final invoices, BT-115: gross less prepaid */
  amountDue?: number;
  /** final invoices: the partial invoices settled (BG-3) */
  partialInvoices: Array<{
    number?: string;
    date?: string;
  }>;
}

export interface AssignmentConfirmationCreate {
  customerId: string;
  objectId?: string | null;
  assignmentId?: string | null;
  title?: string | null;
  /** YYYY-MM-DD */
  documentDate?: string | null;
  servicePeriod?: {
    /** YYYY-MM-DD */
    from: string;
    /** YYYY-MM-DD */
    to: string;
  } | null;
  positions: Array<InvoicePositionInput>;
  paymentTermId?: string | null;
  /** an invoice template whose texts the document takes where it has none */
  templateId?: string | null;
  introText?: string | null;
  closingText?: string | null;
  /** Leitweg-ID; the customer's when absent */
  buyerReference?: string | null;
  orderReferenceId?: string | null;
  allowancesCharges?: (Array<{
    /** true: a charge (BG-21, e.g. a fuel surcharge); false: an allowance (BG-20, e.g. a loyalty discount) */
    charge: boolean;
    /** BT-97/BT-104; a reason or a reasonCode is required */
    reason?: string;
    /** allowances: UNTDID 5189 (41, 42, 60, 62, 63, 64, 65, 66, 67, 68, 70, 71, 88, 95, 100, 102, 103, 104, 105; 95 discount); charges: UNTDID 7161 (e.g. FC freight, ABL packaging, SAA shipping and handling, ZZZ mutually defined) */
    reasonCode?: string;
    /** 5 = 5 %, up to 4 decimals; either percent or amount */
    percent?: number;
    baseAmount?: number;
    /** at least 0, 2 decimals; either amount or percent. Set by the server from a percent (negated on cancellations) */
    amount?: number;
    /** S standard rate; Z zero rated; E exempt; AE reverse charge (§13b UStG: the customer owes the VAT); K intra-community supply; G export outside the EU; O not subject to VAT; default S when the rate is above 0, else Z */
    vatCategory?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
    tax: number;
    /** set by the server: the fields it computed (recomputed on every save) */
    computed?: Array<"amount" | "baseAmount">;
  }>) | null;
  /** set by the server; accepted and ignored in a write body */
  state?: unknown;
  /** set by the server; accepted and ignored in a write body */
  documentNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  issuedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  dueDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  currency?: unknown;
  /** set by the server; accepted and ignored in a write body */
  netAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  taxAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  grossAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  vatBreakdown?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lineAmounts?: unknown;
  /** set by the server; accepted and ignored in a write body */
  seller?: unknown;
  /** set by the server; accepted and ignored in a write body */
  buyer?: unknown;
  /** set by the server; accepted and ignored in a write body */
  delivery?: unknown;
  /** set by the server; accepted and ignored in a write body */
  paymentTerm?: unknown;
  /** set by the server; accepted and ignored in a write body */
  paidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  openAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  overpaidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoApplied?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  stornoId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  acceptedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  declinedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  confirmedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  assignmentConfirmationId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  offerId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  signature?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedInvoiceNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedInvoiceDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  reminderLevel?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lastReminderDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  reminderFees?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  sendings?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lineTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  allowanceTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chargeTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoBaseAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  prepaidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  amountDue?: unknown;
  /** set by the server; accepted and ignored in a write body */
  partialInvoices?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface AssignmentConfirmationPatch {
  customerId?: string | null;
  objectId?: string | null;
  assignmentId?: string | null;
  title?: string | null;
  documentDate?: string | null;
  servicePeriod?: {
    from?: string | null;
    to?: string | null;
  } | null;
  positions?: Array<InvoicePositionInput> | null;
  paymentTermId?: string | null;
  templateId?: string | null;
  introText?: string | null;
  closingText?: string | null;
  buyerReference?: string | null;
  orderReferenceId?: string | null;
  allowancesCharges?: (Array<{
    /** true: a charge (BG-21, e.g. a fuel surcharge); false: an allowance (BG-20, e.g. a loyalty discount) */
    charge: boolean;
    /** BT-97/BT-104; a reason or a reasonCode is required */
    reason?: string;
    /** allowances: UNTDID 5189 (41, 42, 60, 62, 63, 64, 65, 66, 67, 68, 70, 71, 88, 95, 100, 102, 103, 104, 105; 95 discount); charges: UNTDID 7161 (e.g. FC freight, ABL packaging, SAA shipping and handling, ZZZ mutually defined) */
    reasonCode?: string;
    /** 5 = 5 %, up to 4 decimals; either percent or amount */
    percent?: number;
    baseAmount?: number;
    /** at least 0, 2 decimals; either amount or percent. Set by the server from a percent (negated on cancellations) */
    amount?: number;
    /** S standard rate; Z zero rated; E exempt; AE reverse charge (§13b UStG: the customer owes the VAT); K intra-community supply; G export outside the EU; O not subject to VAT; default S when the rate is above 0, else Z */
    vatCategory?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
    tax: number;
    /** set by the server: the fields it computed (recomputed on every save) */
    computed?: Array<"amount" | "baseAmount">;
  }>) | null;
  state?: unknown | null;
  documentNumber?: unknown | null;
  issuedAt?: unknown | null;
  dueDate?: unknown | null;
  currency?: unknown | null;
  netAmount?: unknown | null;
  taxAmount?: unknown | null;
  grossAmount?: unknown | null;
  vatBreakdown?: unknown | null;
  lineAmounts?: unknown | null;
  seller?: unknown | null;
  buyer?: unknown | null;
  delivery?: unknown | null;
  paymentTerm?: unknown | null;
  paidAmount?: unknown | null;
  openAmount?: unknown | null;
  overpaidAmount?: unknown | null;
  skontoApplied?: unknown | null;
  invoiceId?: unknown | null;
  invoiceNumber?: unknown | null;
  stornoId?: unknown | null;
  acceptedAt?: unknown | null;
  declinedAt?: unknown | null;
  confirmedAt?: unknown | null;
  assignmentConfirmationId?: unknown | null;
  offerId?: unknown | null;
  signature?: unknown | null;
  creditedInvoiceNumber?: unknown | null;
  creditedInvoiceDate?: unknown | null;
  invoiceDate?: unknown | null;
  reminderLevel?: unknown | null;
  lastReminderDate?: unknown | null;
  reminderFees?: unknown | null;
  skontoAmount?: unknown | null;
  skontoDate?: unknown | null;
  creditedAmount?: unknown | null;
  sendings?: unknown | null;
  lineTotalAmount?: unknown | null;
  allowanceTotalAmount?: unknown | null;
  chargeTotalAmount?: unknown | null;
  skontoBaseAmount?: unknown | null;
  prepaidAmount?: unknown | null;
  amountDue?: unknown | null;
  partialInvoices?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface AssignmentCreate {
  objectId: string;
  /** the object's customer when absent */
  customerId?: string | null;
  title?: string | null;
  iCalendar: {
    /** DAILY, WEEKLY, MONTHLY or YEARLY */
    frequency?: string;
    /** IANA time zone, e.g. Europe/Berlin */
    tzid: string;
    interval?: number;
    /** RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20271231T230000Z */
    rrule?: string;
    bySetPos?: number;
    byDay?: Array<string>;
    /** comma list, e.g. "1,15,-1" */
    byMonthDay?: string;
    byMonth?: Array<number>;
    /** start of the first occurrence, local time in tzid */
    dtstart: string;
    /** end of the first occurrence, local time in tzid */
    dtend: string;
    exDate?: Array<string>;
    until?: string;
    count?: number;
  };
  userIds?: Array<string> | null;
  /** no jobs on public holidays of the object's region (address country and state) */
  skipPublicHolidays?: boolean | null;
  material?: Array<{
    productId?: string;
    quantity?: number;
  }> | null;
  weeklyTimeBudget?: number | null;
  /** e.g. normal */
  type?: string | null;
  activityTypeId?: string | null;
  comment?: string | null;
  commentRequired?: boolean | null;
  sign?: boolean | null;
  documentIds?: Array<string> | null;
  billing?: {
    /** e.g. MANUAL */
    type?: string;
    positions?: Array<{
      quantity?: number;
      unit?: string;
      price?: number;
      tax?: number;
      title?: string;
      /** e.g. INVOICE_POSITION */
      type?: string;
      /** the spec's TaxRate: a copy of a tax-rate record */
      taxRate?: {
        /** e.g. VAT */
        type?: string;
        rate: number;
        description?: string;
        bookingAccountNumber?: string;
        skontoBookingAccountNumber?: string;
        default?: boolean;
        _id?: string;
        number?: number;
        companyId?: string;
        chatId?: string;
        status?: {
          status?: number;
          createdAt?: string;
          createdBy?: string;
          lastModifiedAt?: string;
          lastModifiedBy?: string;
        };
      };
      description?: string;
      discount?: number;
      productId?: string;
      includedWageCostFactor?: number;
      isOptional?: boolean;
      bookingAccountNumber?: string;
      skontoBookingAccountNumber?: string;
    }>;
    /** day of the last invoice; a date-time, or a day YYYY-MM-DD (stored and returned as its midnight UTC) */
    lastInvoiceDate?: string;
    defaultInvoiceTemplateId?: string;
  } | null;
  quota?: {
    enabled?: boolean;
    quotaCalculation?: string;
    total?: number;
    billingRateEnabled?: boolean;
    billingRateCalculation?: string;
    billingRateAmount?: number;
    expectedMargin?: number;
  } | null;
  autoGenerateInvoiceError?: Record<string, unknown> | null;
  costUnit?: string | null;
  jobChatId?: string | null;
  linkedCache?: Array<Record<string, unknown>> | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface AssignmentPatch {
  objectId?: string | null;
  customerId?: string | null;
  title?: string | null;
  iCalendar?: {
    frequency?: string | null;
    tzid?: string | null;
    interval?: number | null;
    rrule?: string | null;
    bySetPos?: number | null;
    byDay?: Array<string> | null;
    byMonthDay?: string | null;
    byMonth?: Array<number> | null;
    dtstart?: string | null;
    dtend?: string | null;
    exDate?: Array<string> | null;
    until?: string | null;
    count?: number | null;
  } | null;
  userIds?: Array<string> | null;
  skipPublicHolidays?: boolean | null;
  material?: Array<{
    productId?: string;
    quantity?: number;
  }> | null;
  weeklyTimeBudget?: number | null;
  type?: string | null;
  activityTypeId?: string | null;
  comment?: string | null;
  commentRequired?: boolean | null;
  sign?: boolean | null;
  documentIds?: Array<string> | null;
  billing?: {
    type?: string | null;
    positions?: Array<{
      quantity?: number;
      unit?: string;
      price?: number;
      tax?: number;
      title?: string;
      /** e.g. INVOICE_POSITION */
      type?: string;
      /** the spec's TaxRate: a copy of a tax-rate record */
      taxRate?: {
        /** e.g. VAT */
        type?: string;
        rate: number;
        description?: string;
        bookingAccountNumber?: string;
        skontoBookingAccountNumber?: string;
        default?: boolean;
        _id?: string;
        number?: number;
        companyId?: string;
        chatId?: string;
        status?: {
          status?: number;
          createdAt?: string;
          createdBy?: string;
          lastModifiedAt?: string;
          lastModifiedBy?: string;
        };
      };
      description?: string;
      discount?: number;
      productId?: string;
      includedWageCostFactor?: number;
      isOptional?: boolean;
      bookingAccountNumber?: string;
      skontoBookingAccountNumber?: string;
    }> | null;
    lastInvoiceDate?: string | null;
    defaultInvoiceTemplateId?: string | null;
  } | null;
  quota?: {
    enabled?: boolean | null;
    quotaCalculation?: string | null;
    total?: number | null;
    billingRateEnabled?: boolean | null;
    billingRateCalculation?: string | null;
    billingRateAmount?: number | null;
    expectedMargin?: number | null;
  } | null;
  autoGenerateInvoiceError?: Record<string, unknown> | null;
  costUnit?: string | null;
  jobChatId?: string | null;
  linkedCache?: Array<Record<string, unknown>> | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface BankingTransaction {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  note?: string;
  bookingDate?: string;
  valueDate?: string;
  /** positive: received */
  amount?: number;
  currency?: string;
  counterpartyName?: string;
  counterpartyIban?: string;
  remittance?: string;
  reference?: string;
  matchState?: "matched" | "unmatched" | "ambiguous" | "outgoing";
  invoiceId?: string;
  paymentId?: string;
  /** invoice ids when several match */
  candidates: Array<string>;
}

export interface BankingTransactionPatch {
  note?: string | null;
  bookingDate?: unknown | null;
  valueDate?: unknown | null;
  amount?: unknown | null;
  currency?: unknown | null;
  counterpartyName?: unknown | null;
  counterpartyIban?: unknown | null;
  remittance?: unknown | null;
  reference?: unknown | null;
  matchState?: unknown | null;
  invoiceId?: unknown | null;
  paymentId?: unknown | null;
  candidates?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface ChatMessage {
  _id: string;
  chatId: string;
  authorId: string;
  text: string;
  documentIds: Array<string>;
  createdAt: string;
  /** the collection of the chat's record */
  entity: string;
  entityId: string;
}

export interface ClockResult {
  _id: string;
  timeTrackingId: string;
  jobId: string;
  replayed?: boolean;
}

export interface Complaint {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  /** where the problem is */
  objectId: string;
  title: string;
  description?: string;
  reportedBy?: {
    name?: string;
    email?: string;
    telephone?: string;
  };
  contactId?: string;
  room?: string;
  priority?: "low" | "normal" | "high" | "urgent";
  documentIds: Array<string>;
  /** who handles the task it opens (the object manager when absent) */
  assigneeId?: string;
  state?: "open" | "closed";
  taskId?: string;
  customerId?: string;
  closedAt?: string;
  /** the task's final state */
  resolution?: string;
}

export interface ComplaintCreate {
  /** where the problem is */
  objectId: string;
  title: string;
  description?: string | null;
  reportedBy?: {
    name?: string;
    email?: string;
    telephone?: string;
  } | null;
  contactId?: string | null;
  room?: string | null;
  priority?: ("low" | "normal" | "high" | "urgent") | null;
  documentIds?: Array<string> | null;
  /** who handles the task it opens (the object manager when absent) */
  assigneeId?: string | null;
  /** set by the server; accepted and ignored in a write body */
  state?: unknown;
  /** set by the server; accepted and ignored in a write body */
  taskId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  customerId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  closedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  resolution?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface ComplaintPatch {
  objectId?: string | null;
  title?: string | null;
  description?: string | null;
  reportedBy?: {
    name?: string | null;
    email?: string | null;
    telephone?: string | null;
  } | null;
  contactId?: string | null;
  room?: string | null;
  priority?: ("low" | "normal" | "high" | "urgent") | null;
  documentIds?: Array<string> | null;
  assigneeId?: string | null;
  state?: unknown | null;
  taskId?: unknown | null;
  customerId?: unknown | null;
  closedAt?: unknown | null;
  resolution?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface Contact {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  firstName?: string;
  lastName?: string;
  company?: string;
  position?: string;
  contact?: {
    telephone?: string;
    mobile?: string;
    email?: string;
    sms?: string;
    website?: string;
    fax?: string;
  };
  address?: {
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    co?: string;
    /** state or region, for public holidays; ISO 3166-2 (BY or DE-BY) or the state's name (Bayern), kept as sent */
    state?: string;
  };
  customerId?: string;
  objectIds: Array<string>;
  comment?: string;
  tags: Array<string>;
}

export interface ContactCreate {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  position?: string | null;
  contact?: {
    telephone?: string;
    mobile?: string;
    email?: string;
    sms?: string;
    website?: string;
    fax?: string;
  } | null;
  address?: {
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    co?: string;
    /** state or region, for public holidays; ISO 3166-2 (BY or DE-BY) or the state's name (Bayern), kept as sent */
    state?: string;
  } | null;
  customerId?: string | null;
  objectIds?: Array<string> | null;
  comment?: string | null;
  tags?: Array<string> | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface ContactPatch {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  position?: string | null;
  contact?: {
    telephone?: string | null;
    mobile?: string | null;
    email?: string | null;
    sms?: string | null;
    website?: string | null;
    fax?: string | null;
  } | null;
  address?: {
    street?: string | null;
    zip?: string | null;
    city?: string | null;
    country?: string | null;
    co?: string | null;
    state?: string | null;
  } | null;
  customerId?: string | null;
  objectIds?: Array<string> | null;
  comment?: string | null;
  tags?: Array<string> | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface Credit {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  customerId: string;
  objectId?: string;
  assignmentId?: string;
  title?: string;
  /** YYYY-MM-DD */
  documentDate?: string;
  servicePeriod?: {
    /** YYYY-MM-DD */
    from?: string;
    /** YYYY-MM-DD */
    to?: string;
  };
  positions: Array<InvoicePosition>;
  paymentTermId?: string;
  /** an invoice template whose texts the document takes where it has none */
  templateId?: string;
  introText?: string;
  closingText?: string;
  /** Leitweg-ID; the customer's when absent */
  buyerReference?: string;
  orderReferenceId?: string;
  allowancesCharges: Array<AllowanceCharge>;
  /** the invoice this credits */
  creditedInvoiceId?: string;
  state?: string;
  documentNumber?: string;
  issuedAt?: string;
  dueDate?: string;
  currency?: string;
  netAmount?: number;
  taxAmount?: number;
  grossAmount?: number;
  vatBreakdown: Array<{
    category?: string;
    rate?: number;
    taxableAmount?: number;
    taxAmount?: number;
  }>;
  /** net amount of each position (0 for optional and text positions) */
  lineAmounts: Array<number>;
  /** the invoicing settings' seller, frozen at issue */
  seller?: {
    name?: string;
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    vatId?: string;
    taxNumber?: string;
    email?: string;
    phone?: string;
    iban?: string;
    bic?: string;
    bankName?: string;
    registration?: string;
    managingDirector?: string;
    contactName?: string;
    electronicAddress?: string;
    sellerIdentifier?: string;
    [key: string]: unknown;
  };
  /** the customer, frozen at issue */
  buyer?: {
    customerId?: string;
    number?: number;
    name?: string;
    contactPerson?: string;
    address?: {
      street?: string;
      zip?: string;
      city?: string;
      country?: string;
      co?: string;
      state?: string;
      [key: string]: unknown;
    };
    email?: string;
    vatNumber?: string;
    debitorNumber?: string;
    buyerReference?: string;
    orderReferenceId?: string;
    [key: string]: unknown;
  };
  /** the service address (the object), frozen at issue */
  delivery?: {
    name?: string;
    address?: {
      street?: string;
      zip?: string;
      city?: string;
      country?: string;
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
  /** the payment term, frozen at issue */
  paymentTerm?: {
    id?: string;
    name?: string;
    netDays?: number;
    skontoPercentage?: number;
    skontoDays?: number;
    [key: string]: unknown;
  };
  paidAmount?: number;
  openAmount?: number;
  overpaidAmount?: number;
  skontoApplied?: boolean;
  /** cancellations: the invoice cancelled */
  invoiceId?: string;
  invoiceNumber?: string;
  /** invoices: the cancellation */
  stornoId?: string;
  acceptedAt?: string;
  declinedAt?: string;
  /** assignment confirmations: when signed or confirmed by the office */
  confirmedAt?: string;
  /** offers: the assignment confirmation made from it */
  assignmentConfirmationId?: string;
  /** assignment confirmations: the accepted offer it confirms */
  offerId?: string;
  /** offers and assignment confirmations signed by the customer through a client link */
  signature?: {
    name?: string;
    signedAt?: string;
    timeZone?: string;
    /** data:image/png;base64,… */
    image?: string;
  };
  creditedInvoiceNumber?: string;
  creditedInvoiceDate?: string;
  invoiceDate?: string;
  reminderLevel?: number;
  lastReminderDate?: string;
  reminderFees?: number;
  skontoAmount?: number;
  /** invoices: the day the skonto was taken (its last payment) */
  skontoDate?: string;
  /** invoices: the gross of the issued credit notes that name it */
  creditedAmount?: number;
  /** each mailing of the document (POST …/send) */
  sendings: Array<{
    at?: string;
    to?: string;
    format?: string;
    mailId?: string;
    userId?: string;
    /** on an invoice: the reminder this mailing sent */
    reminderId?: string;
    [key: string]: unknown;
  }>;
  /** BT-106: sum of the counted line nets */
  lineTotalAmount?: number;
  /** BT-107: sum of the document-level allowances */
  allowanceTotalAmount?: number;
  /** BT-108: sum of the document-level charges */
  chargeTotalAmount?: number;
  /** the gross amount skonto applies to; only when a position is skontoExcluded */
  skontoBaseAmount?: number;
  /** final invoices, BT-113: the gross of the partial invoices it settles */
  prepaidAmount?: number;
  /** final invoices, BT-115: gross less prepaid */
  amountDue?: number;
  /** final invoices: the partial invoices settled (BG-3) */
  partialInvoices: Array<{
    number?: string;
    date?: string;
  }>;
}

export interface CreditCreate {
  customerId: string;
  objectId?: string | null;
  assignmentId?: string | null;
  title?: string | null;
  /** YYYY-MM-DD */
  documentDate?: string | null;
  servicePeriod?: {
    /** YYYY-MM-DD */
    from: string;
    /** YYYY-MM-DD */
    to: string;
  } | null;
  positions: Array<InvoicePositionInput>;
  paymentTermId?: string | null;
  /** an invoice template whose texts the document takes where it has none */
  templateId?: string | null;
  introText?: string | null;
  closingText?: string | null;
  /** Leitweg-ID; the customer's when absent */
  buyerReference?: string | null;
  orderReferenceId?: string | null;
  allowancesCharges?: (Array<{
    /** true: a charge (BG-21, e.g. a fuel surcharge); false: an allowance (BG-20, e.g. a loyalty discount) */
    charge: boolean;
    /** BT-97/BT-104; a reason or a reasonCode is required */
    reason?: string;
    /** allowances: UNTDID 5189 (41, 42, 60, 62, 63, 64, 65, 66, 67, 68, 70, 71, 88, 95, 100, 102, 103, 104, 105; 95 discount); charges: UNTDID 7161 (e.g. FC freight, ABL packaging, SAA shipping and handling, ZZZ mutually defined) */
    reasonCode?: string;
    /** 5 = 5 %, up to 4 decimals; either percent or amount */
    percent?: number;
    baseAmount?: number;
    /** at least 0, 2 decimals; either amount or percent. Set by the server from a percent (negated on cancellations) */
    amount?: number;
    /** S standard rate; Z zero rated; E exempt; AE reverse charge (§13b UStG: the customer owes the VAT); K intra-community supply; G export outside the EU; O not subject to VAT; default S when the rate is above 0, else Z */
    vatCategory?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
    tax: number;
    /** set by the server: the fields it computed (recomputed on every save) */
    computed?: Array<"amount" | "baseAmount">;
  }>) | null;
  /** the invoice this credits */
  creditedInvoiceId?: string | null;
  /** set by the server; accepted and ignored in a write body */
  state?: unknown;
  /** set by the server; accepted and ignored in a write body */
  documentNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  issuedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  dueDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  currency?: unknown;
  /** set by the server; accepted and ignored in a write body */
  netAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  taxAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  grossAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  vatBreakdown?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lineAmounts?: unknown;
  /** set by the server; accepted and ignored in a write body */
  seller?: unknown;
  /** set by the server; accepted and ignored in a write body */
  buyer?: unknown;
  /** set by the server; accepted and ignored in a write body */
  delivery?: unknown;
  /** set by the server; accepted and ignored in a write body */
  paymentTerm?: unknown;
  /** set by the server; accepted and ignored in a write body */
  paidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  openAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  overpaidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoApplied?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  stornoId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  acceptedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  declinedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  confirmedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  assignmentConfirmationId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  offerId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  signature?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedInvoiceNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedInvoiceDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  reminderLevel?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lastReminderDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  reminderFees?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  sendings?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lineTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  allowanceTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chargeTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoBaseAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  prepaidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  amountDue?: unknown;
  /** set by the server; accepted and ignored in a write body */
  partialInvoices?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface CreditPatch {
  customerId?: string | null;
  objectId?: string | null;
  assignmentId?: string | null;
  title?: string | null;
  documentDate?: string | null;
  servicePeriod?: {
    from?: string | null;
    to?: string | null;
  } | null;
  positions?: Array<InvoicePositionInput> | null;
  paymentTermId?: string | null;
  templateId?: string | null;
  introText?: string | null;
  closingText?: string | null;
  buyerReference?: string | null;
  orderReferenceId?: string | null;
  allowancesCharges?: (Array<{
    /** true: a charge (BG-21, e.g. a fuel surcharge); false: an allowance (BG-20, e.g. a loyalty discount) */
    charge: boolean;
    /** BT-97/BT-104; a reason or a reasonCode is required */
    reason?: string;
    /** allowances: UNTDID 5189 (41, 42, 60, 62, 63, 64, 65, 66, 67, 68, 70, 71, 88, 95, 100, 102, 103, 104, 105; 95 discount); charges: UNTDID 7161 (e.g. FC freight, ABL packaging, SAA shipping and handling, ZZZ mutually defined) */
    reasonCode?: string;
    /** 5 = 5 %, up to 4 decimals; either percent or amount */
    percent?: number;
    baseAmount?: number;
    /** at least 0, 2 decimals; either amount or percent. Set by the server from a percent (negated on cancellations) */
    amount?: number;
    /** S standard rate; Z zero rated; E exempt; AE reverse charge (§13b UStG: the customer owes the VAT); K intra-community supply; G export outside the EU; O not subject to VAT; default S when the rate is above 0, else Z */
    vatCategory?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
    tax: number;
    /** set by the server: the fields it computed (recomputed on every save) */
    computed?: Array<"amount" | "baseAmount">;
  }>) | null;
  creditedInvoiceId?: string | null;
  state?: unknown | null;
  documentNumber?: unknown | null;
  issuedAt?: unknown | null;
  dueDate?: unknown | null;
  currency?: unknown | null;
  netAmount?: unknown | null;
  taxAmount?: unknown | null;
  grossAmount?: unknown | null;
  vatBreakdown?: unknown | null;
  lineAmounts?: unknown | null;
  seller?: unknown | null;
  buyer?: unknown | null;
  delivery?: unknown | null;
  paymentTerm?: unknown | null;
  paidAmount?: unknown | null;
  openAmount?: unknown | null;
  overpaidAmount?: unknown | null;
  skontoApplied?: unknown | null;
  invoiceId?: unknown | null;
  invoiceNumber?: unknown | null;
  stornoId?: unknown | null;
  acceptedAt?: unknown | null;
  declinedAt?: unknown | null;
  confirmedAt?: unknown | null;
  assignmentConfirmationId?: unknown | null;
  offerId?: unknown | null;
  signature?: unknown | null;
  creditedInvoiceNumber?: unknown | null;
  creditedInvoiceDate?: unknown | null;
  invoiceDate?: unknown | null;
  reminderLevel?: unknown | null;
  lastReminderDate?: unknown | null;
  reminderFees?: unknown | null;
  skontoAmount?: unknown | null;
  skontoDate?: unknown | null;
  creditedAmount?: unknown | null;
  sendings?: unknown | null;
  lineTotalAmount?: unknown | null;
  allowanceTotalAmount?: unknown | null;
  chargeTotalAmount?: unknown | null;
  skontoBaseAmount?: unknown | null;
  prepaidAmount?: unknown | null;
  amountDue?: unknown | null;
  partialInvoices?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface Customer {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  contactPerson?: string;
  address?: {
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    co?: string;
    /** state or region, for public holidays; ISO 3166-2 (BY or DE-BY) or the state's name (Bayern), kept as sent */
    state?: string;
  };
  contact?: {
    telephone?: string;
    mobile?: string;
    email?: string;
    sms?: string;
    website?: string;
    fax?: string;
    smsCount?: number;
    smsChatCount?: number;
    smsSendDate?: string;
    smsSendBy?: string;
    lastSMSStatus?: string;
    secondSmsSendDate?: string;
  };
  contract?: Record<string, unknown>;
  invoiceRecipientId?: string;
  invoiceCCRecipientIds: Array<string>;
  hideRecipientOnDocuments?: boolean;
  /** electronic-invoice routing id (Leitweg-ID) */
  buyerReference?: string;
  orderReferenceId?: string;
  vatNumber?: string;
  /** overrides the customer number for accounting */
  debitorNumber?: string;
  /** overrides the company default payment term */
  paymentTermId?: string;
  /** how documents are sent (POST /v2/invoices/{id}/send) */
  invoiceDelivery?: {
    /** the file invoices, credits and cancellations are sent as; default PDF */
    format?: "PDF" | "ZUGFERD" | "XRECHNUNG_UBL" | "XRECHNUNG_CII";
    /** billing address documents are sent to; default contact.email */
    email?: string;
  };
}

export interface CustomerCreate {
  name: string;
  contactPerson?: string | null;
  address?: {
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    co?: string;
    /** state or region, for public holidays; ISO 3166-2 (BY or DE-BY) or the state's name (Bayern), kept as sent */
    state?: string;
  } | null;
  contact?: {
    telephone?: string;
    mobile?: string;
    email?: string;
    sms?: string;
    website?: string;
    fax?: string;
    smsCount?: number;
    smsChatCount?: number;
    smsSendDate?: string;
    smsSendBy?: string;
    lastSMSStatus?: string;
    secondSmsSendDate?: string;
  } | null;
  contract?: Record<string, unknown> | null;
  invoiceRecipientId?: string | null;
  invoiceCCRecipientIds?: Array<string> | null;
  hideRecipientOnDocuments?: boolean | null;
  /** electronic-invoice routing id (Leitweg-ID) */
  buyerReference?: string | null;
  orderReferenceId?: string | null;
  vatNumber?: string | null;
  /** overrides the customer number for accounting */
  debitorNumber?: string | null;
  /** overrides the company default payment term */
  paymentTermId?: string | null;
  /** how documents are sent (POST /v2/invoices/{id}/send) */
  invoiceDelivery?: {
    /** the file invoices, credits and cancellations are sent as; default PDF */
    format?: "PDF" | "ZUGFERD" | "XRECHNUNG_UBL" | "XRECHNUNG_CII";
    /** billing address documents are sent to; default contact.email */
    email?: string;
  } | null;
  number?: number | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface CustomerObject {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  address?: {
    street?: string;
    city?: string;
    zip?: string;
    country?: string;
    /** region of the place of work, for public holidays (the company's when absent); ISO 3166-2 (BY or DE-BY) or the state's name (Bayern), kept as sent */
    state?: string;
  };
  /** a new customer is created when absent */
  customerId?: string;
  objectManagerId?: string;
  contact?: {
    phone?: string;
    email?: string;
    fax?: string;
  };
  description?: string;
  /** where the object is, for the clock-in distance check */
  location?: {
    latitude?: number;
    longitude?: number;
  };
  securityCode?: string;
  key?: string;
  tags: Array<string>;
}

export interface CustomerObjectCreate {
  name: string;
  address?: {
    street?: string;
    city?: string;
    zip?: string;
    country?: string;
    /** region of the place of work, for public holidays (the company's when absent); ISO 3166-2 (BY or DE-BY) or the state's name (Bayern), kept as sent */
    state?: string;
  } | null;
  /** a new customer is created when absent */
  customerId?: string | null;
  objectManagerId?: string | null;
  contact?: {
    phone?: string;
    email?: string;
    fax?: string;
  } | null;
  description?: string | null;
  /** where the object is, for the clock-in distance check */
  location?: {
    latitude: number;
    longitude: number;
  } | null;
  securityCode?: string | null;
  key?: string | null;
  tags?: Array<string> | null;
  number?: number | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface CustomerObjectPatch {
  name?: string | null;
  address?: {
    street?: string | null;
    city?: string | null;
    zip?: string | null;
    country?: string | null;
    state?: string | null;
  } | null;
  customerId?: string | null;
  objectManagerId?: string | null;
  contact?: {
    phone?: string | null;
    email?: string | null;
    fax?: string | null;
  } | null;
  description?: string | null;
  location?: {
    latitude?: number | null;
    longitude?: number | null;
  } | null;
  securityCode?: string | null;
  key?: string | null;
  tags?: Array<string> | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface CustomerPatch {
  name?: string | null;
  contactPerson?: string | null;
  address?: {
    street?: string | null;
    zip?: string | null;
    city?: string | null;
    country?: string | null;
    co?: string | null;
    state?: string | null;
  } | null;
  contact?: {
    telephone?: string | null;
    mobile?: string | null;
    email?: string | null;
    sms?: string | null;
    website?: string | null;
    fax?: string | null;
    smsCount?: number | null;
    smsChatCount?: number | null;
    smsSendDate?: string | null;
    smsSendBy?: string | null;
    lastSMSStatus?: string | null;
    secondSmsSendDate?: string | null;
  } | null;
  contract?: Record<string, unknown> | null;
  invoiceRecipientId?: string | null;
  invoiceCCRecipientIds?: Array<string> | null;
  hideRecipientOnDocuments?: boolean | null;
  buyerReference?: string | null;
  orderReferenceId?: string | null;
  vatNumber?: string | null;
  debitorNumber?: string | null;
  paymentTermId?: string | null;
  invoiceDelivery?: {
    format?: ("PDF" | "ZUGFERD" | "XRECHNUNG_UBL" | "XRECHNUNG_CII") | null;
    email?: string | null;
  } | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface DeletedResult {
  deleted: boolean;
}

export interface Document {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  /** display name */
  name?: string;
  /** name of the access group whose members see the document (managers always do) */
  accessGroup?: string;
  /** the original file name, for display only */
  fileName?: string;
  /** where the file is served */
  url?: string;
  objectId?: string;
  userId?: string;
  jobId?: string;
  customerId?: string;
  absenceId?: string;
  complaintId?: string;
  uploadId?: string;
  /** sniffed from the content */
  contentType?: string;
  size?: number;
  sha256?: string;
}

export interface DocumentPatch {
  name?: string | null;
  accessGroup?: string | null;
  fileName?: unknown | null;
  url?: unknown | null;
  objectId?: unknown | null;
  userId?: unknown | null;
  jobId?: unknown | null;
  customerId?: unknown | null;
  absenceId?: unknown | null;
  complaintId?: unknown | null;
  uploadId?: unknown | null;
  contentType?: unknown | null;
  size?: unknown | null;
  sha256?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface EntityStatus {
  /** 1 active */
  status: number;
  createdAt: string;
  /** user id; absent when the system created the record */
  createdBy?: string;
  lastModifiedAt: string;
  /** user id; absent when the system changed the record last */
  lastModifiedBy?: string;
}

export interface Equipment {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  equipmentTypeId?: string;
  objectId?: string;
  customerId?: string;
  serialNumber?: string;
  manufacturer?: string;
  purchasedAt?: string;
  nextMaintenanceAt?: string;
  comment?: string;
  tags: Array<string>;
}

export interface EquipmentCreate {
  name: string;
  equipmentTypeId?: string | null;
  objectId?: string | null;
  customerId?: string | null;
  serialNumber?: string | null;
  manufacturer?: string | null;
  purchasedAt?: string | null;
  nextMaintenanceAt?: string | null;
  comment?: string | null;
  tags?: Array<string> | null;
  number?: number | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface EquipmentPatch {
  name?: string | null;
  equipmentTypeId?: string | null;
  objectId?: string | null;
  customerId?: string | null;
  serialNumber?: string | null;
  manufacturer?: string | null;
  purchasedAt?: string | null;
  nextMaintenanceAt?: string | null;
  comment?: string | null;
  tags?: Array<string> | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface EquipmentType {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  description?: string;
  maintenanceIntervalDays?: number;
}

export interface EquipmentTypeCreate {
  name: string;
  description?: string | null;
  maintenanceIntervalDays?: number | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface EquipmentTypePatch {
  name?: string | null;
  description?: string | null;
  maintenanceIntervalDays?: number | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

/** What a webhook receives and the event feed lists. data is the record as the API shows it (for DELETE, the record as it was). */
export interface Event {
  /** event id; also the webhook-id header, the same on every retry */
  id: string;
  type: string;
  entity: string;
  companyId: string;
  occurredAt: string;
  data: Record<string, unknown>;
  cursor: string;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface IdResult {
  _id: string;
}

export interface Invoice {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  customerId: string;
  objectId?: string;
  assignmentId?: string;
  title?: string;
  /** YYYY-MM-DD */
  documentDate?: string;
  servicePeriod?: {
    /** YYYY-MM-DD */
    from?: string;
    /** YYYY-MM-DD */
    to?: string;
  };
  positions: Array<InvoicePosition>;
  paymentTermId?: string;
  /** an invoice template whose texts the document takes where it has none */
  templateId?: string;
  introText?: string;
  closingText?: string;
  /** Leitweg-ID; the customer's when absent */
  buyerReference?: string;
  orderReferenceId?: string;
  allowancesCharges: Array<AllowanceCharge>;
  /** standard (default), partial (Abschlagsrechnung) or final (Schlussrechnung, settles partial invoices) */
  invoiceType?: "standard" | "partial" | "final";
  /** final invoices: the issued partial invoices of the same customer it settles */
  partialInvoiceIds: Array<string>;
  state?: string;
  documentNumber?: string;
  issuedAt?: string;
  dueDate?: string;
  currency?: string;
  netAmount?: number;
  taxAmount?: number;
  grossAmount?: number;
  vatBreakdown: Array<{
    category?: string;
    rate?: number;
    taxableAmount?: number;
    taxAmount?: number;
  }>;
  /** net amount of each position (0 for optional and text positions) */
  lineAmounts: Array<number>;
  /** the invoicing settings' seller, frozen at issue */
  seller?: {
    name?: string;
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    vatId?: string;
    taxNumber?: string;
    email?: string;
    phone?: string;
    iban?: string;
    bic?: string;
    bankName?: string;
    registration?: string;
    managingDirector?: string;
    contactName?: string;
    electronicAddress?: string;
    sellerIdentifier?: string;
    [key: string]: unknown;
  };
  /** the customer, frozen at issue */
  buyer?: {
    customerId?: string;
    number?: number;
    name?: string;
    contactPerson?: string;
    address?: {
      street?: string;
      zip?: string;
      city?: string;
      country?: string;
      co?: string;
      state?: string;
      [key: string]: unknown;
    };
    email?: string;
    vatNumber?: string;
    debitorNumber?: string;
    buyerReference?: string;
    orderReferenceId?: string;
    [key: string]: unknown;
  };
  /** the service address (the object), frozen at issue */
  delivery?: {
    name?: string;
    address?: {
      street?: string;
      zip?: string;
      city?: string;
      country?: string;
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
  /** the payment term, frozen at issue */
  paymentTerm?: {
    id?: string;
    name?: string;
    netDays?: number;
    skontoPercentage?: number;
    skontoDays?: number;
    [key: string]: unknown;
  };
  paidAmount?: number;
  openAmount?: number;
  overpaidAmount?: number;
  skontoApplied?: boolean;
  /** cancellations: the invoice cancelled */
  invoiceId?: string;
  invoiceNumber?: string;
  /** invoices: the cancellation */
  stornoId?: string;
  acceptedAt?: string;
  declinedAt?: string;
  /** assignment confirmations: when signed or confirmed by the office */
  confirmedAt?: string;
  /** offers: the assignment confirmation made from it */
  assignmentConfirmationId?: string;
  /** assignment confirmations: the accepted offer it confirms */
  offerId?: string;
  /** offers and assignment confirmations signed by the customer through a client link */
  signature?: {
    name?: string;
    signedAt?: string;
    timeZone?: string;
    /** data:image/png;base64,… */
    image?: string;
  };
  creditedInvoiceNumber?: string;
  creditedInvoiceDate?: string;
  invoiceDate?: string;
  reminderLevel?: number;
  lastReminderDate?: string;
  reminderFees?: number;
  skontoAmount?: number;
  /** invoices: the day the skonto was taken (its last payment) */
  skontoDate?: string;
  /** invoices: the gross of the issued credit notes that name it */
  creditedAmount?: number;
  /** each mailing of the document (POST …/send) */
  sendings: Array<{
    at?: string;
    to?: string;
    format?: string;
    mailId?: string;
    userId?: string;
    /** on an invoice: the reminder this mailing sent */
    reminderId?: string;
    [key: string]: unknown;
  }>;
  /** BT-106: sum of the counted line nets */
  lineTotalAmount?: number;
  /** BT-107: sum of the document-level allowances */
  allowanceTotalAmount?: number;
  /** BT-108: sum of the document-level charges */
  chargeTotalAmount?: number;
  /** the gross amount skonto applies to; only when a position is skontoExcluded */
  skontoBaseAmount?: number;
  /** final invoices, BT-113: the gross of the partial invoices it settles */
  prepaidAmount?: number;
  /** final invoices, BT-115: gross less prepaid */
  amountDue?: number;
  /** final invoices: the partial invoices settled (BG-3) */
  partialInvoices: Array<{
    number?: string;
    date?: string;
  }>;
}

export interface InvoiceCreate {
  customerId: string;
  objectId?: string | null;
  assignmentId?: string | null;
  title?: string | null;
  /** YYYY-MM-DD */
  documentDate?: string | null;
  servicePeriod?: {
    /** YYYY-MM-DD */
    from: string;
    /** YYYY-MM-DD */
    to: string;
  } | null;
  positions: Array<InvoicePositionInput>;
  paymentTermId?: string | null;
  /** an invoice template whose texts the document takes where it has none */
  templateId?: string | null;
  introText?: string | null;
  closingText?: string | null;
  /** Leitweg-ID; the customer's when absent */
  buyerReference?: string | null;
  orderReferenceId?: string | null;
  allowancesCharges?: (Array<{
    /** true: a charge (BG-21, e.g. a fuel surcharge); false: an allowance (BG-20, e.g. a loyalty discount) */
    charge: boolean;
    /** BT-97/BT-104; a reason or a reasonCode is required */
    reason?: string;
    /** allowances: UNTDID 5189 (41, 42, 60, 62, 63, 64, 65, 66, 67, 68, 70, 71, 88, 95, 100, 102, 103, 104, 105; 95 discount); charges: UNTDID 7161 (e.g. FC freight, ABL packaging, SAA shipping and handling, ZZZ mutually defined) */
    reasonCode?: string;
    /** 5 = 5 %, up to 4 decimals; either percent or amount */
    percent?: number;
    baseAmount?: number;
    /** at least 0, 2 decimals; either amount or percent. Set by the server from a percent (negated on cancellations) */
    amount?: number;
    /** S standard rate; Z zero rated; E exempt; AE reverse charge (§13b UStG: the customer owes the VAT); K intra-community supply; G export outside the EU; O not subject to VAT; default S when the rate is above 0, else Z */
    vatCategory?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
    tax: number;
    /** set by the server: the fields it computed (recomputed on every save) */
    computed?: Array<"amount" | "baseAmount">;
  }>) | null;
  /** standard (default), partial (Abschlagsrechnung) or final (Schlussrechnung, settles partial invoices) */
  invoiceType?: ("standard" | "partial" | "final") | null;
  /** final invoices: the issued partial invoices of the same customer it settles */
  partialInvoiceIds?: Array<string> | null;
  /** set by the server; accepted and ignored in a write body */
  state?: unknown;
  /** set by the server; accepted and ignored in a write body */
  documentNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  issuedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  dueDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  currency?: unknown;
  /** set by the server; accepted and ignored in a write body */
  netAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  taxAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  grossAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  vatBreakdown?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lineAmounts?: unknown;
  /** set by the server; accepted and ignored in a write body */
  seller?: unknown;
  /** set by the server; accepted and ignored in a write body */
  buyer?: unknown;
  /** set by the server; accepted and ignored in a write body */
  delivery?: unknown;
  /** set by the server; accepted and ignored in a write body */
  paymentTerm?: unknown;
  /** set by the server; accepted and ignored in a write body */
  paidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  openAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  overpaidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoApplied?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  stornoId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  acceptedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  declinedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  confirmedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  assignmentConfirmationId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  offerId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  signature?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedInvoiceNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedInvoiceDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  reminderLevel?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lastReminderDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  reminderFees?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  sendings?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lineTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  allowanceTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chargeTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoBaseAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  prepaidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  amountDue?: unknown;
  /** set by the server; accepted and ignored in a write body */
  partialInvoices?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface InvoicePatch {
  customerId?: string | null;
  objectId?: string | null;
  assignmentId?: string | null;
  title?: string | null;
  documentDate?: string | null;
  servicePeriod?: {
    from?: string | null;
    to?: string | null;
  } | null;
  positions?: Array<InvoicePositionInput> | null;
  paymentTermId?: string | null;
  templateId?: string | null;
  introText?: string | null;
  closingText?: string | null;
  buyerReference?: string | null;
  orderReferenceId?: string | null;
  allowancesCharges?: (Array<{
    /** true: a charge (BG-21, e.g. a fuel surcharge); false: an allowance (BG-20, e.g. a loyalty discount) */
    charge: boolean;
    /** BT-97/BT-104; a reason or a reasonCode is required */
    reason?: string;
    /** allowances: UNTDID 5189 (41, 42, 60, 62, 63, 64, 65, 66, 67, 68, 70, 71, 88, 95, 100, 102, 103, 104, 105; 95 discount); charges: UNTDID 7161 (e.g. FC freight, ABL packaging, SAA shipping and handling, ZZZ mutually defined) */
    reasonCode?: string;
    /** 5 = 5 %, up to 4 decimals; either percent or amount */
    percent?: number;
    baseAmount?: number;
    /** at least 0, 2 decimals; either amount or percent. Set by the server from a percent (negated on cancellations) */
    amount?: number;
    /** S standard rate; Z zero rated; E exempt; AE reverse charge (§13b UStG: the customer owes the VAT); K intra-community supply; G export outside the EU; O not subject to VAT; default S when the rate is above 0, else Z */
    vatCategory?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
    tax: number;
    /** set by the server: the fields it computed (recomputed on every save) */
    computed?: Array<"amount" | "baseAmount">;
  }>) | null;
  invoiceType?: ("standard" | "partial" | "final") | null;
  partialInvoiceIds?: Array<string> | null;
  state?: unknown | null;
  documentNumber?: unknown | null;
  issuedAt?: unknown | null;
  dueDate?: unknown | null;
  currency?: unknown | null;
  netAmount?: unknown | null;
  taxAmount?: unknown | null;
  grossAmount?: unknown | null;
  vatBreakdown?: unknown | null;
  lineAmounts?: unknown | null;
  seller?: unknown | null;
  buyer?: unknown | null;
  delivery?: unknown | null;
  paymentTerm?: unknown | null;
  paidAmount?: unknown | null;
  openAmount?: unknown | null;
  overpaidAmount?: unknown | null;
  skontoApplied?: unknown | null;
  invoiceId?: unknown | null;
  invoiceNumber?: unknown | null;
  stornoId?: unknown | null;
  acceptedAt?: unknown | null;
  declinedAt?: unknown | null;
  confirmedAt?: unknown | null;
  assignmentConfirmationId?: unknown | null;
  offerId?: unknown | null;
  signature?: unknown | null;
  creditedInvoiceNumber?: unknown | null;
  creditedInvoiceDate?: unknown | null;
  invoiceDate?: unknown | null;
  reminderLevel?: unknown | null;
  lastReminderDate?: unknown | null;
  reminderFees?: unknown | null;
  skontoAmount?: unknown | null;
  skontoDate?: unknown | null;
  creditedAmount?: unknown | null;
  sendings?: unknown | null;
  lineTotalAmount?: unknown | null;
  allowanceTotalAmount?: unknown | null;
  chargeTotalAmount?: unknown | null;
  skontoBaseAmount?: unknown | null;
  prepaidAmount?: unknown | null;
  amountDue?: unknown | null;
  partialInvoices?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface InvoicePosition {
  /** INVOICE_POSITION (default) or TEXT (a heading, no amounts) */
  type?: "INVOICE_POSITION" | "TEXT";
  title?: string;
  description?: string;
  /** up to 4 decimals; negative on credits */
  quantity?: number;
  /** e.g. h, m², Stk (UN/ECE Rec 20 codes are derived for e-invoices) */
  unit?: string;
  /** net unit price, up to 4 decimals */
  price?: number;
  /** VAT rate as a fraction (0.19) */
  tax?: number;
  /** S standard rate; Z zero rated; E exempt; AE reverse charge (§13b UStG: the customer owes the VAT); K intra-community supply; G export outside the EU; O not subject to VAT; default S when the rate is above 0, else Z */
  vatCategory?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
  /** the spec's TaxRate: a copy of a tax-rate record */
  taxRate?: {
    /** e.g. VAT */
    type?: string;
    rate?: number;
    description?: string;
    bookingAccountNumber?: string;
    skontoBookingAccountNumber?: string;
    default?: boolean;
    _id?: string;
    number?: number;
    companyId?: string;
    chatId?: string;
    status?: {
      status?: number;
      createdAt?: string;
      createdBy?: string;
      lastModifiedAt?: string;
      lastModifiedBy?: string;
    };
  };
  /** fraction, 0.1 = 10 % */
  discount?: number;
  productId?: string;
  includedWageCostFactor?: number;
  /** shown, not counted (offers) */
  isOptional?: boolean;
  bookingAccountNumber?: string;
  skontoBookingAccountNumber?: string;
  /** not discountable by skonto (e.g. a pass-through cost); the skonto then applies to skontoBaseAmount */
  skontoExcluded?: boolean;
}

export interface InvoicePositionInput {
  /** INVOICE_POSITION (default) or TEXT (a heading, no amounts) */
  type?: "INVOICE_POSITION" | "TEXT";
  title: string;
  description?: string;
  /** up to 4 decimals; negative on credits */
  quantity: number;
  /** e.g. h, m², Stk (UN/ECE Rec 20 codes are derived for e-invoices) */
  unit?: string;
  /** net unit price, up to 4 decimals */
  price: number;
  /** VAT rate as a fraction (0.19) */
  tax: number;
  /** S standard rate; Z zero rated; E exempt; AE reverse charge (§13b UStG: the customer owes the VAT); K intra-community supply; G export outside the EU; O not subject to VAT; default S when the rate is above 0, else Z */
  vatCategory?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
  /** the spec's TaxRate: a copy of a tax-rate record */
  taxRate?: {
    /** e.g. VAT */
    type?: string;
    rate: number;
    description?: string;
    bookingAccountNumber?: string;
    skontoBookingAccountNumber?: string;
    default?: boolean;
    _id?: string;
    number?: number;
    companyId?: string;
    chatId?: string;
    status?: {
      status?: number;
      createdAt?: string;
      createdBy?: string;
      lastModifiedAt?: string;
      lastModifiedBy?: string;
    };
  };
  /** fraction, 0.1 = 10 % */
  discount?: number;
  productId?: string;
  includedWageCostFactor?: number;
  /** shown, not counted (offers) */
  isOptional?: boolean;
  bookingAccountNumber?: string;
  skontoBookingAccountNumber?: string;
  /** not discountable by skonto (e.g. a pass-through cost); the skonto then applies to skontoBaseAmount */
  skontoExcluded?: boolean;
}

export interface InvoiceReminder {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  note?: string;
  invoiceId?: string;
  invoiceNumber?: string;
  customerId?: string;
  level?: number;
  title?: string;
  date?: string;
  newDueDate?: string;
  fee?: number;
  openAmount?: number;
  total?: number;
  subject?: string;
  text?: string;
  /** each mailing of the document (POST …/send) */
  sendings: Array<{
    at?: string;
    to?: string;
    format?: string;
    mailId?: string;
    userId?: string;
    /** on an invoice: the reminder this mailing sent */
    reminderId?: string;
    [key: string]: unknown;
  }>;
}

export interface InvoiceReminderPatch {
  note?: string | null;
  invoiceId?: unknown | null;
  invoiceNumber?: unknown | null;
  customerId?: unknown | null;
  level?: unknown | null;
  title?: unknown | null;
  date?: unknown | null;
  newDueDate?: unknown | null;
  fee?: unknown | null;
  openAmount?: unknown | null;
  total?: unknown | null;
  subject?: unknown | null;
  text?: unknown | null;
  sendings?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface InvoiceReminderTemplate {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  level: number;
  /** placeholders: {title} {invoiceNumber} {dueDate} {openAmount} {fee} {total} {customerName} {newDueDate} */
  subject: string;
  text: string;
}

export interface InvoiceReminderTemplateCreate {
  level: number;
  /** placeholders: {title} {invoiceNumber} {dueDate} {openAmount} {fee} {total} {customerName} {newDueDate} */
  subject: string;
  text: string;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface InvoiceReminderTemplatePatch {
  level?: number | null;
  subject?: string | null;
  text?: string | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface InvoiceStorno {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  customerId: string;
  objectId?: string;
  assignmentId?: string;
  title?: string;
  /** YYYY-MM-DD */
  documentDate?: string;
  servicePeriod?: {
    /** YYYY-MM-DD */
    from?: string;
    /** YYYY-MM-DD */
    to?: string;
  };
  positions: Array<InvoicePosition>;
  paymentTermId?: string;
  /** an invoice template whose texts the document takes where it has none */
  templateId?: string;
  introText?: string;
  closingText?: string;
  /** Leitweg-ID; the customer's when absent */
  buyerReference?: string;
  orderReferenceId?: string;
  allowancesCharges: Array<AllowanceCharge>;
  state?: string;
  documentNumber?: string;
  issuedAt?: string;
  dueDate?: string;
  currency?: string;
  netAmount?: number;
  taxAmount?: number;
  grossAmount?: number;
  vatBreakdown: Array<{
    category?: string;
    rate?: number;
    taxableAmount?: number;
    taxAmount?: number;
  }>;
  /** net amount of each position (0 for optional and text positions) */
  lineAmounts: Array<number>;
  /** the invoicing settings' seller, frozen at issue */
  seller?: {
    name?: string;
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    vatId?: string;
    taxNumber?: string;
    email?: string;
    phone?: string;
    iban?: string;
    bic?: string;
    bankName?: string;
    registration?: string;
    managingDirector?: string;
    contactName?: string;
    electronicAddress?: string;
    sellerIdentifier?: string;
    [key: string]: unknown;
  };
  /** the customer, frozen at issue */
  buyer?: {
    customerId?: string;
    number?: number;
    name?: string;
    contactPerson?: string;
    address?: {
      street?: string;
      zip?: string;
      city?: string;
      country?: string;
      co?: string;
      state?: string;
      [key: string]: unknown;
    };
    email?: string;
    vatNumber?: string;
    debitorNumber?: string;
    buyerReference?: string;
    orderReferenceId?: string;
    [key: string]: unknown;
  };
  /** the service address (the object), frozen at issue */
  delivery?: {
    name?: string;
    address?: {
      street?: string;
      zip?: string;
      city?: string;
      country?: string;
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
  /** the payment term, frozen at issue */
  paymentTerm?: {
    id?: string;
    name?: string;
    netDays?: number;
    skontoPercentage?: number;
    skontoDays?: number;
    [key: string]: unknown;
  };
  paidAmount?: number;
  openAmount?: number;
  overpaidAmount?: number;
  skontoApplied?: boolean;
  /** cancellations: the invoice cancelled */
  invoiceId?: string;
  invoiceNumber?: string;
  /** invoices: the cancellation */
  stornoId?: string;
  acceptedAt?: string;
  declinedAt?: string;
  /** assignment confirmations: when signed or confirmed by the office */
  confirmedAt?: string;
  /** offers: the assignment confirmation made from it */
  assignmentConfirmationId?: string;
  /** assignment confirmations: the accepted offer it confirms */
  offerId?: string;
  /** offers and assignment confirmations signed by the customer through a client link */
  signature?: {
    name?: string;
    signedAt?: string;
    timeZone?: string;
    /** data:image/png;base64,… */
    image?: string;
  };
  creditedInvoiceNumber?: string;
  creditedInvoiceDate?: string;
  invoiceDate?: string;
  reminderLevel?: number;
  lastReminderDate?: string;
  reminderFees?: number;
  skontoAmount?: number;
  /** invoices: the day the skonto was taken (its last payment) */
  skontoDate?: string;
  /** invoices: the gross of the issued credit notes that name it */
  creditedAmount?: number;
  /** each mailing of the document (POST …/send) */
  sendings: Array<{
    at?: string;
    to?: string;
    format?: string;
    mailId?: string;
    userId?: string;
    /** on an invoice: the reminder this mailing sent */
    reminderId?: string;
    [key: string]: unknown;
  }>;
  /** BT-106: sum of the counted line nets */
  lineTotalAmount?: number;
  /** BT-107: sum of the document-level allowances */
  allowanceTotalAmount?: number;
  /** BT-108: sum of the document-level charges */
  chargeTotalAmount?: number;
  /** the gross amount skonto applies to; only when a position is skontoExcluded */
  skontoBaseAmount?: number;
  /** final invoices, BT-113: the gross of the partial invoices it settles */
  prepaidAmount?: number;
  /** final invoices, BT-115: gross less prepaid */
  amountDue?: number;
  /** final invoices: the partial invoices settled (BG-3) */
  partialInvoices: Array<{
    number?: string;
    date?: string;
  }>;
}

export interface InvoiceTemplate {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  title?: string;
  introText?: string;
  closingText?: string;
  /** used by documents that name no template */
  default?: boolean;
}

export interface InvoiceTemplateCreate {
  name: string;
  title?: string | null;
  introText?: string | null;
  closingText?: string | null;
  /** used by documents that name no template */
  default?: boolean | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface InvoiceTemplatePatch {
  name?: string | null;
  title?: string | null;
  introText?: string | null;
  closingText?: string | null;
  default?: boolean | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface InvoicingSettings {
  seller: {
    name?: string;
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    vatId?: string;
    taxNumber?: string;
    email?: string;
    phone?: string;
    iban?: string;
    bic?: string;
    bankName?: string;
    registration?: string;
    managingDirector?: string;
    /** seller contact (BT-41); default: the company name */
    contactName?: string;
    /** e-mail address for e-invoices (BT-34); default: email */
    electronicAddress?: string;
    /** seller identifier (BT-29), e.g. a GLN */
    sellerIdentifier?: string;
  };
  /** tokens {YYYY}, {YY}, {MM} and one counter {00000} */
  numberFormats: {
    invoice: string;
    offer: string;
    credit: string;
    invoicestorno: string;
    assignmentconfirmation: string;
  };
  defaultPaymentDays: number;
  /** dunning levels; default: reminder after 7 days, 1st dunning +14 days (fee 5), 2nd dunning +14 days (fee 10) */
  dunning?: Array<{
    level: number;
    /** days after the due date (level 1) or the previous reminder */
    afterDays: number;
    fee: number;
    title: string;
  }>;
}

export interface InvoicingSettingsPatch {
  seller?: {
    name?: string;
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    vatId?: string;
    taxNumber?: string;
    email?: string;
    phone?: string;
    iban?: string;
    bic?: string;
    bankName?: string;
    registration?: string;
    managingDirector?: string;
    /** seller contact (BT-41); default: the company name */
    contactName?: string;
    /** e-mail address for e-invoices (BT-34); default: email */
    electronicAddress?: string;
    /** seller identifier (BT-29), e.g. a GLN */
    sellerIdentifier?: string;
  };
  /** tokens {YYYY}, {YY}, {MM} and one counter {00000} */
  numberFormats?: {
    invoice?: string;
    offer?: string;
    credit?: string;
    invoicestorno?: string;
    assignmentconfirmation?: string;
  };
  defaultPaymentDays?: number;
  /** dunning levels; default: reminder after 7 days, 1st dunning +14 days (fee 5), 2nd dunning +14 days (fee 10) */
  dunning?: Array<{
    level: number;
    /** days after the due date (level 1) or the previous reminder */
    afterDays: number;
    fee: number;
    title: string;
  }>;
}

export interface Job {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  /** absent for one-off jobs */
  assignmentId?: string;
  /** the object where the job is done (from the assignment) */
  objectId?: string;
  from: string;
  to: string;
  /** minutes; the planned duration when absent */
  targetTime?: number;
  /** absent for unassigned jobs */
  userId?: string;
  type?: string;
  title?: string;
  jobComment?: string;
  notifyObjectManager?: boolean;
  needsJobTemplate?: boolean;
  jobTemplateId?: string;
  activityTypeId?: string;
  /** no regions are kept: not checked */
  regionId?: string;
  exceptionJobId?: string;
  requiredDrivingTime?: number;
  requiredBreakTime?: number;
  documentIds: Array<string>;
  /** open, started, completed or cancelled */
  state?: "open" | "started" | "completed" | "cancelled";
  tags: Array<string>;
  teamId?: string;
  splitId?: string;
  originalId?: string;
  masterJobId?: string;
  originalFrom?: string;
  originalTo?: string;
  absenceId?: string;
  acceptedStatus?: string;
  /** set on a job an absence affects once its replacement job exists */
  replacementJobId?: string;
  started: Array<{
    trackingJobDate: string;
    userId: string;
    time: string;
    isLive: boolean;
    wasAddedManually: boolean;
    timeTrackingId: string;
    salaryId?: string;
    [key: string]: unknown;
  }>;
  absences: Array<{
    absenceId: string;
    dtStart: string;
    dtEnd: string;
    calculationType?: string;
    _id?: string;
    number?: number;
    companyId?: string;
    status?: EntityStatus;
    chatId?: string;
    [key: string]: unknown;
  }>;
  timeTrackings: Array<TimeTrackingEntry>;
  salaries: Array<Salary>;
  /** the assignment the job stems from */
  assignment?: Assignment | null;
  /** the job's activity type */
  activityType?: ActivityType | null;
  /** with includeUsersInResponse (absent for an unassigned job): the user in short (users/user-sql-fragments.ts) */
  user?: {
    _id: string;
    number: number;
    /** login name */
    id?: string;
    general?: {
      firstName?: string;
      lastName?: string;
      sex?: string;
      birthDate?: string;
      language?: string;
      insuranceNumber?: string;
      deviceToken?: string;
      webPushToken?: string;
      profileImage?: string;
      description?: string;
      lastNpsScoreSend?: string;
      badges?: Array<{
        type?: string;
        level?: number;
      }>;
      myTutorialUsername?: string;
    };
    contact?: {
      telephone?: string;
      mobile?: string;
      email?: string;
      sms?: string;
      website?: string;
      fax?: string;
      smsCount?: number;
      smsChatCount?: number;
      smsSendDate?: string;
      smsSendBy?: string;
      lastSMSStatus?: string;
      secondSmsSendDate?: string;
    };
    [key: string]: unknown;
  };
}

export interface JobActionResult {
  _id: string;
  ids: Array<string>;
  teamId?: string;
}

export interface JobCreate {
  /** absent for one-off jobs */
  assignmentId?: string | null;
  /** the object where the job is done (from the assignment) */
  objectId?: string | null;
  from: string;
  to: string;
  /** minutes; the planned duration when absent */
  targetTime?: number | null;
  /** absent for unassigned jobs */
  userId?: string | null;
  type?: string | null;
  title?: string | null;
  jobComment?: string | null;
  notifyObjectManager?: boolean | null;
  needsJobTemplate?: boolean | null;
  jobTemplateId?: string | null;
  activityTypeId?: string | null;
  /** no regions are kept: not checked */
  regionId?: string | null;
  exceptionJobId?: string | null;
  requiredDrivingTime?: number | null;
  requiredBreakTime?: number | null;
  documentIds?: Array<string> | null;
  /** open, started, completed or cancelled */
  state?: ("open" | "started" | "completed" | "cancelled") | null;
  tags?: Array<string> | null;
  /** set by the server; accepted and ignored in a write body */
  teamId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  splitId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  originalId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  masterJobId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  originalFrom?: unknown;
  /** set by the server; accepted and ignored in a write body */
  originalTo?: unknown;
  /** set by the server; accepted and ignored in a write body */
  absenceId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  acceptedStatus?: unknown;
  /** set by the server; accepted and ignored in a write body */
  replacementJobId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  started?: unknown;
  /** set by the server; accepted and ignored in a write body */
  absences?: unknown;
  /** set by the server; accepted and ignored in a write body */
  timeTrackings?: unknown;
  /** set by the server; accepted and ignored in a write body */
  salaries?: unknown;
  /** set by the server; accepted and ignored in a write body */
  assignment?: unknown;
  /** set by the server; accepted and ignored in a write body */
  activityType?: unknown;
  /** set by the server; accepted and ignored in a write body */
  user?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface JobPatch {
  assignmentId?: string | null;
  objectId?: string | null;
  from?: string | null;
  to?: string | null;
  targetTime?: number | null;
  userId?: string | null;
  type?: string | null;
  title?: string | null;
  jobComment?: string | null;
  notifyObjectManager?: boolean | null;
  needsJobTemplate?: boolean | null;
  jobTemplateId?: string | null;
  activityTypeId?: string | null;
  regionId?: string | null;
  exceptionJobId?: string | null;
  requiredDrivingTime?: number | null;
  requiredBreakTime?: number | null;
  documentIds?: Array<string> | null;
  state?: ("open" | "started" | "completed" | "cancelled") | null;
  tags?: Array<string> | null;
  teamId?: unknown | null;
  splitId?: unknown | null;
  originalId?: unknown | null;
  masterJobId?: unknown | null;
  originalFrom?: unknown | null;
  originalTo?: unknown | null;
  absenceId?: unknown | null;
  acceptedStatus?: unknown | null;
  replacementJobId?: unknown | null;
  started?: unknown | null;
  absences?: unknown | null;
  timeTrackings?: unknown | null;
  salaries?: unknown | null;
  assignment?: unknown | null;
  activityType?: unknown | null;
  user?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface JobTemplate {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  description?: string;
  checklist: Array<Record<string, unknown>>;
}

export interface JobTemplateCreate {
  name: string;
  description?: string | null;
  checklist?: Array<Record<string, unknown>> | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface JobTemplatePatch {
  name?: string | null;
  description?: string | null;
  checklist?: Array<Record<string, unknown>> | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface MaterialOrder {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  items: Array<{
    /** absent for a custom item */
    articleId?: string;
    /** for custom items (customOrder) */
    name?: string;
    quantity?: number;
    unit?: string;
    comment?: string;
  }>;
  /** items not from the article list */
  customOrder?: boolean;
  comment?: string;
  /** who orders (employees give their own id) */
  userId: string;
  /** where the material is needed */
  objectId: string;
  objectManagerId?: string;
  invoiceId?: string;
  completed?: boolean;
  completedAt?: string;
  completedBy?: string;
  approved?: boolean;
  approvedBy?: string;
  approvedAt?: string;
}

export interface MaterialOrderCreate {
  items: Array<{
    /** absent for a custom item */
    articleId?: string;
    /** for custom items (customOrder) */
    name?: string;
    quantity: number;
    unit?: string;
    comment?: string;
  }>;
  /** items not from the article list */
  customOrder?: boolean | null;
  comment?: string | null;
  /** who orders (employees give their own id) */
  userId: string;
  /** where the material is needed */
  objectId: string;
  objectManagerId?: string | null;
  invoiceId?: string | null;
  /** set by the server; accepted and ignored in a write body */
  completed?: unknown;
  /** set by the server; accepted and ignored in a write body */
  completedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  completedBy?: unknown;
  /** set by the server; accepted and ignored in a write body */
  approved?: unknown;
  /** set by the server; accepted and ignored in a write body */
  approvedBy?: unknown;
  /** set by the server; accepted and ignored in a write body */
  approvedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface MaterialOrderPatch {
  items?: Array<{
    /** absent for a custom item */
    articleId?: string;
    /** for custom items (customOrder) */
    name?: string;
    quantity: number;
    unit?: string;
    comment?: string;
  }> | null;
  customOrder?: boolean | null;
  comment?: string | null;
  userId?: string | null;
  objectId?: string | null;
  objectManagerId?: string | null;
  invoiceId?: string | null;
  completed?: unknown | null;
  completedAt?: unknown | null;
  completedBy?: unknown | null;
  approved?: unknown | null;
  approvedBy?: unknown | null;
  approvedAt?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface Offer {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  customerId: string;
  objectId?: string;
  assignmentId?: string;
  title?: string;
  /** YYYY-MM-DD */
  documentDate?: string;
  servicePeriod?: {
    /** YYYY-MM-DD */
    from?: string;
    /** YYYY-MM-DD */
    to?: string;
  };
  positions: Array<InvoicePosition>;
  paymentTermId?: string;
  /** an invoice template whose texts the document takes where it has none */
  templateId?: string;
  introText?: string;
  closingText?: string;
  /** Leitweg-ID; the customer's when absent */
  buyerReference?: string;
  orderReferenceId?: string;
  allowancesCharges: Array<AllowanceCharge>;
  /** YYYY-MM-DD */
  validUntil?: string;
  state?: string;
  documentNumber?: string;
  issuedAt?: string;
  dueDate?: string;
  currency?: string;
  netAmount?: number;
  taxAmount?: number;
  grossAmount?: number;
  vatBreakdown: Array<{
    category?: string;
    rate?: number;
    taxableAmount?: number;
    taxAmount?: number;
  }>;
  /** net amount of each position (0 for optional and text positions) */
  lineAmounts: Array<number>;
  /** the invoicing settings' seller, frozen at issue */
  seller?: {
    name?: string;
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    vatId?: string;
    taxNumber?: string;
    email?: string;
    phone?: string;
    iban?: string;
    bic?: string;
    bankName?: string;
    registration?: string;
    managingDirector?: string;
    contactName?: string;
    electronicAddress?: string;
    sellerIdentifier?: string;
    [key: string]: unknown;
  };
  /** the customer, frozen at issue */
  buyer?: {
    customerId?: string;
    number?: number;
    name?: string;
    contactPerson?: string;
    address?: {
      street?: string;
      zip?: string;
      city?: string;
      country?: string;
      co?: string;
      state?: string;
      [key: string]: unknown;
    };
    email?: string;
    vatNumber?: string;
    debitorNumber?: string;
    buyerReference?: string;
    orderReferenceId?: string;
    [key: string]: unknown;
  };
  /** the service address (the object), frozen at issue */
  delivery?: {
    name?: string;
    address?: {
      street?: string;
      zip?: string;
      city?: string;
      country?: string;
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
  /** the payment term, frozen at issue */
  paymentTerm?: {
    id?: string;
    name?: string;
    netDays?: number;
    skontoPercentage?: number;
    skontoDays?: number;
    [key: string]: unknown;
  };
  paidAmount?: number;
  openAmount?: number;
  overpaidAmount?: number;
  skontoApplied?: boolean;
  /** cancellations: the invoice cancelled */
  invoiceId?: string;
  invoiceNumber?: string;
  /** invoices: the cancellation */
  stornoId?: string;
  acceptedAt?: string;
  declinedAt?: string;
  /** assignment confirmations: when signed or confirmed by the office */
  confirmedAt?: string;
  /** offers: the assignment confirmation made from it */
  assignmentConfirmationId?: string;
  /** assignment confirmations: the accepted offer it confirms */
  offerId?: string;
  /** offers and assignment confirmations signed by the customer through a client link */
  signature?: {
    name?: string;
    signedAt?: string;
    timeZone?: string;
    /** data:image/png;base64,… */
    image?: string;
  };
  creditedInvoiceNumber?: string;
  creditedInvoiceDate?: string;
  invoiceDate?: string;
  reminderLevel?: number;
  lastReminderDate?: string;
  reminderFees?: number;
  skontoAmount?: number;
  /** invoices: the day the skonto was taken (its last payment) */
  skontoDate?: string;
  /** invoices: the gross of the issued credit notes that name it */
  creditedAmount?: number;
  /** each mailing of the document (POST …/send) */
  sendings: Array<{
    at?: string;
    to?: string;
    format?: string;
    mailId?: string;
    userId?: string;
    /** on an invoice: the reminder this mailing sent */
    reminderId?: string;
    [key: string]: unknown;
  }>;
  /** BT-106: sum of the counted line nets */
  lineTotalAmount?: number;
  /** BT-107: sum of the document-level allowances */
  allowanceTotalAmount?: number;
  /** BT-108: sum of the document-level charges */
  chargeTotalAmount?: number;
  /** the gross amount skonto applies to; only when a position is skontoExcluded */
  skontoBaseAmount?: number;
  /** final invoices, BT-113: the gross of the partial invoices it settles */
  prepaidAmount?: number;
  /** final invoices, BT-115: gross less prepaid */
  amountDue?: number;
  /** final invoices: the partial invoices settled (BG-3) */
  partialInvoices: Array<{
    number?: string;
    date?: string;
  }>;
}

export interface OfferCreate {
  customerId: string;
  objectId?: string | null;
  assignmentId?: string | null;
  title?: string | null;
  /** YYYY-MM-DD */
  documentDate?: string | null;
  servicePeriod?: {
    /** YYYY-MM-DD */
    from: string;
    /** YYYY-MM-DD */
    to: string;
  } | null;
  positions: Array<InvoicePositionInput>;
  paymentTermId?: string | null;
  /** an invoice template whose texts the document takes where it has none */
  templateId?: string | null;
  introText?: string | null;
  closingText?: string | null;
  /** Leitweg-ID; the customer's when absent */
  buyerReference?: string | null;
  orderReferenceId?: string | null;
  allowancesCharges?: (Array<{
    /** true: a charge (BG-21, e.g. a fuel surcharge); false: an allowance (BG-20, e.g. a loyalty discount) */
    charge: boolean;
    /** BT-97/BT-104; a reason or a reasonCode is required */
    reason?: string;
    /** allowances: UNTDID 5189 (41, 42, 60, 62, 63, 64, 65, 66, 67, 68, 70, 71, 88, 95, 100, 102, 103, 104, 105; 95 discount); charges: UNTDID 7161 (e.g. FC freight, ABL packaging, SAA shipping and handling, ZZZ mutually defined) */
    reasonCode?: string;
    /** 5 = 5 %, up to 4 decimals; either percent or amount */
    percent?: number;
    baseAmount?: number;
    /** at least 0, 2 decimals; either amount or percent. Set by the server from a percent (negated on cancellations) */
    amount?: number;
    /** S standard rate; Z zero rated; E exempt; AE reverse charge (§13b UStG: the customer owes the VAT); K intra-community supply; G export outside the EU; O not subject to VAT; default S when the rate is above 0, else Z */
    vatCategory?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
    tax: number;
    /** set by the server: the fields it computed (recomputed on every save) */
    computed?: Array<"amount" | "baseAmount">;
  }>) | null;
  /** YYYY-MM-DD */
  validUntil?: string | null;
  /** set by the server; accepted and ignored in a write body */
  state?: unknown;
  /** set by the server; accepted and ignored in a write body */
  documentNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  issuedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  dueDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  currency?: unknown;
  /** set by the server; accepted and ignored in a write body */
  netAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  taxAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  grossAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  vatBreakdown?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lineAmounts?: unknown;
  /** set by the server; accepted and ignored in a write body */
  seller?: unknown;
  /** set by the server; accepted and ignored in a write body */
  buyer?: unknown;
  /** set by the server; accepted and ignored in a write body */
  delivery?: unknown;
  /** set by the server; accepted and ignored in a write body */
  paymentTerm?: unknown;
  /** set by the server; accepted and ignored in a write body */
  paidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  openAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  overpaidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoApplied?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  stornoId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  acceptedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  declinedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  confirmedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  assignmentConfirmationId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  offerId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  signature?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedInvoiceNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedInvoiceDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  reminderLevel?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lastReminderDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  reminderFees?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoDate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  creditedAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  sendings?: unknown;
  /** set by the server; accepted and ignored in a write body */
  lineTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  allowanceTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chargeTotalAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  skontoBaseAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  prepaidAmount?: unknown;
  /** set by the server; accepted and ignored in a write body */
  amountDue?: unknown;
  /** set by the server; accepted and ignored in a write body */
  partialInvoices?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface OfferPatch {
  customerId?: string | null;
  objectId?: string | null;
  assignmentId?: string | null;
  title?: string | null;
  documentDate?: string | null;
  servicePeriod?: {
    from?: string | null;
    to?: string | null;
  } | null;
  positions?: Array<InvoicePositionInput> | null;
  paymentTermId?: string | null;
  templateId?: string | null;
  introText?: string | null;
  closingText?: string | null;
  buyerReference?: string | null;
  orderReferenceId?: string | null;
  allowancesCharges?: (Array<{
    /** true: a charge (BG-21, e.g. a fuel surcharge); false: an allowance (BG-20, e.g. a loyalty discount) */
    charge: boolean;
    /** BT-97/BT-104; a reason or a reasonCode is required */
    reason?: string;
    /** allowances: UNTDID 5189 (41, 42, 60, 62, 63, 64, 65, 66, 67, 68, 70, 71, 88, 95, 100, 102, 103, 104, 105; 95 discount); charges: UNTDID 7161 (e.g. FC freight, ABL packaging, SAA shipping and handling, ZZZ mutually defined) */
    reasonCode?: string;
    /** 5 = 5 %, up to 4 decimals; either percent or amount */
    percent?: number;
    baseAmount?: number;
    /** at least 0, 2 decimals; either amount or percent. Set by the server from a percent (negated on cancellations) */
    amount?: number;
    /** S standard rate; Z zero rated; E exempt; AE reverse charge (§13b UStG: the customer owes the VAT); K intra-community supply; G export outside the EU; O not subject to VAT; default S when the rate is above 0, else Z */
    vatCategory?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
    tax: number;
    /** set by the server: the fields it computed (recomputed on every save) */
    computed?: Array<"amount" | "baseAmount">;
  }>) | null;
  validUntil?: string | null;
  state?: unknown | null;
  documentNumber?: unknown | null;
  issuedAt?: unknown | null;
  dueDate?: unknown | null;
  currency?: unknown | null;
  netAmount?: unknown | null;
  taxAmount?: unknown | null;
  grossAmount?: unknown | null;
  vatBreakdown?: unknown | null;
  lineAmounts?: unknown | null;
  seller?: unknown | null;
  buyer?: unknown | null;
  delivery?: unknown | null;
  paymentTerm?: unknown | null;
  paidAmount?: unknown | null;
  openAmount?: unknown | null;
  overpaidAmount?: unknown | null;
  skontoApplied?: unknown | null;
  invoiceId?: unknown | null;
  invoiceNumber?: unknown | null;
  stornoId?: unknown | null;
  acceptedAt?: unknown | null;
  declinedAt?: unknown | null;
  confirmedAt?: unknown | null;
  assignmentConfirmationId?: unknown | null;
  offerId?: unknown | null;
  signature?: unknown | null;
  creditedInvoiceNumber?: unknown | null;
  creditedInvoiceDate?: unknown | null;
  invoiceDate?: unknown | null;
  reminderLevel?: unknown | null;
  lastReminderDate?: unknown | null;
  reminderFees?: unknown | null;
  skontoAmount?: unknown | null;
  skontoDate?: unknown | null;
  creditedAmount?: unknown | null;
  sendings?: unknown | null;
  lineTotalAmount?: unknown | null;
  allowanceTotalAmount?: unknown | null;
  chargeTotalAmount?: unknown | null;
  skontoBaseAmount?: unknown | null;
  prepaidAmount?: unknown | null;
  amountDue?: unknown | null;
  partialInvoices?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface PayType {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  description?: string;
  /** wage type code for the payroll export */
  code?: string;
  /** percent of the contract rate paid; default 100 */
  rateFactor?: number;
  /** whether surcharges apply; default true */
  surcharges?: boolean;
  /** a pay type for paid absence time */
  absence?: boolean;
}

export interface PayTypeCreate {
  name: string;
  description?: string | null;
  /** wage type code for the payroll export */
  code?: string | null;
  /** percent of the contract rate paid; default 100 */
  rateFactor?: number | null;
  /** whether surcharges apply; default true */
  surcharges?: boolean | null;
  /** a pay type for paid absence time */
  absence?: boolean | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface PayTypePatch {
  name?: string | null;
  description?: string | null;
  code?: string | null;
  rateFactor?: number | null;
  surcharges?: boolean | null;
  absence?: boolean | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface Payment {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  invoiceId: string;
  /** negative for a refund */
  amount: number;
  date: string;
  paymentMethodId?: string;
  reference?: string;
  note?: string;
}

export interface PaymentCreate {
  invoiceId: string;
  /** negative for a refund */
  amount: number;
  date: string;
  paymentMethodId?: string | null;
  reference?: string | null;
  note?: string | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface PaymentMethod {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  /** UNCL 4461 payment means code, e.g. 58 SEPA credit transfer, 59 SEPA direct debit */
  code?: string;
}

export interface PaymentMethodCreate {
  name: string;
  /** UNCL 4461 payment means code, e.g. 58 SEPA credit transfer, 59 SEPA direct debit */
  code?: string | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface PaymentMethodPatch {
  name?: string | null;
  code?: string | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface PaymentPatch {
  invoiceId?: string | null;
  amount?: number | null;
  date?: string | null;
  paymentMethodId?: string | null;
  reference?: string | null;
  note?: string | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface PaymentTerm {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  description?: string;
  netDays: number;
  skontoPercentage?: number;
  skontoDays?: number;
  default?: boolean;
}

export interface PaymentTermCreate {
  name: string;
  description?: string | null;
  netDays: number;
  skontoPercentage?: number | null;
  skontoDays?: number | null;
  default?: boolean | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface PaymentTermPatch {
  name?: string | null;
  description?: string | null;
  netDays?: number | null;
  skontoPercentage?: number | null;
  skontoDays?: number | null;
  default?: boolean | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface PayrollExportSettings {
  /** DATEV Beraternummer (BeraterNr), up to 7 digits */
  consultantNumber?: string;
  /** DATEV Mandantennummer (MandantenNr), up to 5 digits */
  clientNumber?: string;
  /** LODAS Bearbeitungsschlüssel for hours, days and amounts */
  processingKeys: {
    hours: number;
    days: number;
    amount: number;
  };
  /** our pay type → wage type number (1-4 digits); null removes a mapping (also a default one) */
  wageTypes: Record<string, string | null>;
}

export interface PayrollExportSettingsPatch {
  /** DATEV Beraternummer (BeraterNr), up to 7 digits */
  consultantNumber?: string;
  /** DATEV Mandantennummer (MandantenNr), up to 5 digits */
  clientNumber?: string;
  /** LODAS Bearbeitungsschlüssel for hours, days and amounts */
  processingKeys?: {
    hours: number;
    days: number;
    amount: number;
  };
  /** our pay type → wage type number (1-4 digits); null removes a mapping (also a default one) */
  wageTypes?: Record<string, string | null>;
}

/** RFC 9457 problem details */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: Array<{
    path?: string;
    message?: string;
  }>;
}

export interface QualityControlEntry {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  rating: number;
  /** the assessed object */
  objectId: string;
  comment?: string;
  /** the assessor */
  objectManagerId?: string;
  verified?: boolean;
  controlledAt?: string;
  roomChecks: Array<{
    roomId?: string;
    levelId?: string;
    name?: string;
    comment?: string;
    serviceChecks?: Array<{
      serviceTypeId?: string;
      evaluation?: number;
      evaluationType?: string;
      rated?: boolean;
    }>;
    controlImages?: Array<{
      imageURL?: string;
      comment?: string;
      label?: string;
    }>;
  }>;
  images: Array<string>;
}

export interface QualityControlEntryCreate {
  rating: number;
  /** the assessed object */
  objectId: string;
  comment?: string | null;
  /** the assessor */
  objectManagerId?: string | null;
  verified?: boolean | null;
  controlledAt?: string | null;
  roomChecks?: Array<{
    roomId?: string;
    levelId?: string;
    name?: string;
    comment?: string;
    serviceChecks?: Array<{
      serviceTypeId?: string;
      evaluation?: number;
      evaluationType?: string;
      rated?: boolean;
    }>;
    controlImages?: Array<{
      imageURL: string;
      comment?: string;
      label?: string;
    }>;
  }> | null;
  images?: Array<string> | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface QualityControlEntryPatch {
  rating?: number | null;
  objectId?: string | null;
  comment?: string | null;
  objectManagerId?: string | null;
  verified?: boolean | null;
  controlledAt?: string | null;
  roomChecks?: Array<{
    roomId?: string;
    levelId?: string;
    name?: string;
    comment?: string;
    serviceChecks?: Array<{
      serviceTypeId?: string;
      evaluation?: number;
      evaluationType?: string;
      rated?: boolean;
    }>;
    controlImages?: Array<{
      imageURL: string;
      comment?: string;
      label?: string;
    }>;
  }> | null;
  images?: Array<string> | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface Salary {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  /** a billed salary is never recomputed */
  billed?: boolean;
  ignoreDoubleSalaries?: boolean;
  reason?: string;
  userId?: string;
  timeTrackingId?: string;
  objectId?: string;
  jobId?: string;
  assignmentId?: string;
  activityTypeId?: string;
  absenceId?: string;
  roundedUp?: boolean;
  releasedBySystem?: boolean;
  /** work (from a time-tracking entry) or absence */
  type?: string;
  payType?: string;
  /** seconds */
  workingTime?: number;
  /** seconds */
  targetTime?: number;
  /** amount in the company currency, two decimals */
  salaryPerHour?: number;
  /** total: base pay plus surcharges */
  salary?: number;
  /** amount in the company currency, two decimals */
  baseSalary?: number;
  /** the total in cents, exact */
  salaryCents?: number;
  approvedByUserId?: string;
  updatedByUserId?: string;
  from?: string;
  to?: string;
  trackingJobDate?: string;
  /** seconds */
  addedTime?: number;
  /** seconds */
  break?: number;
  /** seconds */
  minBreakTime?: number;
  /** seconds */
  roundUpSeconds?: number;
  /** seconds */
  drivingTime?: number;
  /** seconds */
  nightWorkingTime?: number;
  /** seconds */
  sundayWorkingTime?: number;
  /** seconds */
  publicHolidayWorkingTime?: number;
  surcharges: Array<{
    _id?: string;
    number?: number;
    companyId?: string;
    status?: EntityStatus;
    chatId?: string;
    /** seconds */
    seconds?: number;
    surchargeId?: string;
    name?: string;
    /** rate in percent */
    surcharge?: number;
    activeOn?: {
      /** ISO weekdays, 1 Monday … 7 Sunday */
      weekdays?: Array<number>;
      /** only on public holidays of the place of work */
      publicHolidays?: boolean;
      /** MM-DD */
      dates?: Array<string>;
      /** absent: the whole day; a window whose end is not after its start runs into the next day */
      timeWindows?: Array<{
        /** HH:mm, local time; 24:00 is midnight */
        from: string;
        /** HH:mm, local time; 24:00 is midnight */
        to: string;
      }>;
      /** also 00:00 to this time of the next day when the work began before midnight */
      followingNightUntil?: string;
      /** counts only when the work began before the midnight that starts the day */
      onlyIfBegunBeforeMidnight?: boolean;
    };
    userId?: string;
    date?: string;
    activeTimeFrames?: Array<{
      from?: string;
      to?: string;
    }>;
    /** amount in the company currency, two decimals */
    _cash?: number;
    /** part computed on the hourly base up to the tax-free cap */
    taxFreeCash?: number;
    /** part above the tax-free cap */
    taxableCash?: number;
  }>;
  errors: Array<string>;
  /** absence salaries: the local day paid */
  date?: string;
  /** absence salaries: continuedPay (§4 EFZG), holidayPay (§2 EFZG), vacationPay (§11 BUrlG), plannedJobs or contractHours */
  payRule?: string;
  /** absence salaries: the law the pay follows */
  legalBasis?: string;
  /** absence salaries: 0, nothing of time not worked is tax-free (§3b EStG) */
  taxFreeCash?: number;
  /** absence salaries: the taxable amount (all of it) */
  taxableCash?: number;
  /** absence salaries: surcharges of the missed shifts, taxable */
  taxableSurchargeCash?: number;
  /** vacation pay: earnings of the 13 reference weeks (or the employment's shorter part of them) without overtime pay, at today's rate */
  referenceEarnings?: number;
  /** vacation pay: what a lasting pay rise added to the reference (lines paid below today's rate, §11 (1) S. 2 BUrlG) */
  referenceRaise?: number;
  /** vacation pay: overtime pay left out of the reference */
  referenceOvertime?: number;
  /** vacation pay: working days the reference earnings are divided by */
  referenceDays?: number;
}

export interface SalaryPatch {
  billed?: boolean | null;
  ignoreDoubleSalaries?: boolean | null;
  reason?: string | null;
  userId?: unknown | null;
  timeTrackingId?: unknown | null;
  objectId?: unknown | null;
  jobId?: unknown | null;
  assignmentId?: unknown | null;
  activityTypeId?: unknown | null;
  absenceId?: unknown | null;
  roundedUp?: unknown | null;
  releasedBySystem?: unknown | null;
  type?: unknown | null;
  payType?: unknown | null;
  workingTime?: unknown | null;
  targetTime?: unknown | null;
  salaryPerHour?: unknown | null;
  salary?: unknown | null;
  baseSalary?: unknown | null;
  salaryCents?: unknown | null;
  approvedByUserId?: unknown | null;
  updatedByUserId?: unknown | null;
  from?: unknown | null;
  to?: unknown | null;
  trackingJobDate?: unknown | null;
  addedTime?: unknown | null;
  break?: unknown | null;
  minBreakTime?: unknown | null;
  roundUpSeconds?: unknown | null;
  drivingTime?: unknown | null;
  nightWorkingTime?: unknown | null;
  sundayWorkingTime?: unknown | null;
  publicHolidayWorkingTime?: unknown | null;
  surcharges?: unknown | null;
  errors?: unknown | null;
  date?: unknown | null;
  payRule?: unknown | null;
  legalBasis?: unknown | null;
  taxFreeCash?: unknown | null;
  taxableCash?: unknown | null;
  taxableSurchargeCash?: unknown | null;
  referenceEarnings?: unknown | null;
  referenceRaise?: unknown | null;
  referenceOvertime?: unknown | null;
  referenceDays?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface SendDocumentRequest {
  /** overrides the customer's billing address (invoiceDelivery.email, else contact.email) */
  to?: string;
  /** overrides the customer's invoiceDelivery.format (offers and reminders: PDF only) */
  format?: "PDF" | "ZUGFERD" | "XRECHNUNG_UBL" | "XRECHNUNG_CII";
  /** default e.g. "Rechnung RE-2026-00001" */
  subject?: string;
  /** the mail text; default a short German letter */
  message?: string;
}

export interface SendDocumentResult {
  _id: string;
  documentNumber: string;
  mailId: string;
  to: string;
  format: string;
  at: string;
  /** sent, or pending: the mail server was not reached, the worker retries */
  status: string;
}

export interface ServiceProduct {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  description?: string;
  unit?: string;
  price?: number;
  tax?: number;
  taxRateId?: string;
  activityTypeId?: string;
  bookingAccountNumber?: string;
  tags: Array<string>;
}

export interface ServiceProductCreate {
  name: string;
  description?: string | null;
  unit?: string | null;
  price?: number | null;
  tax?: number | null;
  taxRateId?: string | null;
  activityTypeId?: string | null;
  bookingAccountNumber?: string | null;
  tags?: Array<string> | null;
  number?: number | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface ServiceProductPatch {
  name?: string | null;
  description?: string | null;
  unit?: string | null;
  price?: number | null;
  tax?: number | null;
  taxRateId?: string | null;
  activityTypeId?: string | null;
  bookingAccountNumber?: string | null;
  tags?: Array<string> | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface ServiceReport {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  objectId: string;
  from: string;
  to: string;
  title?: string;
  comment?: string;
  customerId?: string;
  state?: "open" | "signed";
  jobs: Array<{
    jobId?: string;
    from?: string;
    to?: string;
    title?: string;
    /** who did the job (the user's full name) */
    user?: string;
    timeTrackings?: Array<{
      timeStart?: string | null;
      timeEnd?: string | null;
      /** seconds */
      workingTime?: number | null;
      [key: string]: unknown;
    }>;
    /** seconds */
    workingTime?: number;
    [key: string]: unknown;
  }>;
  /** seconds */
  totalWorkingTime?: number;
  signature?: {
    name?: string;
    signedAt?: string;
    image?: string;
  };
}

export interface ServiceReportCreate {
  objectId: string;
  from: string;
  to: string;
  title?: string | null;
  comment?: string | null;
  /** set by the server; accepted and ignored in a write body */
  customerId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  state?: unknown;
  /** set by the server; accepted and ignored in a write body */
  jobs?: unknown;
  /** set by the server; accepted and ignored in a write body */
  totalWorkingTime?: unknown;
  /** set by the server; accepted and ignored in a write body */
  signature?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface ServiceReportPatch {
  objectId?: string | null;
  from?: string | null;
  to?: string | null;
  title?: string | null;
  comment?: string | null;
  customerId?: unknown | null;
  state?: unknown | null;
  jobs?: unknown | null;
  totalWorkingTime?: unknown | null;
  signature?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface SignupResult {
  companyId: string;
  userId: string;
  accessToken: string;
  tokenType: "Bearer";
  /** seconds until the access token expires */
  expiresIn: number;
  refreshToken?: string;
}

export interface Supplier {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  contactPerson?: string;
  contact?: {
    telephone?: string;
    mobile?: string;
    email?: string;
    sms?: string;
    website?: string;
    fax?: string;
  };
  address?: {
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    co?: string;
    /** state or region, for public holidays; ISO 3166-2 (BY or DE-BY) or the state's name (Bayern), kept as sent */
    state?: string;
  };
  /** our number at the supplier */
  customerNumber?: string;
  comment?: string;
  tags: Array<string>;
}

export interface SupplierCreate {
  name: string;
  contactPerson?: string | null;
  contact?: {
    telephone?: string;
    mobile?: string;
    email?: string;
    sms?: string;
    website?: string;
    fax?: string;
  } | null;
  address?: {
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    co?: string;
    /** state or region, for public holidays; ISO 3166-2 (BY or DE-BY) or the state's name (Bayern), kept as sent */
    state?: string;
  } | null;
  /** our number at the supplier */
  customerNumber?: string | null;
  comment?: string | null;
  tags?: Array<string> | null;
  number?: number | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface SupplierPatch {
  name?: string | null;
  contactPerson?: string | null;
  contact?: {
    telephone?: string | null;
    mobile?: string | null;
    email?: string | null;
    sms?: string | null;
    website?: string | null;
    fax?: string | null;
  } | null;
  address?: {
    street?: string | null;
    zip?: string | null;
    city?: string | null;
    country?: string | null;
    co?: string | null;
    state?: string | null;
  } | null;
  customerNumber?: string | null;
  comment?: string | null;
  tags?: Array<string> | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface Surcharge {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  /** percent of the hourly rate */
  rate: number;
  /** surcharges of one group do not add up: the highest applicable wins; without a group a surcharge adds to every other */
  group?: string;
  /** which deprecated salary field the time counts towards */
  category?: "night" | "sunday" | "publicHoliday" | "other";
  activeOn: {
    /** ISO weekdays, 1 Monday … 7 Sunday */
    weekdays?: Array<number>;
    /** only on public holidays of the place of work */
    publicHolidays?: boolean;
    /** MM-DD */
    dates?: Array<string>;
    /** absent: the whole day; a window whose end is not after its start runs into the next day */
    timeWindows?: Array<{
      /** HH:mm, local time; 24:00 is midnight */
      from?: string;
      /** HH:mm, local time; 24:00 is midnight */
      to?: string;
    }>;
    /** also 00:00 to this time of the next day when the work began before midnight */
    followingNightUntil?: string;
    /** counts only when the work began before the midnight that starts the day */
    onlyIfBegunBeforeMidnight?: boolean;
  };
  /** default true */
  active?: boolean;
  description?: string;
}

export interface SurchargeCreate {
  name: string;
  /** percent of the hourly rate */
  rate: number;
  /** surcharges of one group do not add up: the highest applicable wins; without a group a surcharge adds to every other */
  group?: string | null;
  /** which deprecated salary field the time counts towards */
  category?: ("night" | "sunday" | "publicHoliday" | "other") | null;
  activeOn: {
    /** ISO weekdays, 1 Monday … 7 Sunday */
    weekdays?: Array<number>;
    /** only on public holidays of the place of work */
    publicHolidays?: boolean;
    /** MM-DD */
    dates?: Array<string>;
    /** absent: the whole day; a window whose end is not after its start runs into the next day */
    timeWindows?: Array<{
      /** HH:mm, local time; 24:00 is midnight */
      from: string;
      /** HH:mm, local time; 24:00 is midnight */
      to: string;
    }>;
    /** also 00:00 to this time of the next day when the work began before midnight */
    followingNightUntil?: string;
    /** counts only when the work began before the midnight that starts the day */
    onlyIfBegunBeforeMidnight?: boolean;
  };
  /** default true */
  active?: boolean | null;
  description?: string | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface SurchargePatch {
  name?: string | null;
  rate?: number | null;
  group?: string | null;
  category?: ("night" | "sunday" | "publicHoliday" | "other") | null;
  activeOn?: {
    weekdays?: Array<number> | null;
    publicHolidays?: boolean | null;
    dates?: Array<string> | null;
    timeWindows?: Array<{
      /** HH:mm, local time; 24:00 is midnight */
      from: string;
      /** HH:mm, local time; 24:00 is midnight */
      to: string;
    }> | null;
    followingNightUntil?: string | null;
    onlyIfBegunBeforeMidnight?: boolean | null;
  } | null;
  active?: boolean | null;
  description?: string | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface Task {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  title: string;
  /** default new; moves as docs/decisions.md (Tasks) lists */
  taskStatus?: "new" | "open" | "in_progress" | "in_review" | "completed" | "cancelled";
  taskType?: string;
  taskTypeId?: string;
  description?: string;
  contactPerson?: string;
  email?: string;
  telephone?: string;
  assignee?: {
    name?: string;
    entityId?: string;
    profilePicture?: string;
  };
  dueDate?: string;
  tags: Array<string>;
  priority?: "low" | "normal" | "high" | "urgent";
  related?: {
    users?: Array<string>;
    objects?: Array<string>;
    customers?: Array<string>;
    contacts?: Array<string>;
    assignments?: Array<string>;
    invoices?: Array<string>;
    equipments?: Array<string>;
  };
  documentIds: Array<string>;
  callId?: string;
  /** number within the task type */
  identifierNumber?: number;
  firstStartedAt?: string;
  firstTerminatedAt?: string;
  complaintCreatedAt?: string;
  complaintId?: string;
  completionResponse?: string;
  taskTemplate?: {
    entityId?: string;
    templateName?: string;
    recurring?: boolean;
    /** local date of the occurrence */
    occurrence?: string;
  };
}

export interface TaskCreate {
  title: string;
  /** default new; moves as docs/decisions.md (Tasks) lists */
  taskStatus?: ("new" | "open" | "in_progress" | "in_review" | "completed" | "cancelled") | null;
  taskType?: string | null;
  taskTypeId?: string | null;
  description?: string | null;
  contactPerson?: string | null;
  email?: string | null;
  telephone?: string | null;
  assignee?: {
    name?: string;
    entityId?: string;
    profilePicture?: string;
  } | null;
  dueDate?: string | null;
  tags?: Array<string> | null;
  priority?: ("low" | "normal" | "high" | "urgent") | null;
  related?: {
    users?: Array<string>;
    objects?: Array<string>;
    customers?: Array<string>;
    contacts?: Array<string>;
    assignments?: Array<string>;
    invoices?: Array<string>;
    equipments?: Array<string>;
  } | null;
  documentIds?: Array<string> | null;
  callId?: string | null;
  /** set by the server; accepted and ignored in a write body */
  identifierNumber?: unknown;
  /** set by the server; accepted and ignored in a write body */
  firstStartedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  firstTerminatedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  complaintCreatedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  complaintId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  completionResponse?: unknown;
  /** set by the server; accepted and ignored in a write body */
  taskTemplate?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface TaskPatch {
  title?: string | null;
  taskStatus?: ("new" | "open" | "in_progress" | "in_review" | "completed" | "cancelled") | null;
  taskType?: string | null;
  taskTypeId?: string | null;
  description?: string | null;
  contactPerson?: string | null;
  email?: string | null;
  telephone?: string | null;
  assignee?: {
    name?: string | null;
    entityId?: string | null;
    profilePicture?: string | null;
  } | null;
  dueDate?: string | null;
  tags?: Array<string> | null;
  priority?: ("low" | "normal" | "high" | "urgent") | null;
  related?: {
    users?: Array<string> | null;
    objects?: Array<string> | null;
    customers?: Array<string> | null;
    contacts?: Array<string> | null;
    assignments?: Array<string> | null;
    invoices?: Array<string> | null;
    equipments?: Array<string> | null;
  } | null;
  documentIds?: Array<string> | null;
  callId?: string | null;
  identifierNumber?: unknown | null;
  firstStartedAt?: unknown | null;
  firstTerminatedAt?: unknown | null;
  complaintCreatedAt?: unknown | null;
  complaintId?: unknown | null;
  completionResponse?: unknown | null;
  taskTemplate?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface TaskTemplate {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  templateName: string;
  /** when tasks fall due (RFC 5545 rule, as for assignments) */
  iCalendar: {
    tzid?: string;
    rrule?: string;
    /** local YYYY-MM-DDTHH:mm:ss: first due time */
    dtstart?: string;
    dtend?: string;
    exDate?: Array<string>;
  };
  task: {
    title?: string;
    description?: string;
    taskType?: string;
    taskTypeId?: string;
    priority?: "low" | "normal" | "high" | "urgent";
    assigneeId?: string;
    related?: {
      objects?: Array<string>;
      customers?: Array<string>;
      equipments?: Array<string>;
    };
    tags?: Array<string>;
  };
  /** default true */
  active?: boolean;
}

export interface TaskTemplateCreate {
  templateName: string;
  /** when tasks fall due (RFC 5545 rule, as for assignments) */
  iCalendar: {
    tzid: string;
    rrule: string;
    /** local YYYY-MM-DDTHH:mm:ss: first due time */
    dtstart: string;
    dtend?: string;
    exDate?: Array<string>;
  };
  task: {
    title: string;
    description?: string;
    taskType?: string;
    taskTypeId?: string;
    priority?: "low" | "normal" | "high" | "urgent";
    assigneeId?: string;
    related?: {
      objects?: Array<string>;
      customers?: Array<string>;
      equipments?: Array<string>;
    };
    tags?: Array<string>;
  };
  /** default true */
  active?: boolean | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface TaskTemplatePatch {
  templateName?: string | null;
  iCalendar?: {
    tzid?: string | null;
    rrule?: string | null;
    dtstart?: string | null;
    dtend?: string | null;
    exDate?: Array<string> | null;
  } | null;
  task?: {
    title?: string | null;
    description?: string | null;
    taskType?: string | null;
    taskTypeId?: string | null;
    priority?: ("low" | "normal" | "high" | "urgent") | null;
    assigneeId?: string | null;
    related?: {
      objects?: Array<string> | null;
      customers?: Array<string> | null;
      equipments?: Array<string> | null;
    } | null;
    tags?: Array<string> | null;
  } | null;
  active?: boolean | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface TaskType {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  name: string;
  description?: string;
  /** shown before the identifier number, e.g. REK */
  prefix?: string;
  hexCode?: string;
}

export interface TaskTypeCreate {
  name: string;
  description?: string | null;
  /** shown before the identifier number, e.g. REK */
  prefix?: string | null;
  hexCode?: string | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface TaskTypePatch {
  name?: string | null;
  description?: string | null;
  prefix?: string | null;
  hexCode?: string | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface TaxRate {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  /** e.g. VAT */
  type?: string;
  rate: number;
  description?: string;
  bookingAccountNumber?: string;
  skontoBookingAccountNumber?: string;
  default?: boolean;
}

export interface TaxRateCreate {
  /** e.g. VAT */
  type?: string | null;
  rate: number;
  description?: string | null;
  bookingAccountNumber?: string | null;
  skontoBookingAccountNumber?: string | null;
  default?: boolean | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface TaxRatePatch {
  type?: string | null;
  rate?: number | null;
  description?: string | null;
  bookingAccountNumber?: string | null;
  skontoBookingAccountNumber?: string | null;
  default?: boolean | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface TimeAndPaySettings {
  /** IANA zone for surcharge windows and local dates */
  timeZone: string;
  /** used when the place of work (object, work region) names no region of its own */
  holidayRegion: {
    country: string;
    /** ISO 3166-2 (BY or DE-BY), stored as DE-BY */
    state?: string;
  };
  breakRule: {
    mode: "gliding" | "stepped";
    steps: Array<{
      afterSeconds: number;
      breakSeconds: number;
    }>;
  };
  /** round working time up to a multiple (0: off) */
  roundUpToSeconds: number;
  /** raise the statutory minimum; never lower it */
  minimumWages: Array<{
    validFrom: string;
    perHour: number;
  }>;
  /** adopt a sector minimum wage (buildingCleaning: Gebäudereinigung Lohngruppe 1); null: the general MiLoG minimum only */
  minimumWageSector: "buildingCleaning" | null;
  taxFreeBaseCapPerHour: number;
  plausibility: {
    startToleranceMinutes: number;
    maxDistanceMeters: number;
    missingStopGraceMinutes: number;
    overtimeFactor: number;
  };
  /** vacation pay: referencePeriod (default, §11 BUrlG 13-week average), plannedJobs or contractHours at the hourly rate */
  vacationPayMethod: "referencePeriod" | "plannedJobs" | "contractHours";
}

export interface TimeAndPaySettingsPatch {
  /** IANA zone for surcharge windows and local dates */
  timeZone?: string;
  /** used when the place of work (object, work region) names no region of its own */
  holidayRegion?: {
    country: string;
    /** ISO 3166-2 (BY or DE-BY), stored as DE-BY */
    state?: string;
  };
  breakRule?: {
    mode: "gliding" | "stepped";
    steps: Array<{
      afterSeconds: number;
      breakSeconds: number;
    }>;
  };
  /** round working time up to a multiple (0: off) */
  roundUpToSeconds?: number;
  /** raise the statutory minimum; never lower it */
  minimumWages?: Array<{
    validFrom: string;
    perHour: number;
  }>;
  /** adopt a sector minimum wage (buildingCleaning: Gebäudereinigung Lohngruppe 1); null: the general MiLoG minimum only */
  minimumWageSector?: "buildingCleaning" | null;
  taxFreeBaseCapPerHour?: number;
  plausibility?: {
    startToleranceMinutes?: number;
    maxDistanceMeters?: number;
    missingStopGraceMinutes?: number;
    overtimeFactor?: number;
  };
  /** vacation pay: referencePeriod (default, §11 BUrlG 13-week average), plannedJobs or contractHours at the hourly rate */
  vacationPayMethod?: "referencePeriod" | "plannedJobs" | "contractHours";
}

export interface TimeFrameQuery {
  /** start of the time frame: epoch milliseconds or an ISO 8601 date-time with an offset (2027-01-01T00:00:00Z) */
  from: number | string;
  /** end of the time frame, as from; at most 100 days after from */
  to: number | string;
  /** adds `user` {_id, number, id, general, contact} to each job */
  includeUsersInResponse?: boolean;
  /** one value or a comma list of open, started, completed, cancelled */
  status?: string;
  ids?: Array<string>;
  jobTemplateId?: string;
  /** jobs moved from this original job: an id, a list, or {exists} */
  originalId?: string | Array<string> | {
    exists?: boolean;
    ids?: Array<string>;
  };
  /** jobs connected to an absence: an id, a list, or {exists: true} for any absence */
  absenceId?: string | Array<string> | {
    exists?: boolean;
    ids?: Array<string>;
  };
  /** true: jobs whose acceptedStatus is not "accepted" */
  notAccepted?: boolean | {
    value?: boolean;
  };
  objectId?: string;
  objectIds?: Array<string>;
  /** jobs of a team: an id, a list, or {exists: true} for any team job */
  teamId?: string | Array<string> | {
    exists?: boolean;
    ids?: Array<string>;
  };
  /** "unassigned_jobs" also matches jobs without a user and jobs an absence affects that have no replacement yet */
  userIds?: Array<string | "unassigned_jobs">;
  /** the job's, its assignment's or one of its salaries' activity type */
  activityTypeId?: Array<string>;
  /** true: jobs someone is clocked in on right now (an open time-tracking entry) */
  currentlyWorking?: boolean;
  /** true: jobs clocked in on within the last 12 hours */
  liveJobs?: boolean;
  assignmentIds?: Array<string>;
  /** jobs (or their objects) carrying any of these tags */
  tags?: Array<string>;
}

export interface TimeTrackingEntry {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  userId: string;
  jobId?: string;
  /** from the job when absent */
  objectId?: string;
  assignmentId?: string;
  activityTypeId?: string;
  /** no signings are kept: not checked */
  signingId?: string;
  timeStart: string;
  timeEnd?: string;
  trackingJobDate?: string;
  /** break taken, as recorded; at least the legal minimum (requiredBreakTime) is deducted */
  break?: number;
  /** seconds a manager adds to the paid time */
  addedTime?: number;
  /** driving time, paid at the base rate */
  drivingTime?: number;
  location?: {
    latitude?: number;
    longitude?: number;
  };
  logOutLocation?: {
    latitude?: number;
    longitude?: number;
  };
  type?: string;
  offline?: boolean;
  comment?: string;
  /** why a manager added or changed the entry; required on PATCH */
  reason?: string;
  /** the employee's reason for a clock-in outside the start window or far from the object (clockRules) */
  clockInReason?: string;
  /** the device's id of the entry; a repeated upload with the same id is the same entry */
  clientId?: string;
  /** seconds: presence − deducted break + addedTime */
  workingTime?: number;
  /** seconds: the job's target time */
  targetTime?: number;
  /** seconds of break the company's break rule requires */
  requiredBreakTime?: number;
  objectManagerId?: string;
  approved?: boolean;
  cancelled?: boolean;
  /** clocked by the employee (not added by a manager) */
  generatedByUser?: boolean;
  editedByManager?: boolean;
  wasAddedManually?: boolean;
  approvedBy?: string;
  approvedAt?: string;
  cancelledBy?: string;
  cancelledAt?: string;
  /** plausibility codes that apply now (see docs/decisions.md) */
  errors: Array<string>;
  /** every plausibility code ever found on the entry */
  allFoundErrors: Array<string>;
  salaryIds: Array<string>;
  /** the invoice that billed these hours */
  invoiceId?: string;
}

export interface TimeTrackingEntryCreate {
  userId: string;
  jobId?: string | null;
  /** from the job when absent */
  objectId?: string | null;
  assignmentId?: string | null;
  activityTypeId?: string | null;
  /** no signings are kept: not checked */
  signingId?: string | null;
  timeStart: string;
  timeEnd?: string | null;
  trackingJobDate?: string | null;
  /** break taken, as recorded; at least the legal minimum (requiredBreakTime) is deducted */
  break?: number | null;
  /** seconds a manager adds to the paid time */
  addedTime?: number | null;
  /** driving time, paid at the base rate */
  drivingTime?: number | null;
  location?: GeoPoint | null;
  logOutLocation?: GeoPoint | null;
  type?: string | null;
  offline?: boolean | null;
  comment?: string | null;
  /** why a manager added or changed the entry; required on PATCH */
  reason?: string | null;
  /** the employee's reason for a clock-in outside the start window or far from the object (clockRules) */
  clockInReason?: string | null;
  /** the device's id of the entry; a repeated upload with the same id is the same entry */
  clientId?: string | null;
  /** set by the server; accepted and ignored in a write body */
  workingTime?: unknown;
  /** set by the server; accepted and ignored in a write body */
  targetTime?: unknown;
  /** set by the server; accepted and ignored in a write body */
  requiredBreakTime?: unknown;
  /** set by the server; accepted and ignored in a write body */
  objectManagerId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  approved?: unknown;
  /** set by the server; accepted and ignored in a write body */
  cancelled?: unknown;
  /** set by the server; accepted and ignored in a write body */
  generatedByUser?: unknown;
  /** set by the server; accepted and ignored in a write body */
  editedByManager?: unknown;
  /** set by the server; accepted and ignored in a write body */
  wasAddedManually?: unknown;
  /** set by the server; accepted and ignored in a write body */
  approvedBy?: unknown;
  /** set by the server; accepted and ignored in a write body */
  approvedAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  cancelledBy?: unknown;
  /** set by the server; accepted and ignored in a write body */
  cancelledAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  errors?: unknown;
  /** set by the server; accepted and ignored in a write body */
  allFoundErrors?: unknown;
  /** set by the server; accepted and ignored in a write body */
  salaryIds?: unknown;
  /** set by the server; accepted and ignored in a write body */
  invoiceId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface TokenPair {
  accessToken: string;
  tokenType: "Bearer";
  /** seconds until the access token expires */
  expiresIn: number;
  refreshToken?: string;
  user: User;
}

export interface UpdatedResult {
  updated: boolean;
}

export interface User {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  /** login id (used as username to log in) */
  id?: string;
  general?: {
    firstName?: string;
    lastName?: string;
    sex?: string;
    birthDate?: string;
    language?: string;
    insuranceNumber?: string;
    deviceToken?: string;
    webPushToken?: string;
    profileImage?: string;
    description?: string;
    lastNpsScoreSend?: string;
    badges?: Array<{
      type?: string;
      level?: number;
    }>;
    myTutorialUsername?: string;
  };
  access?: {
    dashboardAccess?: boolean;
    webAccess?: string;
    email?: string;
    loginTries?: number;
    passwordChangeDate?: string;
  };
  contract?: {
    /** first day of the contract; a date-time, or a day YYYY-MM-DD (stored and returned as its midnight UTC) */
    startDate?: string;
    /** last day of the contract; a date-time, or a day YYYY-MM-DD (stored and returned as its midnight UTC) */
    endDate?: string;
    department?: string;
    salary?: number;
    salaryType?: string;
    employment?: string;
    /** kind of employment for social insurance; a minijob's month over the limit (minimum wage × 130 / 3, §8 (1a) SGB IV) and pay in the Midijob band (§20 (2) SGB IV) are flagged on the timesheet */
    employmentType?: "fullTime" | "partTime" | "minijob" | "midijob" | "workingStudent";
    /** months (YYYY-MM) the employer recorded as an unforeseeable exceeding of the minijob limit (§8 (1b) SGB IV: at most two in the 12 months ending with the month, pay at most twice the limit) */
    unforeseeableExceedings?: Array<string>;
    payment?: string;
    dailyWorkingHours?: Record<string, unknown>;
    payTypeId?: string;
    /** leave days a year on the working week of vacationDaysBasis; with it the leave account counts (GET /users/{id}/leave) */
    vacationDays?: number;
    /** working days a week on which vacationDays is meant (default 5); converted to the employee's week */
    vacationDaysBasis?: number;
    /** changes of the working week (from a day on); else the days with hours of dailyWorkingHours */
    workingWeeks?: Array<{
      from?: string;
      daysPerWeek?: number;
    }>;
    /** the employer's notice asking the employee to take the year's leave in time (§7 BUrlG, BAG 9 AZR 541/15); without it carried leave does not lapse */
    leaveNotices?: Array<{
      year?: number;
      date?: string;
    }>;
    remainingLeave?: Array<{
      year?: number;
      days?: number;
    }>;
    allowedToTrackDrivingTime?: boolean;
    /** place of work (§2 NachwG) whose public holidays count for leave and pay; the company's holiday region when absent, never the home address; ISO 3166-2 (BY or DE-BY), stored as DE-BY */
    workRegion?: string;
  };
  contact?: {
    telephone?: string;
    mobile?: string;
    email?: string;
    sms?: string;
    website?: string;
    fax?: string;
    smsCount?: number;
    smsChatCount?: number;
    smsSendDate?: string;
    smsSendBy?: string;
    lastSMSStatus?: string;
    secondSmsSendDate?: string;
  };
  address?: {
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    co?: string;
    /** state or region, for public holidays; ISO 3166-2 (BY or DE-BY) or the state's name (Bayern), kept as sent */
    state?: string;
  };
  /** permission role; the company's employee group when absent */
  accessGroupId?: string;
  totalTargetHours?: number;
  jobs: Array<Record<string, unknown>>;
  setUpDone?: boolean;
  location?: {
    latitude?: number;
    longitude?: number;
    location?: {
      type?: "Point";
      coordinates?: Array<number>;
    };
  };
  activityTypeIds: Array<string>;
  implementation?: {
    hasJob?: boolean;
    hasTimeTracking?: boolean;
    isSuccessfullyImplemented?: boolean;
    lastTimeActive?: string;
  };
  workedOnObjectIds: Array<string>;
  tags: Array<string>;
  analytics?: {
    createdProfile?: string;
  };
}

export interface UserCreate {
  /** login id (used as username to log in) */
  id?: string | null;
  /** write-only; 8 to 128 characters, not the user name */
  password?: string | null;
  general?: {
    firstName?: string;
    lastName?: string;
    sex?: string;
    birthDate?: string;
    language?: string;
    insuranceNumber?: string;
    deviceToken?: string;
    webPushToken?: string;
    profileImage?: string;
    description?: string;
    lastNpsScoreSend?: string;
    badges?: Array<{
      type?: string;
      level?: number;
    }>;
    myTutorialUsername?: string;
  } | null;
  access?: {
    dashboardAccess?: boolean;
    webAccess?: string;
    /** also a username to log in */
    email?: string;
    /** set by the server; accepted and ignored in a write body */
    loginTries?: unknown;
    /** set by the server; accepted and ignored in a write body */
    passwordChangeDate?: unknown;
  } | null;
  contract?: {
    /** first day of the contract; a date-time, or a day YYYY-MM-DD (stored and returned as its midnight UTC) */
    startDate?: string;
    /** last day of the contract; a date-time, or a day YYYY-MM-DD (stored and returned as its midnight UTC) */
    endDate?: string;
    department?: string;
    salary?: number;
    salaryType?: string;
    employment?: string;
    /** kind of employment for social insurance; a minijob's month over the limit (minimum wage × 130 / 3, §8 (1a) SGB IV) and pay in the Midijob band (§20 (2) SGB IV) are flagged on the timesheet */
    employmentType?: "fullTime" | "partTime" | "minijob" | "midijob" | "workingStudent";
    /** months (YYYY-MM) the employer recorded as an unforeseeable exceeding of the minijob limit (§8 (1b) SGB IV: at most two in the 12 months ending with the month, pay at most twice the limit) */
    unforeseeableExceedings?: Array<string>;
    payment?: string;
    dailyWorkingHours?: Record<string, unknown>;
    payTypeId?: string;
    /** leave days a year on the working week of vacationDaysBasis; with it the leave account counts (GET /users/{id}/leave) */
    vacationDays?: number;
    /** working days a week on which vacationDays is meant (default 5); converted to the employee's week */
    vacationDaysBasis?: number;
    /** changes of the working week (from a day on); else the days with hours of dailyWorkingHours */
    workingWeeks?: Array<{
      from: string;
      daysPerWeek: number;
    }>;
    /** the employer's notice asking the employee to take the year's leave in time (§7 BUrlG, BAG 9 AZR 541/15); without it carried leave does not lapse */
    leaveNotices?: Array<{
      year: number;
      date: string;
    }>;
    remainingLeave?: Array<{
      year: number;
      days: number;
    }>;
    allowedToTrackDrivingTime?: boolean;
    /** place of work (§2 NachwG) whose public holidays count for leave and pay; the company's holiday region when absent, never the home address; ISO 3166-2 (BY or DE-BY), stored as DE-BY */
    workRegion?: string;
  } | null;
  contact?: {
    telephone?: string;
    mobile?: string;
    email?: string;
    sms?: string;
    website?: string;
    fax?: string;
    smsCount?: number;
    smsChatCount?: number;
    smsSendDate?: string;
    smsSendBy?: string;
    lastSMSStatus?: string;
    secondSmsSendDate?: string;
  } | null;
  address?: {
    street?: string;
    zip?: string;
    city?: string;
    country?: string;
    co?: string;
    /** state or region, for public holidays; ISO 3166-2 (BY or DE-BY) or the state's name (Bayern), kept as sent */
    state?: string;
  } | null;
  /** permission role; the company's employee group when absent */
  accessGroupId?: string | null;
  totalTargetHours?: number | null;
  jobs?: Array<Record<string, unknown>> | null;
  setUpDone?: boolean | null;
  location?: {
    latitude?: number;
    longitude?: number;
    location?: {
      type?: "Point";
      coordinates?: Array<number>;
    };
  } | null;
  activityTypeIds?: Array<string> | null;
  implementation?: {
    hasJob?: boolean;
    hasTimeTracking?: boolean;
    isSuccessfullyImplemented?: boolean;
    lastTimeActive?: string;
  } | null;
  workedOnObjectIds?: Array<string> | null;
  tags?: Array<string> | null;
  analytics?: {
    createdProfile?: string;
  } | null;
  number?: number | null;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface UserPatch {
  id?: string | null;
  password?: string | null;
  general?: {
    firstName?: string | null;
    lastName?: string | null;
    sex?: string | null;
    birthDate?: string | null;
    language?: string | null;
    insuranceNumber?: string | null;
    deviceToken?: string | null;
    webPushToken?: string | null;
    profileImage?: string | null;
    description?: string | null;
    lastNpsScoreSend?: string | null;
    badges?: Array<{
      type?: string;
      level?: number;
    }> | null;
    myTutorialUsername?: string | null;
  } | null;
  access?: {
    dashboardAccess?: boolean | null;
    webAccess?: string | null;
    email?: string | null;
    loginTries?: unknown | null;
    passwordChangeDate?: unknown | null;
  } | null;
  contract?: {
    startDate?: string | null;
    endDate?: string | null;
    department?: string | null;
    salary?: number | null;
    salaryType?: string | null;
    employment?: string | null;
    employmentType?: ("fullTime" | "partTime" | "minijob" | "midijob" | "workingStudent") | null;
    unforeseeableExceedings?: Array<string> | null;
    payment?: string | null;
    dailyWorkingHours?: Record<string, unknown> | null;
    payTypeId?: string | null;
    vacationDays?: number | null;
    vacationDaysBasis?: number | null;
    workingWeeks?: Array<{
      from: string;
      daysPerWeek: number;
    }> | null;
    leaveNotices?: Array<{
      year: number;
      date: string;
    }> | null;
    remainingLeave?: Array<{
      year: number;
      days: number;
    }> | null;
    allowedToTrackDrivingTime?: boolean | null;
    workRegion?: string | null;
  } | null;
  contact?: {
    telephone?: string | null;
    mobile?: string | null;
    email?: string | null;
    sms?: string | null;
    website?: string | null;
    fax?: string | null;
    smsCount?: number | null;
    smsChatCount?: number | null;
    smsSendDate?: string | null;
    smsSendBy?: string | null;
    lastSMSStatus?: string | null;
    secondSmsSendDate?: string | null;
  } | null;
  address?: {
    street?: string | null;
    zip?: string | null;
    city?: string | null;
    country?: string | null;
    co?: string | null;
    state?: string | null;
  } | null;
  accessGroupId?: string | null;
  totalTargetHours?: number | null;
  jobs?: Array<Record<string, unknown>> | null;
  setUpDone?: boolean | null;
  location?: {
    latitude?: number | null;
    longitude?: number | null;
    location?: {
      type?: "Point" | null;
      coordinates?: Array<number> | null;
    } | null;
  } | null;
  activityTypeIds?: Array<string> | null;
  implementation?: {
    hasJob?: boolean | null;
    hasTimeTracking?: boolean | null;
    isSuccessfullyImplemented?: boolean | null;
    lastTimeActive?: string | null;
  } | null;
  workedOnObjectIds?: Array<string> | null;
  tags?: Array<string> | null;
  analytics?: {
    createdProfile?: string | null;
  } | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface Webhook {
  /** unique id (ObjectId) */
  _id: string;
  /** unique number of the record within its company */
  number: number;
  /** owning company */
  companyId: string;
  status: EntityStatus;
  /** chat attached to the record; absent for records without one */
  chatId?: string;
  type: "CREATE" | "UPDATE" | "DELETE" | "ABSENCE_APPROVED" | "ABSENCE_CANCELED" | "OPEN";
  entity: "user" | "customer" | "customerobject" | "materialorder" | "absence" | "complaint" | "article" | "salary" | "job" | "qualitycontrol" | "invoice" | "offer" | "credit" | "invoicestorno" | "servicereport" | "payment" | "contact" | "equipment" | "task";
  /** https (http only where the operator allows it); no private or loopback targets */
  url: string;
  description?: string;
  /** set when deliveries kept failing */
  disabledAt?: string;
  disabledReason?: string;
}

export interface WebhookCreate {
  type: "CREATE" | "UPDATE" | "DELETE" | "ABSENCE_APPROVED" | "ABSENCE_CANCELED" | "OPEN";
  entity: "user" | "customer" | "customerobject" | "materialorder" | "absence" | "complaint" | "article" | "salary" | "job" | "qualitycontrol" | "invoice" | "offer" | "credit" | "invoicestorno" | "servicereport" | "payment" | "contact" | "equipment" | "task";
  /** https (http only where the operator allows it); no private or loopback targets */
  url: string;
  description?: string | null;
  /** set by the server; accepted and ignored in a write body */
  disabledAt?: unknown;
  /** set by the server; accepted and ignored in a write body */
  disabledReason?: unknown;
  /** set by the server; accepted and ignored in a write body */
  _id?: unknown;
  /** set by the server; accepted and ignored in a write body */
  number?: unknown;
  /** set by the server; accepted and ignored in a write body */
  companyId?: unknown;
  /** set by the server; accepted and ignored in a write body */
  status?: unknown;
  /** set by the server; accepted and ignored in a write body */
  chatId?: unknown;
}

export interface WebhookPatch {
  type?: ("CREATE" | "UPDATE" | "DELETE" | "ABSENCE_APPROVED" | "ABSENCE_CANCELED" | "OPEN") | null;
  entity?: ("user" | "customer" | "customerobject" | "materialorder" | "absence" | "complaint" | "article" | "salary" | "job" | "qualitycontrol" | "invoice" | "offer" | "credit" | "invoicestorno" | "servicereport" | "payment" | "contact" | "equipment" | "task") | null;
  url?: string | null;
  description?: string | null;
  disabledAt?: unknown | null;
  disabledReason?: unknown | null;
  _id?: unknown | null;
  number?: unknown | null;
  companyId?: unknown | null;
  status?: unknown | null;
  chatId?: unknown | null;
}

export interface WebhookSecret {
  _id: string;
  /** whsec_...; shown this once */
  secret: string;
}

/** Every operation: its path and query parameters, request body and success response. */
export interface Operations {
  /** Approve: affected jobs, paid time, salaries, leave; ABSENCE_APPROVED — POST /v2/absences/{id}/approve */
  "absences.approve": {
    method: "POST";
    path: "/v2/absences/{id}/approve";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: {
      _id: string;
      state: string;
      affectedJobs: Array<string>;
      isAssigned: boolean;
    };
  };
  /** Assign a replacement for the absence's jobs — POST /v2/absences/{id}/replacements */
  "absences.assignReplacement": {
    method: "POST";
    path: "/v2/absences/{id}/replacements";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      userId: string;
      jobIds?: Array<string>;
      /** every job of the absence still without a replacement */
      all?: boolean;
    };
    response: {
      replacements: Array<{
        jobId: string;
        replacementJobId: string;
        userId: string;
      }>;
      isAssigned: boolean;
      state: string;
    };
  };
  /** Cancel: an approved absence gives its jobs back (ABSENCE_CANCELED) — POST /v2/absences/{id}/cancel */
  "absences.cancel": {
    method: "POST";
    path: "/v2/absences/{id}/cancel";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: UpdatedResult;
  };
  /** Create an absence — POST /v2/absences/ */
  "absences.create": {
    method: "POST";
    path: "/v2/absences/";
    pathParams: undefined;
    query: undefined;
    body: AbsenceCreate;
    response: IdResult;
  };
  /** Decline an open absence — POST /v2/absences/{id}/decline */
  "absences.decline": {
    method: "POST";
    path: "/v2/absences/{id}/decline";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      declineComment?: string;
    };
    response: UpdatedResult;
  };
  /** Delete an absence — DELETE /v2/absences/{id} */
  "absences.delete": {
    method: "DELETE";
    path: "/v2/absences/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read an absence — GET /v2/absences/{id} */
  "absences.get": {
    method: "GET";
    path: "/v2/absences/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Absence;
  };
  /** List absences — GET /v2/absences/ */
  "absences.list": {
    method: "GET";
    path: "/v2/absences/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on state (string); a comma list or the parameter repeated */
      state?: Array<string>;
      /** filter on approvedBy (objectid); a comma list or the parameter repeated */
      approvedBy?: Array<string>;
      /** filter on declinedBy (objectid); a comma list or the parameter repeated */
      declinedBy?: Array<string>;
      /** filter on cancelledBy (objectid); a comma list or the parameter repeated */
      cancelledBy?: Array<string>;
      /** filter on declineComment (string) */
      declineComment?: string;
      /** filter on approvedAt (date) */
      approvedAt?: string;
      /** approvedAt at or after */
      approvedAtFrom?: string;
      /** approvedAt at or before */
      approvedAtTo?: string;
      /** filter on cancelledAt (date) */
      cancelledAt?: string;
      /** cancelledAt at or after */
      cancelledAtFrom?: string;
      /** cancelledAt at or before */
      cancelledAtTo?: string;
      /** filter on daysAbsentManual (boolean) */
      daysAbsentManual?: string;
      /** filter on affectedJobs (string[]); a comma list or the parameter repeated */
      affectedJobs?: Array<string>;
      /** filter on affectedObjectIds (string[]); a comma list or the parameter repeated */
      affectedObjectIds?: Array<string>;
      /** filter on isAssigned (boolean) */
      isAssigned?: string;
      /** filter on salaryIds (string[]); a comma list or the parameter repeated */
      salaryIds?: Array<string>;
      /** filter on periodFrom (date) */
      periodFrom?: string;
      /** periodFrom at or after */
      periodFromFrom?: string;
      /** periodFrom at or before */
      periodFromTo?: string;
      /** filter on periodTo (date) */
      periodTo?: string;
      /** periodTo at or after */
      periodToFrom?: string;
      /** periodTo at or before */
      periodToTo?: string;
      /** filter on userId (objectid); a comma list or the parameter repeated */
      userId?: Array<string>;
      /** states (open, approved, declined, assigned, cancelled) as the spec lists them, or absence type numbers; comma list; a comma list or the parameter repeated */
      type?: Array<string>;
      /** type at or after */
      typeFrom?: string;
      /** type at or before */
      typeTo?: string;
      /** filter on payTypeAbsenceId (objectid); a comma list or the parameter repeated */
      payTypeAbsenceId?: Array<string>;
      /** filter on calculationType (string); a comma list or the parameter repeated */
      calculationType?: Array<string>;
      /** filter on desc (string) */
      desc?: string;
      /** filter on dtStart (date) */
      dtStart?: string;
      /** dtStart at or after */
      dtStartFrom?: string;
      /** dtStart at or before */
      dtStartTo?: string;
      /** filter on dtEnd (date) */
      dtEnd?: string;
      /** dtEnd at or after */
      dtEndFrom?: string;
      /** dtEnd at or before */
      dtEndTo?: string;
      /** filter on fullDay (boolean) */
      fullDay?: string;
      /** filter on daysAbsent (number); a comma list or the parameter repeated */
      daysAbsent?: Array<string>;
      /** daysAbsent at or after */
      daysAbsentFrom?: string;
      /** daysAbsent at or before */
      daysAbsentTo?: string;
      /** filter on attachments (string[]); a comma list or the parameter repeated */
      attachments?: Array<string>;
      /** filter on imageIds (string[]); a comma list or the parameter repeated */
      imageIds?: Array<string>;
      /** filter on objectManagerIds (string[]); a comma list or the parameter repeated */
      objectManagerIds?: Array<string>;
      /** filter on sendEmailToCustomer (boolean) */
      sendEmailToCustomer?: string;
      /** filter on sameCauseAs (objectid); a comma list or the parameter repeated */
      sameCauseAs?: Array<string>;
      /** state: open, approved, declined, assigned, cancelled (comma list); a comma list or the parameter repeated */
      status?: Array<string>;
      /** absence ids, comma-separated; a comma list or the parameter repeated */
      ids?: Array<string>;
      /** pay type ids, comma-separated; a comma list or the parameter repeated */
      payTypeAbsenceIds?: Array<string>;
      /** ends at or after */
      endDateFrom?: string;
      /** ends at or before */
      endDateTo?: string;
      /** starts at or after */
      startDateFrom?: string;
      /** starts at or before */
      startDateTo?: string;
      /** two timestamps from,to: absences starting within */
      period?: string;
      /** user ids, comma-separated; a comma list or the parameter repeated */
      userIds?: Array<string>;
    };
    body: undefined;
    response: Array<Absence>;
  };
  /** The authenticated user's absences — GET /v2/absences/self */
  "absences.listOwn": {
    method: "GET";
    path: "/v2/absences/self";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on state (string); a comma list or the parameter repeated */
      state?: Array<string>;
      /** filter on approvedBy (objectid); a comma list or the parameter repeated */
      approvedBy?: Array<string>;
      /** filter on declinedBy (objectid); a comma list or the parameter repeated */
      declinedBy?: Array<string>;
      /** filter on cancelledBy (objectid); a comma list or the parameter repeated */
      cancelledBy?: Array<string>;
      /** filter on declineComment (string) */
      declineComment?: string;
      /** filter on approvedAt (date) */
      approvedAt?: string;
      /** approvedAt at or after */
      approvedAtFrom?: string;
      /** approvedAt at or before */
      approvedAtTo?: string;
      /** filter on cancelledAt (date) */
      cancelledAt?: string;
      /** cancelledAt at or after */
      cancelledAtFrom?: string;
      /** cancelledAt at or before */
      cancelledAtTo?: string;
      /** filter on daysAbsentManual (boolean) */
      daysAbsentManual?: string;
      /** filter on affectedJobs (string[]); a comma list or the parameter repeated */
      affectedJobs?: Array<string>;
      /** filter on affectedObjectIds (string[]); a comma list or the parameter repeated */
      affectedObjectIds?: Array<string>;
      /** filter on isAssigned (boolean) */
      isAssigned?: string;
      /** filter on salaryIds (string[]); a comma list or the parameter repeated */
      salaryIds?: Array<string>;
      /** filter on periodFrom (date) */
      periodFrom?: string;
      /** periodFrom at or after */
      periodFromFrom?: string;
      /** periodFrom at or before */
      periodFromTo?: string;
      /** filter on periodTo (date) */
      periodTo?: string;
      /** periodTo at or after */
      periodToFrom?: string;
      /** periodTo at or before */
      periodToTo?: string;
      /** filter on userId (objectid); a comma list or the parameter repeated */
      userId?: Array<string>;
      /** states (open, approved, declined, assigned, cancelled) as the spec lists them, or absence type numbers; comma list; a comma list or the parameter repeated */
      type?: Array<string>;
      /** type at or after */
      typeFrom?: string;
      /** type at or before */
      typeTo?: string;
      /** filter on payTypeAbsenceId (objectid); a comma list or the parameter repeated */
      payTypeAbsenceId?: Array<string>;
      /** filter on calculationType (string); a comma list or the parameter repeated */
      calculationType?: Array<string>;
      /** filter on desc (string) */
      desc?: string;
      /** filter on dtStart (date) */
      dtStart?: string;
      /** dtStart at or after */
      dtStartFrom?: string;
      /** dtStart at or before */
      dtStartTo?: string;
      /** filter on dtEnd (date) */
      dtEnd?: string;
      /** dtEnd at or after */
      dtEndFrom?: string;
      /** dtEnd at or before */
      dtEndTo?: string;
      /** filter on fullDay (boolean) */
      fullDay?: string;
      /** filter on daysAbsent (number); a comma list or the parameter repeated */
      daysAbsent?: Array<string>;
      /** daysAbsent at or after */
      daysAbsentFrom?: string;
      /** daysAbsent at or before */
      daysAbsentTo?: string;
      /** filter on attachments (string[]); a comma list or the parameter repeated */
      attachments?: Array<string>;
      /** filter on imageIds (string[]); a comma list or the parameter repeated */
      imageIds?: Array<string>;
      /** filter on objectManagerIds (string[]); a comma list or the parameter repeated */
      objectManagerIds?: Array<string>;
      /** filter on sendEmailToCustomer (boolean) */
      sendEmailToCustomer?: string;
      /** filter on sameCauseAs (objectid); a comma list or the parameter repeated */
      sameCauseAs?: Array<string>;
      /** state: open, approved, declined, assigned, cancelled (comma list); a comma list or the parameter repeated */
      status?: Array<string>;
      /** absence ids, comma-separated; a comma list or the parameter repeated */
      ids?: Array<string>;
      /** pay type ids, comma-separated; a comma list or the parameter repeated */
      payTypeAbsenceIds?: Array<string>;
      /** ends at or after */
      endDateFrom?: string;
      /** ends at or before */
      endDateTo?: string;
      /** starts at or after */
      startDateFrom?: string;
      /** starts at or before */
      startDateTo?: string;
      /** two timestamps from,to: absences starting within */
      period?: string;
      /** user ids, comma-separated; a comma list or the parameter repeated */
      userIds?: Array<string>;
    };
    body: undefined;
    response: Array<Absence>;
  };
  /** Employees who could replace, best first — GET /v2/absences/{id}/replacementCandidates */
  "absences.listReplacementCandidates": {
    method: "GET";
    path: "/v2/absences/{id}/replacementCandidates";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Array<{
      userId: string;
      name: string;
      score: number;
      freeForJobIds: Array<string>;
      conflictingJobIds: Array<string>;
      workedOnObjectIds: Array<string>;
      matchingActivityTypeIds: Array<string>;
      hoursThisWeek: number;
    }>;
  };
  /** Update an absence (only the supplied fields) — PATCH /v2/absences/{id} */
  "absences.update": {
    method: "PATCH";
    path: "/v2/absences/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      dtStart?: string | null;
      dtEnd?: string | null;
      daysAbsent?: number | null;
      type?: number | null;
      desc?: string | null;
      payTypeAbsenceId?: string | null;
      calculationType?: ("plannedJobs" | "contractHours" | "none") | null;
      imageIds?: Array<string> | null;
      sameCauseAs?: string | null;
      userId?: string | null;
      fullDay?: boolean | null;
      attachments?: Array<string> | null;
      objectManagerIds?: Array<string> | null;
      state?: unknown | null;
      approvedBy?: unknown | null;
      declinedBy?: unknown | null;
      cancelledBy?: unknown | null;
      declineComment?: unknown | null;
      approvedAt?: unknown | null;
      cancelledAt?: unknown | null;
      daysAbsentManual?: unknown | null;
      affectedJobs?: unknown | null;
      affectedObjectIds?: unknown | null;
      isAssigned?: unknown | null;
      absencePaidTimeArray?: unknown | null;
      replacements?: unknown | null;
      salaryIds?: unknown | null;
      leaveBooked?: unknown | null;
      customerNotifications?: unknown | null;
      periodFrom?: unknown | null;
      periodTo?: unknown | null;
      _id?: unknown | null;
      number?: unknown | null;
      companyId?: unknown | null;
      status?: unknown | null;
      chatId?: unknown | null;
    };
    response: UpdatedResult;
  };
  /** Create an access group — POST /v2/accessGroups/ */
  "accessGroups.create": {
    method: "POST";
    path: "/v2/accessGroups/";
    pathParams: undefined;
    query: undefined;
    body: AccessGroupCreate;
    response: IdResult;
  };
  /** Delete an access group — DELETE /v2/accessGroups/{id} */
  "accessGroups.delete": {
    method: "DELETE";
    path: "/v2/accessGroups/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read an access group — GET /v2/accessGroups/{id} */
  "accessGroups.get": {
    method: "GET";
    path: "/v2/accessGroups/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: AccessGroup;
  };
  /** List accessGroups — GET /v2/accessGroups/ */
  "accessGroups.list": {
    method: "GET";
    path: "/v2/accessGroups/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on description (string) */
      description?: string;
      /** filter on permissions.users.read (string); a comma list or the parameter repeated */
      "permissions.users.read"?: Array<string>;
      /** filter on permissions.users.write (string); a comma list or the parameter repeated */
      "permissions.users.write"?: Array<string>;
      /** filter on permissions.accessGroups.read (string); a comma list or the parameter repeated */
      "permissions.accessGroups.read"?: Array<string>;
      /** filter on permissions.accessGroups.write (string); a comma list or the parameter repeated */
      "permissions.accessGroups.write"?: Array<string>;
      /** filter on permissions.apiKeys.read (string); a comma list or the parameter repeated */
      "permissions.apiKeys.read"?: Array<string>;
      /** filter on permissions.apiKeys.write (string); a comma list or the parameter repeated */
      "permissions.apiKeys.write"?: Array<string>;
      /** filter on permissions.company.read (string); a comma list or the parameter repeated */
      "permissions.company.read"?: Array<string>;
      /** filter on permissions.company.write (string); a comma list or the parameter repeated */
      "permissions.company.write"?: Array<string>;
      /** filter on permissions.webhooks.read (string); a comma list or the parameter repeated */
      "permissions.webhooks.read"?: Array<string>;
      /** filter on permissions.webhooks.write (string); a comma list or the parameter repeated */
      "permissions.webhooks.write"?: Array<string>;
      /** filter on permissions.customers.read (string); a comma list or the parameter repeated */
      "permissions.customers.read"?: Array<string>;
      /** filter on permissions.customers.write (string); a comma list or the parameter repeated */
      "permissions.customers.write"?: Array<string>;
      /** filter on permissions.objects.read (string); a comma list or the parameter repeated */
      "permissions.objects.read"?: Array<string>;
      /** filter on permissions.objects.write (string); a comma list or the parameter repeated */
      "permissions.objects.write"?: Array<string>;
      /** filter on permissions.contacts.read (string); a comma list or the parameter repeated */
      "permissions.contacts.read"?: Array<string>;
      /** filter on permissions.contacts.write (string); a comma list or the parameter repeated */
      "permissions.contacts.write"?: Array<string>;
      /** filter on permissions.activityTypes.read (string); a comma list or the parameter repeated */
      "permissions.activityTypes.read"?: Array<string>;
      /** filter on permissions.activityTypes.write (string); a comma list or the parameter repeated */
      "permissions.activityTypes.write"?: Array<string>;
      /** filter on permissions.taxRates.read (string); a comma list or the parameter repeated */
      "permissions.taxRates.read"?: Array<string>;
      /** filter on permissions.taxRates.write (string); a comma list or the parameter repeated */
      "permissions.taxRates.write"?: Array<string>;
      /** filter on permissions.paymentTerms.read (string); a comma list or the parameter repeated */
      "permissions.paymentTerms.read"?: Array<string>;
      /** filter on permissions.paymentTerms.write (string); a comma list or the parameter repeated */
      "permissions.paymentTerms.write"?: Array<string>;
      /** filter on permissions.articles.read (string); a comma list or the parameter repeated */
      "permissions.articles.read"?: Array<string>;
      /** filter on permissions.articles.write (string); a comma list or the parameter repeated */
      "permissions.articles.write"?: Array<string>;
      /** filter on permissions.suppliers.read (string); a comma list or the parameter repeated */
      "permissions.suppliers.read"?: Array<string>;
      /** filter on permissions.suppliers.write (string); a comma list or the parameter repeated */
      "permissions.suppliers.write"?: Array<string>;
      /** filter on permissions.serviceProducts.read (string); a comma list or the parameter repeated */
      "permissions.serviceProducts.read"?: Array<string>;
      /** filter on permissions.serviceProducts.write (string); a comma list or the parameter repeated */
      "permissions.serviceProducts.write"?: Array<string>;
      /** filter on permissions.equipment.read (string); a comma list or the parameter repeated */
      "permissions.equipment.read"?: Array<string>;
      /** filter on permissions.equipment.write (string); a comma list or the parameter repeated */
      "permissions.equipment.write"?: Array<string>;
      /** filter on permissions.jobs.read (string); a comma list or the parameter repeated */
      "permissions.jobs.read"?: Array<string>;
      /** filter on permissions.jobs.write (string); a comma list or the parameter repeated */
      "permissions.jobs.write"?: Array<string>;
      /** filter on permissions.assignments.read (string); a comma list or the parameter repeated */
      "permissions.assignments.read"?: Array<string>;
      /** filter on permissions.assignments.write (string); a comma list or the parameter repeated */
      "permissions.assignments.write"?: Array<string>;
      /** filter on permissions.timeTracking.read (string); a comma list or the parameter repeated */
      "permissions.timeTracking.read"?: Array<string>;
      /** filter on permissions.timeTracking.write (string); a comma list or the parameter repeated */
      "permissions.timeTracking.write"?: Array<string>;
      /** filter on permissions.salaries.read (string); a comma list or the parameter repeated */
      "permissions.salaries.read"?: Array<string>;
      /** filter on permissions.salaries.write (string); a comma list or the parameter repeated */
      "permissions.salaries.write"?: Array<string>;
      /** filter on permissions.payTypes.read (string); a comma list or the parameter repeated */
      "permissions.payTypes.read"?: Array<string>;
      /** filter on permissions.payTypes.write (string); a comma list or the parameter repeated */
      "permissions.payTypes.write"?: Array<string>;
      /** filter on permissions.surcharges.read (string); a comma list or the parameter repeated */
      "permissions.surcharges.read"?: Array<string>;
      /** filter on permissions.surcharges.write (string); a comma list or the parameter repeated */
      "permissions.surcharges.write"?: Array<string>;
      /** filter on permissions.holidays.read (string); a comma list or the parameter repeated */
      "permissions.holidays.read"?: Array<string>;
      /** filter on permissions.holidays.write (string); a comma list or the parameter repeated */
      "permissions.holidays.write"?: Array<string>;
      /** filter on permissions.absences.read (string); a comma list or the parameter repeated */
      "permissions.absences.read"?: Array<string>;
      /** filter on permissions.absences.write (string); a comma list or the parameter repeated */
      "permissions.absences.write"?: Array<string>;
      /** filter on permissions.tasks.read (string); a comma list or the parameter repeated */
      "permissions.tasks.read"?: Array<string>;
      /** filter on permissions.tasks.write (string); a comma list or the parameter repeated */
      "permissions.tasks.write"?: Array<string>;
      /** filter on permissions.complaints.read (string); a comma list or the parameter repeated */
      "permissions.complaints.read"?: Array<string>;
      /** filter on permissions.complaints.write (string); a comma list or the parameter repeated */
      "permissions.complaints.write"?: Array<string>;
      /** filter on permissions.documents.read (string); a comma list or the parameter repeated */
      "permissions.documents.read"?: Array<string>;
      /** filter on permissions.documents.write (string); a comma list or the parameter repeated */
      "permissions.documents.write"?: Array<string>;
      /** filter on permissions.materialOrders.read (string); a comma list or the parameter repeated */
      "permissions.materialOrders.read"?: Array<string>;
      /** filter on permissions.materialOrders.write (string); a comma list or the parameter repeated */
      "permissions.materialOrders.write"?: Array<string>;
      /** filter on permissions.qualityControl.read (string); a comma list or the parameter repeated */
      "permissions.qualityControl.read"?: Array<string>;
      /** filter on permissions.qualityControl.write (string); a comma list or the parameter repeated */
      "permissions.qualityControl.write"?: Array<string>;
      /** filter on permissions.invoicing.read (string); a comma list or the parameter repeated */
      "permissions.invoicing.read"?: Array<string>;
      /** filter on permissions.invoicing.write (string); a comma list or the parameter repeated */
      "permissions.invoicing.write"?: Array<string>;
      /** filter on permissions.notifications.read (string); a comma list or the parameter repeated */
      "permissions.notifications.read"?: Array<string>;
      /** filter on permissions.notifications.write (string); a comma list or the parameter repeated */
      "permissions.notifications.write"?: Array<string>;
    };
    body: undefined;
    response: Array<AccessGroup>;
  };
  /** Update an access group — PATCH /v2/accessGroups/{id} */
  "accessGroups.update": {
    method: "PATCH";
    path: "/v2/accessGroups/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: AccessGroupPatch;
    response: UpdatedResult;
  };
  /** Change the password; ends the user's other sessions — POST /v2/account/change-password */
  "account.changePassword": {
    method: "POST";
    path: "/v2/account/change-password";
    pathParams: undefined;
    query: undefined;
    body: {
      currentPassword: string;
      newPassword: string;
    };
    response: UpdatedResult;
  };
  /** Accounting export of a period (DATEV Buchungsstapel or CSV) — GET /v2/accounting/export */
  "accounting.export": {
    method: "GET";
    path: "/v2/accounting/export";
    pathParams: undefined;
    query: {
      /** first day, YYYY-MM-DD (document date, payment date) */
      from: string;
      /** last day, YYYY-MM-DD */
      to: string;
      format?: "datev" | "csv";
    };
    body: undefined;
    response: ArrayBuffer;
  };
  /** Create an activity type — POST /v2/activityTypes/ */
  "activityTypes.create": {
    method: "POST";
    path: "/v2/activityTypes/";
    pathParams: undefined;
    query: undefined;
    body: ActivityTypeCreate;
    response: IdResult;
  };
  /** Delete an activity type — DELETE /v2/activityTypes/{id} */
  "activityTypes.delete": {
    method: "DELETE";
    path: "/v2/activityTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read an activity type — GET /v2/activityTypes/{id} */
  "activityTypes.get": {
    method: "GET";
    path: "/v2/activityTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ActivityType;
  };
  /** List activityTypes — GET /v2/activityTypes/ */
  "activityTypes.list": {
    method: "GET";
    path: "/v2/activityTypes/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on hexCode (string) */
      hexCode?: string;
      /** filter on description (string) */
      description?: string;
    };
    body: undefined;
    response: Array<ActivityType>;
  };
  /** Update an activity type — PATCH /v2/activityTypes/{id} */
  "activityTypes.update": {
    method: "PATCH";
    path: "/v2/activityTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: ActivityTypePatch;
    response: UpdatedResult;
  };
  /** Create an API key — POST /v2/apiKeys */
  "apiKeys.create": {
    method: "POST";
    path: "/v2/apiKeys";
    pathParams: undefined;
    query: undefined;
    body: {
      name: string;
      scopes: Array<"read" | "write" | "admin">;
      expiresAt?: string;
    };
    response: ApiKeyCreated;
  };
  /** Revoke an API key — DELETE /v2/apiKeys/{id} */
  "apiKeys.delete": {
    method: "DELETE";
    path: "/v2/apiKeys/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** List API keys (never the key itself) — GET /v2/apiKeys */
  "apiKeys.list": {
    method: "GET";
    path: "/v2/apiKeys";
    pathParams: undefined;
    query: {
      limit?: number;
      offset?: number;
    };
    body: undefined;
    response: Array<ApiKey>;
  };
  /** Create an article — POST /v2/articles/ */
  "articles.create": {
    method: "POST";
    path: "/v2/articles/";
    pathParams: undefined;
    query: undefined;
    body: ArticleCreate;
    response: IdResult;
  };
  /** Delete an article — DELETE /v2/articles/{id} */
  "articles.delete": {
    method: "DELETE";
    path: "/v2/articles/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Export articles as CSV — GET /v2/articles/export.csv */
  "articles.exportCsv": {
    method: "GET";
    path: "/v2/articles/export.csv";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** Read an article — GET /v2/articles/{id} */
  "articles.get": {
    method: "GET";
    path: "/v2/articles/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Article;
  };
  /** The last article number used — GET /v2/articles/lastNumber */
  "articles.getLastNumber": {
    method: "GET";
    path: "/v2/articles/lastNumber";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: {
      lastNumber: number;
    };
  };
  /** List articles — GET /v2/articles/ */
  "articles.list": {
    method: "GET";
    path: "/v2/articles/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on description (string) */
      description?: string;
      /** filter on unit (string) */
      unit?: string;
      /** filter on price (number); a comma list or the parameter repeated */
      price?: Array<string>;
      /** price at or after */
      priceFrom?: string;
      /** price at or before */
      priceTo?: string;
      /** filter on purchasePrice (number); a comma list or the parameter repeated */
      purchasePrice?: Array<string>;
      /** purchasePrice at or after */
      purchasePriceFrom?: string;
      /** purchasePrice at or before */
      purchasePriceTo?: string;
      /** filter on taxRateId (objectid); a comma list or the parameter repeated */
      taxRateId?: Array<string>;
      /** filter on supplierId (objectid); a comma list or the parameter repeated */
      supplierId?: Array<string>;
      /** filter on ean (string) */
      ean?: string;
      /** filter on tags (string[]); a comma list or the parameter repeated */
      tags?: Array<string>;
    };
    body: undefined;
    response: Array<Article>;
  };
  /** Update an article — PATCH /v2/articles/{id} */
  "articles.update": {
    method: "PATCH";
    path: "/v2/articles/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: ArticlePatch;
    response: UpdatedResult;
  };
  /** A link for the customer to sign the assignment confirmation (shown once; single use; expires) — POST /v2/assignmentConfirmations/{id}/clientLink */
  "assignmentConfirmations.clientLink": {
    method: "POST";
    path: "/v2/assignmentConfirmations/{id}/clientLink";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      expiresInHours?: number;
    };
    response: {
      token: string;
      path: string;
      expiresAt: string;
    };
  };
  /** The customer confirmed the sent assignment confirmation (set by the office) — POST /v2/assignmentConfirmations/{id}/confirm */
  "assignmentConfirmations.confirm": {
    method: "POST";
    path: "/v2/assignmentConfirmations/{id}/confirm";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: UpdatedResult;
  };
  /** Create an assignment confirmation — POST /v2/assignmentConfirmations/ */
  "assignmentConfirmations.create": {
    method: "POST";
    path: "/v2/assignmentConfirmations/";
    pathParams: undefined;
    query: undefined;
    body: AssignmentConfirmationCreate;
    response: IdResult;
  };
  /** Delete an assignment confirmation — DELETE /v2/assignmentConfirmations/{id} */
  "assignmentConfirmations.delete": {
    method: "DELETE";
    path: "/v2/assignmentConfirmations/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read an assignment confirmation — GET /v2/assignmentConfirmations/{id} */
  "assignmentConfirmations.get": {
    method: "GET";
    path: "/v2/assignmentConfirmations/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: AssignmentConfirmation;
  };
  /** The assignment confirmation as PDF — GET /v2/assignmentConfirmations/{id}/pdf */
  "assignmentConfirmations.getPdf": {
    method: "GET";
    path: "/v2/assignmentConfirmations/{id}/pdf";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** Issue the assignment confirmation: its number (gapless), seller and buyer are fixed from now on — POST /v2/assignmentConfirmations/{id}/issue */
  "assignmentConfirmations.issue": {
    method: "POST";
    path: "/v2/assignmentConfirmations/{id}/issue";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: {
      _id: string;
      documentNumber: string;
    };
  };
  /** List assignmentConfirmations — GET /v2/assignmentConfirmations/ */
  "assignmentConfirmations.list": {
    method: "GET";
    path: "/v2/assignmentConfirmations/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** document number (exact) or its part */
      number?: string;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on state (string) */
      state?: string;
      /** filter on documentNumber (string) */
      documentNumber?: string;
      /** filter on issuedAt (date) */
      issuedAt?: string;
      /** issuedAt at or after */
      issuedAtFrom?: string;
      /** issuedAt at or before */
      issuedAtTo?: string;
      /** filter on dueDate (string) */
      dueDate?: string;
      /** filter on currency (string) */
      currency?: string;
      /** filter on netAmount (number); a comma list or the parameter repeated */
      netAmount?: Array<string>;
      /** netAmount at or after */
      netAmountFrom?: string;
      /** netAmount at or before */
      netAmountTo?: string;
      /** filter on taxAmount (number); a comma list or the parameter repeated */
      taxAmount?: Array<string>;
      /** taxAmount at or after */
      taxAmountFrom?: string;
      /** taxAmount at or before */
      taxAmountTo?: string;
      /** filter on grossAmount (number); a comma list or the parameter repeated */
      grossAmount?: Array<string>;
      /** grossAmount at or after */
      grossAmountFrom?: string;
      /** grossAmount at or before */
      grossAmountTo?: string;
      /** filter on seller.name (string) */
      "seller.name"?: string;
      /** filter on seller.street (string) */
      "seller.street"?: string;
      /** filter on seller.zip (string) */
      "seller.zip"?: string;
      /** filter on seller.city (string) */
      "seller.city"?: string;
      /** filter on seller.country (string) */
      "seller.country"?: string;
      /** filter on seller.vatId (string) */
      "seller.vatId"?: string;
      /** filter on seller.taxNumber (string) */
      "seller.taxNumber"?: string;
      /** filter on seller.email (string) */
      "seller.email"?: string;
      /** filter on seller.phone (string) */
      "seller.phone"?: string;
      /** filter on seller.iban (string) */
      "seller.iban"?: string;
      /** filter on seller.bic (string) */
      "seller.bic"?: string;
      /** filter on seller.bankName (string) */
      "seller.bankName"?: string;
      /** filter on seller.registration (string) */
      "seller.registration"?: string;
      /** filter on seller.managingDirector (string) */
      "seller.managingDirector"?: string;
      /** filter on seller.contactName (string) */
      "seller.contactName"?: string;
      /** filter on seller.electronicAddress (string) */
      "seller.electronicAddress"?: string;
      /** filter on seller.sellerIdentifier (string) */
      "seller.sellerIdentifier"?: string;
      /** filter on buyer.customerId (string) */
      "buyer.customerId"?: string;
      /** filter on buyer.number (number); a comma list or the parameter repeated */
      "buyer.number"?: Array<string>;
      /** buyer.number at or after */
      "buyer.numberFrom"?: string;
      /** buyer.number at or before */
      "buyer.numberTo"?: string;
      /** filter on buyer.name (string) */
      "buyer.name"?: string;
      /** filter on buyer.contactPerson (string) */
      "buyer.contactPerson"?: string;
      /** filter on buyer.address.street (string) */
      "buyer.address.street"?: string;
      /** filter on buyer.address.zip (string) */
      "buyer.address.zip"?: string;
      /** filter on buyer.address.city (string) */
      "buyer.address.city"?: string;
      /** filter on buyer.address.country (string) */
      "buyer.address.country"?: string;
      /** filter on buyer.address.co (string) */
      "buyer.address.co"?: string;
      /** filter on buyer.address.state (string) */
      "buyer.address.state"?: string;
      /** filter on buyer.email (string) */
      "buyer.email"?: string;
      /** filter on buyer.vatNumber (string) */
      "buyer.vatNumber"?: string;
      /** filter on buyer.debitorNumber (string) */
      "buyer.debitorNumber"?: string;
      /** filter on buyer.buyerReference (string) */
      "buyer.buyerReference"?: string;
      /** filter on buyer.orderReferenceId (string) */
      "buyer.orderReferenceId"?: string;
      /** filter on delivery.name (string) */
      "delivery.name"?: string;
      /** filter on delivery.address.street (string) */
      "delivery.address.street"?: string;
      /** filter on delivery.address.zip (string) */
      "delivery.address.zip"?: string;
      /** filter on delivery.address.city (string) */
      "delivery.address.city"?: string;
      /** filter on delivery.address.country (string) */
      "delivery.address.country"?: string;
      /** filter on paymentTerm.id (string) */
      "paymentTerm.id"?: string;
      /** filter on paymentTerm.name (string) */
      "paymentTerm.name"?: string;
      /** filter on paymentTerm.netDays (number); a comma list or the parameter repeated */
      "paymentTerm.netDays"?: Array<string>;
      /** paymentTerm.netDays at or after */
      "paymentTerm.netDaysFrom"?: string;
      /** paymentTerm.netDays at or before */
      "paymentTerm.netDaysTo"?: string;
      /** filter on paymentTerm.skontoPercentage (number); a comma list or the parameter repeated */
      "paymentTerm.skontoPercentage"?: Array<string>;
      /** paymentTerm.skontoPercentage at or after */
      "paymentTerm.skontoPercentageFrom"?: string;
      /** paymentTerm.skontoPercentage at or before */
      "paymentTerm.skontoPercentageTo"?: string;
      /** filter on paymentTerm.skontoDays (number); a comma list or the parameter repeated */
      "paymentTerm.skontoDays"?: Array<string>;
      /** paymentTerm.skontoDays at or after */
      "paymentTerm.skontoDaysFrom"?: string;
      /** paymentTerm.skontoDays at or before */
      "paymentTerm.skontoDaysTo"?: string;
      /** filter on paidAmount (number); a comma list or the parameter repeated */
      paidAmount?: Array<string>;
      /** paidAmount at or after */
      paidAmountFrom?: string;
      /** paidAmount at or before */
      paidAmountTo?: string;
      /** filter on openAmount (number); a comma list or the parameter repeated */
      openAmount?: Array<string>;
      /** openAmount at or after */
      openAmountFrom?: string;
      /** openAmount at or before */
      openAmountTo?: string;
      /** filter on overpaidAmount (number); a comma list or the parameter repeated */
      overpaidAmount?: Array<string>;
      /** overpaidAmount at or after */
      overpaidAmountFrom?: string;
      /** overpaidAmount at or before */
      overpaidAmountTo?: string;
      /** filter on skontoApplied (boolean) */
      skontoApplied?: string;
      /** filter on invoiceId (string) */
      invoiceId?: string;
      /** filter on invoiceNumber (string) */
      invoiceNumber?: string;
      /** filter on stornoId (string) */
      stornoId?: string;
      /** filter on acceptedAt (string) */
      acceptedAt?: string;
      /** filter on declinedAt (string) */
      declinedAt?: string;
      /** filter on confirmedAt (string) */
      confirmedAt?: string;
      /** filter on assignmentConfirmationId (string) */
      assignmentConfirmationId?: string;
      /** filter on offerId (string) */
      offerId?: string;
      /** filter on signature.name (string) */
      "signature.name"?: string;
      /** filter on signature.signedAt (date) */
      "signature.signedAt"?: string;
      /** signature.signedAt at or after */
      "signature.signedAtFrom"?: string;
      /** signature.signedAt at or before */
      "signature.signedAtTo"?: string;
      /** filter on signature.timeZone (string) */
      "signature.timeZone"?: string;
      /** filter on signature.image (string) */
      "signature.image"?: string;
      /** filter on creditedInvoiceNumber (string) */
      creditedInvoiceNumber?: string;
      /** filter on creditedInvoiceDate (string) */
      creditedInvoiceDate?: string;
      /** filter on invoiceDate (string) */
      invoiceDate?: string;
      /** filter on reminderLevel (number); a comma list or the parameter repeated */
      reminderLevel?: Array<string>;
      /** reminderLevel at or after */
      reminderLevelFrom?: string;
      /** reminderLevel at or before */
      reminderLevelTo?: string;
      /** filter on lastReminderDate (string) */
      lastReminderDate?: string;
      /** filter on reminderFees (number); a comma list or the parameter repeated */
      reminderFees?: Array<string>;
      /** reminderFees at or after */
      reminderFeesFrom?: string;
      /** reminderFees at or before */
      reminderFeesTo?: string;
      /** filter on skontoAmount (number); a comma list or the parameter repeated */
      skontoAmount?: Array<string>;
      /** skontoAmount at or after */
      skontoAmountFrom?: string;
      /** skontoAmount at or before */
      skontoAmountTo?: string;
      /** filter on skontoDate (string) */
      skontoDate?: string;
      /** filter on creditedAmount (number); a comma list or the parameter repeated */
      creditedAmount?: Array<string>;
      /** creditedAmount at or after */
      creditedAmountFrom?: string;
      /** creditedAmount at or before */
      creditedAmountTo?: string;
      /** filter on lineTotalAmount (number); a comma list or the parameter repeated */
      lineTotalAmount?: Array<string>;
      /** lineTotalAmount at or after */
      lineTotalAmountFrom?: string;
      /** lineTotalAmount at or before */
      lineTotalAmountTo?: string;
      /** filter on allowanceTotalAmount (number); a comma list or the parameter repeated */
      allowanceTotalAmount?: Array<string>;
      /** allowanceTotalAmount at or after */
      allowanceTotalAmountFrom?: string;
      /** allowanceTotalAmount at or before */
      allowanceTotalAmountTo?: string;
      /** filter on chargeTotalAmount (number); a comma list or the parameter repeated */
      chargeTotalAmount?: Array<string>;
      /** chargeTotalAmount at or after */
      chargeTotalAmountFrom?: string;
      /** chargeTotalAmount at or before */
      chargeTotalAmountTo?: string;
      /** filter on skontoBaseAmount (number); a comma list or the parameter repeated */
      skontoBaseAmount?: Array<string>;
      /** skontoBaseAmount at or after */
      skontoBaseAmountFrom?: string;
      /** skontoBaseAmount at or before */
      skontoBaseAmountTo?: string;
      /** filter on prepaidAmount (number); a comma list or the parameter repeated */
      prepaidAmount?: Array<string>;
      /** prepaidAmount at or after */
      prepaidAmountFrom?: string;
      /** prepaidAmount at or before */
      prepaidAmountTo?: string;
      /** filter on amountDue (number); a comma list or the parameter repeated */
      amountDue?: Array<string>;
      /** amountDue at or after */
      amountDueFrom?: string;
      /** amountDue at or before */
      amountDueTo?: string;
      /** filter on customerId (objectid); a comma list or the parameter repeated */
      customerId?: Array<string>;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on assignmentId (objectid); a comma list or the parameter repeated */
      assignmentId?: Array<string>;
      /** filter on title (string) */
      title?: string;
      /** filter on documentDate (string) */
      documentDate?: string;
      /** filter on servicePeriod.from (string) */
      "servicePeriod.from"?: string;
      /** filter on servicePeriod.to (string) */
      "servicePeriod.to"?: string;
      /** filter on paymentTermId (objectid); a comma list or the parameter repeated */
      paymentTermId?: Array<string>;
      /** filter on templateId (objectid); a comma list or the parameter repeated */
      templateId?: Array<string>;
      /** filter on introText (string) */
      introText?: string;
      /** filter on closingText (string) */
      closingText?: string;
      /** filter on buyerReference (string) */
      buyerReference?: string;
      /** filter on orderReferenceId (string) */
      orderReferenceId?: string;
      /** state, one or a comma list: draft, sent, confirmed; a comma list or the parameter repeated */
      status?: Array<string>;
      /** customers, comma-separated; a comma list or the parameter repeated */
      customerIds?: Array<string>;
      /** objects, comma-separated; a comma list or the parameter repeated */
      objectIds?: Array<string>;
      /** two dates from,to: the document date within */
      dateRange?: string;
      /** gross amount at least */
      amountFrom?: string;
      /** gross amount at most */
      amountTo?: string;
      /** true: issued and unpaid past the due date */
      overdue?: string;
    };
    body: undefined;
    response: Array<AssignmentConfirmation>;
  };
  /** Mail the assignment confirmation (PDF) to the customer — POST /v2/assignmentConfirmations/{id}/send */
  "assignmentConfirmations.send": {
    method: "POST";
    path: "/v2/assignmentConfirmations/{id}/send";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: SendDocumentRequest;
    response: SendDocumentResult;
  };
  /** Update an assignment confirmation — PATCH /v2/assignmentConfirmations/{id} */
  "assignmentConfirmations.update": {
    method: "PATCH";
    path: "/v2/assignmentConfirmations/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: AssignmentConfirmationPatch;
    response: UpdatedResult;
  };
  /** A draft assignment confirmation of the assignment's billing positions or hourly rate — POST /v2/assignments/{id}/assignmentConfirmation */
  "assignments.assignmentConfirmation": {
    method: "POST";
    path: "/v2/assignments/{id}/assignmentConfirmation";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: {
      _id: string;
      number: number;
    };
  };
  /** Create an assignment — POST /v2/assignments/ */
  "assignments.create": {
    method: "POST";
    path: "/v2/assignments/";
    pathParams: undefined;
    query: undefined;
    body: AssignmentCreate;
    response: IdResult;
  };
  /** Delete an assignment — DELETE /v2/assignments/{id} */
  "assignments.delete": {
    method: "DELETE";
    path: "/v2/assignments/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read an assignment — GET /v2/assignments/{id} */
  "assignments.get": {
    method: "GET";
    path: "/v2/assignments/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Assignment;
  };
  /** A draft invoice from the assignment's billing positions or its hours for a period — POST /v2/assignments/{id}/invoice */
  "assignments.invoice": {
    method: "POST";
    path: "/v2/assignments/{id}/invoice";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      from: string;
      to: string;
    };
    response: IdResult;
  };
  /** List assignments — GET /v2/assignments/ */
  "assignments.list": {
    method: "GET";
    path: "/v2/assignments/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on customerId (objectid); a comma list or the parameter repeated */
      customerId?: Array<string>;
      /** filter on title (string) */
      title?: string;
      /** filter on iCalendar.frequency (string) */
      "iCalendar.frequency"?: string;
      /** filter on iCalendar.tzid (string) */
      "iCalendar.tzid"?: string;
      /** filter on iCalendar.interval (number); a comma list or the parameter repeated */
      "iCalendar.interval"?: Array<string>;
      /** iCalendar.interval at or after */
      "iCalendar.intervalFrom"?: string;
      /** iCalendar.interval at or before */
      "iCalendar.intervalTo"?: string;
      /** filter on iCalendar.rrule (string) */
      "iCalendar.rrule"?: string;
      /** filter on iCalendar.bySetPos (number); a comma list or the parameter repeated */
      "iCalendar.bySetPos"?: Array<string>;
      /** iCalendar.bySetPos at or after */
      "iCalendar.bySetPosFrom"?: string;
      /** iCalendar.bySetPos at or before */
      "iCalendar.bySetPosTo"?: string;
      /** filter on iCalendar.byDay (string[]); a comma list or the parameter repeated */
      "iCalendar.byDay"?: Array<string>;
      /** filter on iCalendar.byMonthDay (string) */
      "iCalendar.byMonthDay"?: string;
      /** filter on iCalendar.dtstart (string) */
      "iCalendar.dtstart"?: string;
      /** filter on iCalendar.dtend (string) */
      "iCalendar.dtend"?: string;
      /** filter on iCalendar.exDate (string[]); a comma list or the parameter repeated */
      "iCalendar.exDate"?: Array<string>;
      /** filter on iCalendar.until (date) */
      "iCalendar.until"?: string;
      /** iCalendar.until at or after */
      "iCalendar.untilFrom"?: string;
      /** iCalendar.until at or before */
      "iCalendar.untilTo"?: string;
      /** filter on iCalendar.count (number); a comma list or the parameter repeated */
      "iCalendar.count"?: Array<string>;
      /** iCalendar.count at or after */
      "iCalendar.countFrom"?: string;
      /** iCalendar.count at or before */
      "iCalendar.countTo"?: string;
      /** filter on userIds (string[]); a comma list or the parameter repeated */
      userIds?: Array<string>;
      /** filter on skipPublicHolidays (boolean) */
      skipPublicHolidays?: string;
      /** filter on weeklyTimeBudget (number); a comma list or the parameter repeated */
      weeklyTimeBudget?: Array<string>;
      /** weeklyTimeBudget at or after */
      weeklyTimeBudgetFrom?: string;
      /** weeklyTimeBudget at or before */
      weeklyTimeBudgetTo?: string;
      /** filter on type (string) */
      type?: string;
      /** filter on activityTypeId (objectid); a comma list or the parameter repeated */
      activityTypeId?: Array<string>;
      /** filter on comment (string) */
      comment?: string;
      /** filter on commentRequired (boolean) */
      commentRequired?: string;
      /** filter on sign (boolean) */
      sign?: string;
      /** filter on documentIds (string[]); a comma list or the parameter repeated */
      documentIds?: Array<string>;
      /** filter on billing.type (string) */
      "billing.type"?: string;
      /** filter on billing.lastInvoiceDate (date) */
      "billing.lastInvoiceDate"?: string;
      /** billing.lastInvoiceDate at or after */
      "billing.lastInvoiceDateFrom"?: string;
      /** billing.lastInvoiceDate at or before */
      "billing.lastInvoiceDateTo"?: string;
      /** filter on billing.defaultInvoiceTemplateId (objectid); a comma list or the parameter repeated */
      "billing.defaultInvoiceTemplateId"?: Array<string>;
      /** filter on quota.enabled (boolean) */
      "quota.enabled"?: string;
      /** filter on quota.quotaCalculation (string) */
      "quota.quotaCalculation"?: string;
      /** filter on quota.total (number); a comma list or the parameter repeated */
      "quota.total"?: Array<string>;
      /** quota.total at or after */
      "quota.totalFrom"?: string;
      /** quota.total at or before */
      "quota.totalTo"?: string;
      /** filter on quota.billingRateEnabled (boolean) */
      "quota.billingRateEnabled"?: string;
      /** filter on quota.billingRateCalculation (string) */
      "quota.billingRateCalculation"?: string;
      /** filter on quota.billingRateAmount (number); a comma list or the parameter repeated */
      "quota.billingRateAmount"?: Array<string>;
      /** quota.billingRateAmount at or after */
      "quota.billingRateAmountFrom"?: string;
      /** quota.billingRateAmount at or before */
      "quota.billingRateAmountTo"?: string;
      /** filter on quota.expectedMargin (number); a comma list or the parameter repeated */
      "quota.expectedMargin"?: Array<string>;
      /** quota.expectedMargin at or after */
      "quota.expectedMarginFrom"?: string;
      /** quota.expectedMargin at or before */
      "quota.expectedMarginTo"?: string;
      /** filter on costUnit (string) */
      costUnit?: string;
      /** filter on jobChatId (string) */
      jobChatId?: string;
    };
    body: undefined;
    response: Array<Assignment>;
  };
  /** The next occurrences of an assignment's iCalendar, without saving — POST /v2/assignments/preview */
  "assignments.preview": {
    method: "POST";
    path: "/v2/assignments/preview";
    pathParams: undefined;
    query: undefined;
    body: {
      iCalendar: {
        /** DAILY, WEEKLY, MONTHLY or YEARLY */
        frequency?: string;
        /** IANA time zone, e.g. Europe/Berlin */
        tzid: string;
        interval?: number;
        /** RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20271231T230000Z */
        rrule?: string;
        bySetPos?: number;
        byDay?: Array<string>;
        /** comma list, e.g. "1,15,-1" */
        byMonthDay?: string;
        byMonth?: Array<number>;
        /** start of the first occurrence, local time in tzid */
        dtstart: string;
        /** end of the first occurrence, local time in tzid */
        dtend: string;
        exDate?: Array<string>;
        until?: string;
        count?: number;
      };
      /** how many occurrences (10 by default) */
      count?: number;
      /** occurrences starting at or after this (now by default) */
      after?: string;
      /** with skipPublicHolidays: whose region's holidays are skipped */
      objectId?: string;
      skipPublicHolidays?: boolean;
    };
    response: {
      /** the iCalendar as it would be stored */
      iCalendar: Record<string, unknown>;
      occurrences: Array<{
        from: string;
        to: string;
        /** the start in the rule's zone (tzid), YYYY-MM-DDTHH:mm:ss */
        localStart: string;
      }>;
    };
  };
  /** Update an assignment — PATCH /v2/assignments/{id} */
  "assignments.update": {
    method: "PATCH";
    path: "/v2/assignments/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: AssignmentPatch;
    response: UpdatedResult;
  };
  /** Log in with the SMS code — POST /v2/auth/authUsingSMS */
  "auth.authUsingSMS": {
    method: "POST";
    path: "/v2/auth/authUsingSMS";
    pathParams: undefined;
    query: undefined;
    body: {
      telephone: string;
      code: string;
    };
    response: TokenPair;
  };
  /** The caller's rights per area (read and write level), as the routes apply them — GET /v2/auth/permissions */
  "auth.getPermissions": {
    method: "GET";
    path: "/v2/auth/permissions";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: {
      userId: string;
      permissions: {
        users: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        accessGroups: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        apiKeys: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        company: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        webhooks: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        customers: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        objects: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        contacts: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        activityTypes: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        taxRates: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        paymentTerms: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        articles: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        suppliers: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        serviceProducts: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        equipment: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        jobs: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        assignments: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        timeTracking: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        salaries: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        payTypes: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        surcharges: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        holidays: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        absences: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        tasks: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        complaints: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        documents: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        materialOrders: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        qualityControl: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        invoicing: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
        notifications: {
          read: "none" | "own" | "all";
          write: "none" | "own" | "all";
        };
      };
    };
  };
  /** Log in with a login id or e-mail and a password — POST /v2/auth/login */
  "auth.login": {
    method: "POST";
    path: "/v2/auth/login";
    pathParams: undefined;
    query: undefined;
    body: {
      username: string;
      password: string;
      /** client kind, e.g. dashboard or app */
      type?: string;
    };
    response: TokenPair;
  };
  /** Sign out: end this session (its refresh token and the access tokens of it) — POST /v2/auth/logout */
  "auth.logout": {
    method: "POST";
    path: "/v2/auth/logout";
    pathParams: undefined;
    query: undefined;
    body: Record<string, never>;
    response: {
      loggedOut: boolean;
    };
  };
  /** Sign out everywhere: end every session of the caller, this one included — POST /v2/auth/logoutAll */
  "auth.logoutAll": {
    method: "POST";
    path: "/v2/auth/logoutAll";
    pathParams: undefined;
    query: undefined;
    body: Record<string, never>;
    response: {
      loggedOut: boolean;
    };
  };
  /** Trade a refresh token for new tokens (the old one stops working) — POST /v2/auth/refresh */
  "auth.refresh": {
    method: "POST";
    path: "/v2/auth/refresh";
    pathParams: undefined;
    query: undefined;
    body: {
      refreshToken?: string;
    };
    response: {
      accessToken: string;
      tokenType: "Bearer";
      /** seconds until the access token expires */
      expiresIn: number;
      refreshToken?: string;
    };
  };
  /** Send a 6-digit log-in code by SMS (valid 5 minutes, 5 tries) — POST /v2/auth/requestAuthCode */
  "auth.requestAuthCode": {
    method: "POST";
    path: "/v2/auth/requestAuthCode";
    pathParams: undefined;
    query: undefined;
    body: {
      telephone: string;
    };
    response: {
      sent: boolean;
    };
  };
  /** Assign an unmatched receipt to an invoice (books the payment) — POST /v2/bankingTransactions/{id}/assign */
  "bankingTransactions.assign": {
    method: "POST";
    path: "/v2/bankingTransactions/{id}/assign";
    pathParams: {
      id: string;
    };
    query: undefined;
    body: {
      invoiceId: string;
    };
    response: {
      _id: string;
      paymentId: string;
    };
  };
  /** Delete a banking transaction — DELETE /v2/bankingTransactions/{id} */
  "bankingTransactions.delete": {
    method: "DELETE";
    path: "/v2/bankingTransactions/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a banking transaction — GET /v2/bankingTransactions/{id} */
  "bankingTransactions.get": {
    method: "GET";
    path: "/v2/bankingTransactions/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: BankingTransaction;
  };
  /** Import a statement (CAMT.053 XML or CSV) and match receipts to open invoices — POST /v2/bankingTransactions/import */
  "bankingTransactions.import": {
    method: "POST";
    path: "/v2/bankingTransactions/import";
    pathParams: undefined;
    query: undefined;
    body: {
      format: "camt053" | "csv";
      content: string;
    };
    response: Record<string, unknown>;
  };
  /** List bankingTransactions — GET /v2/bankingTransactions/ */
  "bankingTransactions.list": {
    method: "GET";
    path: "/v2/bankingTransactions/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on bookingDate (string) */
      bookingDate?: string;
      /** filter on valueDate (string) */
      valueDate?: string;
      /** filter on amount (number); a comma list or the parameter repeated */
      amount?: Array<string>;
      /** amount at or after */
      amountFrom?: string;
      /** amount at or before */
      amountTo?: string;
      /** filter on currency (string) */
      currency?: string;
      /** filter on counterpartyName (string) */
      counterpartyName?: string;
      /** filter on counterpartyIban (string) */
      counterpartyIban?: string;
      /** filter on remittance (string) */
      remittance?: string;
      /** filter on reference (string) */
      reference?: string;
      /** filter on matchState (string); a comma list or the parameter repeated */
      matchState?: Array<string>;
      /** filter on invoiceId (string) */
      invoiceId?: string;
      /** filter on paymentId (string) */
      paymentId?: string;
      /** filter on candidates (string[]); a comma list or the parameter repeated */
      candidates?: Array<string>;
      /** filter on note (string) */
      note?: string;
    };
    body: undefined;
    response: Array<BankingTransaction>;
  };
  /** Update a banking transaction — PATCH /v2/bankingTransactions/{id} */
  "bankingTransactions.update": {
    method: "PATCH";
    path: "/v2/bankingTransactions/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: BankingTransactionPatch;
    response: UpdatedResult;
  };
  /** Messages of a record's chat, oldest first — GET /v2/chats/{chatId}/messages */
  "chats.listMessages": {
    method: "GET";
    path: "/v2/chats/{chatId}/messages";
    pathParams: {
      /** 24-hex ObjectId */
      chatId: string;
    };
    query: {
      limit?: number;
      offset?: number;
    };
    body: undefined;
    response: Array<ChatMessage>;
  };
  /** Write in a record's chat — POST /v2/chats/{chatId}/messages */
  "chats.postMessage": {
    method: "POST";
    path: "/v2/chats/{chatId}/messages";
    pathParams: {
      /** 24-hex ObjectId */
      chatId: string;
    };
    query: undefined;
    body: {
      text: string;
      /** attachments: uploaded documents */
      documentIds?: Array<string>;
    };
    response: IdResult;
  };
  /** The assignment confirmation behind a client link (no account needed) — GET /v2/client/assignmentConfirmations/{token} */
  "client.getAssignmentConfirmation": {
    method: "GET";
    path: "/v2/client/assignmentConfirmations/{token}";
    pathParams: {
      token: string;
    };
    query: undefined;
    body: undefined;
    response: Record<string, unknown>;
  };
  /** The offer behind a client link (no account needed) — GET /v2/client/offers/{token} */
  "client.getOffer": {
    method: "GET";
    path: "/v2/client/offers/{token}";
    pathParams: {
      token: string;
    };
    query: undefined;
    body: undefined;
    response: Record<string, unknown>;
  };
  /** The service report behind a client link (no account needed) — GET /v2/client/serviceReports/{token} */
  "client.getServiceReport": {
    method: "GET";
    path: "/v2/client/serviceReports/{token}";
    pathParams: {
      token: string;
    };
    query: undefined;
    body: undefined;
    response: Record<string, unknown>;
  };
  /** Sign the assignment confirmation (uses the link up) — POST /v2/client/assignmentConfirmations/{token}/sign */
  "client.signAssignmentConfirmation": {
    method: "POST";
    path: "/v2/client/assignmentConfirmations/{token}/sign";
    pathParams: {
      token: string;
    };
    query: undefined;
    body: {
      /** the signer's name */
      name: string;
      /** the drawn signature as a PNG data URL (printed on the document) */
      image?: string;
    };
    response: {
      signed: boolean;
    };
  };
  /** Sign the offer (uses the link up) — POST /v2/client/offers/{token}/sign */
  "client.signOffer": {
    method: "POST";
    path: "/v2/client/offers/{token}/sign";
    pathParams: {
      token: string;
    };
    query: undefined;
    body: {
      /** the signer's name */
      name: string;
      /** the drawn signature as a PNG data URL (printed on the document) */
      image?: string;
    };
    response: {
      signed: boolean;
    };
  };
  /** Sign the service report (uses the link up) — POST /v2/client/serviceReports/{token}/sign */
  "client.signServiceReport": {
    method: "POST";
    path: "/v2/client/serviceReports/{token}/sign";
    pathParams: {
      token: string;
    };
    query: undefined;
    body: {
      /** the signer's name */
      name: string;
      /** the drawn signature as a PNG data URL (printed on the document) */
      image?: string;
    };
    response: {
      signed: boolean;
    };
  };
  /** Remove the letterhead band (documents rendered afterwards have none) — DELETE /v2/company/invoicingSettings/letterhead */
  "company.deleteLetterhead": {
    method: "DELETE";
    path: "/v2/company/invoicingSettings/letterhead";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Remove the logo (documents rendered afterwards have none) — DELETE /v2/company/invoicingSettings/logo */
  "company.deleteLogo": {
    method: "DELETE";
    path: "/v2/company/invoicingSettings/logo";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Accounting export settings (DATEV numbers, accounts; defaults filled in) — GET /v2/company/accountingSettings */
  "company.getAccountingSettings": {
    method: "GET";
    path: "/v2/company/accountingSettings";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: AccountingSettings;
  };
  /** Seller data and number formats of documents — GET /v2/company/invoicingSettings */
  "company.getInvoicingSettings": {
    method: "GET";
    path: "/v2/company/invoicingSettings";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: InvoicingSettings;
  };
  /** The letterhead band as uploaded — GET /v2/company/invoicingSettings/letterhead */
  "company.getLetterhead": {
    method: "GET";
    path: "/v2/company/invoicingSettings/letterhead";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** The logo as uploaded — GET /v2/company/invoicingSettings/logo */
  "company.getLogo": {
    method: "GET";
    path: "/v2/company/invoicingSettings/logo";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** Payroll export settings (DATEV numbers, wage type mapping; defaults filled in) — GET /v2/company/payrollExportSettings */
  "company.getPayrollExportSettings": {
    method: "GET";
    path: "/v2/company/payrollExportSettings";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: PayrollExportSettings;
  };
  /** Time-and-pay settings of the company (defaults filled in) — GET /v2/company/timeAndPaySettings */
  "company.getTimeAndPaySettings": {
    method: "GET";
    path: "/v2/company/timeAndPaySettings";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: TimeAndPaySettings;
  };
  /** Replace the accounting export settings — PUT /v2/company/accountingSettings */
  "company.replaceAccountingSettings": {
    method: "PUT";
    path: "/v2/company/accountingSettings";
    pathParams: undefined;
    query: undefined;
    body: AccountingSettingsInput;
    response: AccountingSettings;
  };
  /** Create a company and its first admin (SIGNUP: open with a solved challenge, invite, or closed) — POST /v2/company/signup */
  "company.signup": {
    method: "POST";
    path: "/v2/company/signup";
    pathParams: undefined;
    query: undefined;
    body: {
      companyName: string;
      username: string;
      password: string;
      email?: string;
      /** SIGNUP=invite: an invitation code from the server's operator (single use) */
      invitation?: string;
      /** SIGNUP=open: a challenge from GET /v2/company/signup/challenge and its solution (single use) */
      proof?: {
        nonce: string;
        solution: string;
      };
    };
    response: SignupResult;
  };
  /** A proof-of-work challenge for open sign-up — GET /v2/company/signup/challenge */
  "company.signupChallenge": {
    method: "GET";
    path: "/v2/company/signup/challenge";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: {
      nonce: string;
      /** leading zero bits the hash must have */
      difficulty: number;
      /** seconds */
      expiresIn: number;
    };
  };
  /** Change seller data and number formats (applies to documents issued afterwards) — PATCH /v2/company/invoicingSettings */
  "company.updateInvoicingSettings": {
    method: "PATCH";
    path: "/v2/company/invoicingSettings";
    pathParams: undefined;
    query: undefined;
    body: InvoicingSettingsPatch;
    response: InvoicingSettings;
  };
  /** Change payroll export settings — PATCH /v2/company/payrollExportSettings */
  "company.updatePayrollExportSettings": {
    method: "PATCH";
    path: "/v2/company/payrollExportSettings";
    pathParams: undefined;
    query: undefined;
    body: PayrollExportSettingsPatch;
    response: PayrollExportSettings;
  };
  /** Change time-and-pay settings — PATCH /v2/company/timeAndPaySettings */
  "company.updateTimeAndPaySettings": {
    method: "PATCH";
    path: "/v2/company/timeAndPaySettings";
    pathParams: undefined;
    query: undefined;
    body: TimeAndPaySettingsPatch;
    response: TimeAndPaySettings;
  };
  /** Upload the letterhead band (raw body: image/png or image/jpeg) — PUT /v2/company/invoicingSettings/letterhead */
  "company.uploadLetterhead": {
    method: "PUT";
    path: "/v2/company/invoicingSettings/letterhead";
    pathParams: undefined;
    query: undefined;
    body: Blob | ArrayBuffer | string;
    response: {
      contentType: string;
      bytes: number;
    };
  };
  /** Upload the logo (raw body: image/png or image/jpeg) — PUT /v2/company/invoicingSettings/logo */
  "company.uploadLogo": {
    method: "PUT";
    path: "/v2/company/invoicingSettings/logo";
    pathParams: undefined;
    query: undefined;
    body: Blob | ArrayBuffer | string;
    response: {
      contentType: string;
      bytes: number;
    };
  };
  /** Create a complaint — POST /v2/complaints/ */
  "complaints.create": {
    method: "POST";
    path: "/v2/complaints/";
    pathParams: undefined;
    query: undefined;
    body: ComplaintCreate;
    response: IdResult;
  };
  /** Delete a complaint — DELETE /v2/complaints/{id} */
  "complaints.delete": {
    method: "DELETE";
    path: "/v2/complaints/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a complaint — GET /v2/complaints/{id} */
  "complaints.get": {
    method: "GET";
    path: "/v2/complaints/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Complaint;
  };
  /** List complaints — GET /v2/complaints/ */
  "complaints.list": {
    method: "GET";
    path: "/v2/complaints/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on state (string); a comma list or the parameter repeated */
      state?: Array<string>;
      /** filter on taskId (string) */
      taskId?: string;
      /** filter on customerId (string) */
      customerId?: string;
      /** filter on closedAt (date) */
      closedAt?: string;
      /** closedAt at or after */
      closedAtFrom?: string;
      /** closedAt at or before */
      closedAtTo?: string;
      /** filter on resolution (string) */
      resolution?: string;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on title (string) */
      title?: string;
      /** filter on description (string) */
      description?: string;
      /** filter on reportedBy.name (string) */
      "reportedBy.name"?: string;
      /** filter on reportedBy.email (string) */
      "reportedBy.email"?: string;
      /** filter on reportedBy.telephone (string) */
      "reportedBy.telephone"?: string;
      /** filter on contactId (objectid); a comma list or the parameter repeated */
      contactId?: Array<string>;
      /** filter on room (string) */
      room?: string;
      /** filter on priority (string); a comma list or the parameter repeated */
      priority?: Array<string>;
      /** filter on documentIds (string[]); a comma list or the parameter repeated */
      documentIds?: Array<string>;
      /** filter on assigneeId (objectid); a comma list or the parameter repeated */
      assigneeId?: Array<string>;
    };
    body: undefined;
    response: Array<Complaint>;
  };
  /** Update a complaint — PATCH /v2/complaints/{id} */
  "complaints.update": {
    method: "PATCH";
    path: "/v2/complaints/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: ComplaintPatch;
    response: UpdatedResult;
  };
  /** Create a contact — POST /v2/contacts/ */
  "contacts.create": {
    method: "POST";
    path: "/v2/contacts/";
    pathParams: undefined;
    query: undefined;
    body: ContactCreate;
    response: IdResult;
  };
  /** Delete a contact — DELETE /v2/contacts/{id} */
  "contacts.delete": {
    method: "DELETE";
    path: "/v2/contacts/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a contact — GET /v2/contacts/{id} */
  "contacts.get": {
    method: "GET";
    path: "/v2/contacts/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Contact;
  };
  /** List contacts — GET /v2/contacts/ */
  "contacts.list": {
    method: "GET";
    path: "/v2/contacts/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on firstName (string) */
      firstName?: string;
      /** filter on lastName (string) */
      lastName?: string;
      /** filter on company (string) */
      company?: string;
      /** filter on position (string) */
      position?: string;
      /** filter on contact.telephone (string) */
      "contact.telephone"?: string;
      /** filter on contact.mobile (string) */
      "contact.mobile"?: string;
      /** filter on contact.email (string) */
      "contact.email"?: string;
      /** filter on contact.sms (string) */
      "contact.sms"?: string;
      /** filter on contact.website (string) */
      "contact.website"?: string;
      /** filter on contact.fax (string) */
      "contact.fax"?: string;
      /** filter on address.street (string) */
      "address.street"?: string;
      /** filter on address.zip (string) */
      "address.zip"?: string;
      /** filter on address.city (string) */
      "address.city"?: string;
      /** filter on address.country (string) */
      "address.country"?: string;
      /** filter on address.co (string) */
      "address.co"?: string;
      /** filter on address.state (string) */
      "address.state"?: string;
      /** filter on customerId (objectid); a comma list or the parameter repeated */
      customerId?: Array<string>;
      /** filter on objectIds (string[]); a comma list or the parameter repeated */
      objectIds?: Array<string>;
      /** filter on comment (string) */
      comment?: string;
      /** filter on tags (string[]); a comma list or the parameter repeated */
      tags?: Array<string>;
    };
    body: undefined;
    response: Array<Contact>;
  };
  /** Update a contact — PATCH /v2/contacts/{id} */
  "contacts.update": {
    method: "PATCH";
    path: "/v2/contacts/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: ContactPatch;
    response: UpdatedResult;
  };
  /** Create a credit — POST /v2/credits/ */
  "credits.create": {
    method: "POST";
    path: "/v2/credits/";
    pathParams: undefined;
    query: undefined;
    body: CreditCreate;
    response: IdResult;
  };
  /** Delete a credit — DELETE /v2/credits/{id} */
  "credits.delete": {
    method: "DELETE";
    path: "/v2/credits/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a credit — GET /v2/credits/{id} */
  "credits.get": {
    method: "GET";
    path: "/v2/credits/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Credit;
  };
  /** The credit as PDF — GET /v2/credits/{id}/pdf */
  "credits.getPdf": {
    method: "GET";
    path: "/v2/credits/{id}/pdf";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** The credit as XRechnung (EN 16931) XML — GET /v2/credits/{id}/xrechnung */
  "credits.getXrechnung": {
    method: "GET";
    path: "/v2/credits/{id}/xrechnung";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: {
      syntax?: "ubl" | "cii";
    };
    body: undefined;
    response: ArrayBuffer;
  };
  /** The credit as ZUGFeRD / Factur-X (PDF/A-3 with the CII XML embedded) — GET /v2/credits/{id}/zugferd */
  "credits.getZugferd": {
    method: "GET";
    path: "/v2/credits/{id}/zugferd";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** Issue the credit: its number (gapless), seller and buyer are fixed from now on — POST /v2/credits/{id}/issue */
  "credits.issue": {
    method: "POST";
    path: "/v2/credits/{id}/issue";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: {
      _id: string;
      documentNumber: string;
    };
  };
  /** List credits — GET /v2/credits/ */
  "credits.list": {
    method: "GET";
    path: "/v2/credits/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** document number (exact) or its part */
      number?: string;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on state (string) */
      state?: string;
      /** filter on documentNumber (string) */
      documentNumber?: string;
      /** filter on issuedAt (date) */
      issuedAt?: string;
      /** issuedAt at or after */
      issuedAtFrom?: string;
      /** issuedAt at or before */
      issuedAtTo?: string;
      /** filter on dueDate (string) */
      dueDate?: string;
      /** filter on currency (string) */
      currency?: string;
      /** filter on netAmount (number); a comma list or the parameter repeated */
      netAmount?: Array<string>;
      /** netAmount at or after */
      netAmountFrom?: string;
      /** netAmount at or before */
      netAmountTo?: string;
      /** filter on taxAmount (number); a comma list or the parameter repeated */
      taxAmount?: Array<string>;
      /** taxAmount at or after */
      taxAmountFrom?: string;
      /** taxAmount at or before */
      taxAmountTo?: string;
      /** filter on grossAmount (number); a comma list or the parameter repeated */
      grossAmount?: Array<string>;
      /** grossAmount at or after */
      grossAmountFrom?: string;
      /** grossAmount at or before */
      grossAmountTo?: string;
      /** filter on seller.name (string) */
      "seller.name"?: string;
      /** filter on seller.street (string) */
      "seller.street"?: string;
      /** filter on seller.zip (string) */
      "seller.zip"?: string;
      /** filter on seller.city (string) */
      "seller.city"?: string;
      /** filter on seller.country (string) */
      "seller.country"?: string;
      /** filter on seller.vatId (string) */
      "seller.vatId"?: string;
      /** filter on seller.taxNumber (string) */
      "seller.taxNumber"?: string;
      /** filter on seller.email (string) */
      "seller.email"?: string;
      /** filter on seller.phone (string) */
      "seller.phone"?: string;
      /** filter on seller.iban (string) */
      "seller.iban"?: string;
      /** filter on seller.bic (string) */
      "seller.bic"?: string;
      /** filter on seller.bankName (string) */
      "seller.bankName"?: string;
      /** filter on seller.registration (string) */
      "seller.registration"?: string;
      /** filter on seller.managingDirector (string) */
      "seller.managingDirector"?: string;
      /** filter on seller.contactName (string) */
      "seller.contactName"?: string;
      /** filter on seller.electronicAddress (string) */
      "seller.electronicAddress"?: string;
      /** filter on seller.sellerIdentifier (string) */
      "seller.sellerIdentifier"?: string;
      /** filter on buyer.customerId (string) */
      "buyer.customerId"?: string;
      /** filter on buyer.number (number); a comma list or the parameter repeated */
      "buyer.number"?: Array<string>;
      /** buyer.number at or after */
      "buyer.numberFrom"?: string;
      /** buyer.number at or before */
      "buyer.numberTo"?: string;
      /** filter on buyer.name (string) */
      "buyer.name"?: string;
      /** filter on buyer.contactPerson (string) */
      "buyer.contactPerson"?: string;
      /** filter on buyer.address.street (string) */
      "buyer.address.street"?: string;
      /** filter on buyer.address.zip (string) */
      "buyer.address.zip"?: string;
      /** filter on buyer.address.city (string) */
      "buyer.address.city"?: string;
      /** filter on buyer.address.country (string) */
      "buyer.address.country"?: string;
      /** filter on buyer.address.co (string) */
      "buyer.address.co"?: string;
      /** filter on buyer.address.state (string) */
      "buyer.address.state"?: string;
      /** filter on buyer.email (string) */
      "buyer.email"?: string;
      /** filter on buyer.vatNumber (string) */
      "buyer.vatNumber"?: string;
      /** filter on buyer.debitorNumber (string) */
      "buyer.debitorNumber"?: string;
      /** filter on buyer.buyerReference (string) */
      "buyer.buyerReference"?: string;
      /** filter on buyer.orderReferenceId (string) */
      "buyer.orderReferenceId"?: string;
      /** filter on delivery.name (string) */
      "delivery.name"?: string;
      /** filter on delivery.address.street (string) */
      "delivery.address.street"?: string;
      /** filter on delivery.address.zip (string) */
      "delivery.address.zip"?: string;
      /** filter on delivery.address.city (string) */
      "delivery.address.city"?: string;
      /** filter on delivery.address.country (string) */
      "delivery.address.country"?: string;
      /** filter on paymentTerm.id (string) */
      "paymentTerm.id"?: string;
      /** filter on paymentTerm.name (string) */
      "paymentTerm.name"?: string;
      /** filter on paymentTerm.netDays (number); a comma list or the parameter repeated */
      "paymentTerm.netDays"?: Array<string>;
      /** paymentTerm.netDays at or after */
      "paymentTerm.netDaysFrom"?: string;
      /** paymentTerm.netDays at or before */
      "paymentTerm.netDaysTo"?: string;
      /** filter on paymentTerm.skontoPercentage (number); a comma list or the parameter repeated */
      "paymentTerm.skontoPercentage"?: Array<string>;
      /** paymentTerm.skontoPercentage at or after */
      "paymentTerm.skontoPercentageFrom"?: string;
      /** paymentTerm.skontoPercentage at or before */
      "paymentTerm.skontoPercentageTo"?: string;
      /** filter on paymentTerm.skontoDays (number); a comma list or the parameter repeated */
      "paymentTerm.skontoDays"?: Array<string>;
      /** paymentTerm.skontoDays at or after */
      "paymentTerm.skontoDaysFrom"?: string;
      /** paymentTerm.skontoDays at or before */
      "paymentTerm.skontoDaysTo"?: string;
      /** filter on paidAmount (number); a comma list or the parameter repeated */
      paidAmount?: Array<string>;
      /** paidAmount at or after */
      paidAmountFrom?: string;
      /** paidAmount at or before */
      paidAmountTo?: string;
      /** filter on openAmount (number); a comma list or the parameter repeated */
      openAmount?: Array<string>;
      /** openAmount at or after */
      openAmountFrom?: string;
      /** openAmount at or before */
      openAmountTo?: string;
      /** filter on overpaidAmount (number); a comma list or the parameter repeated */
      overpaidAmount?: Array<string>;
      /** overpaidAmount at or after */
      overpaidAmountFrom?: string;
      /** overpaidAmount at or before */
      overpaidAmountTo?: string;
      /** filter on skontoApplied (boolean) */
      skontoApplied?: string;
      /** filter on invoiceId (string) */
      invoiceId?: string;
      /** filter on invoiceNumber (string) */
      invoiceNumber?: string;
      /** filter on stornoId (string) */
      stornoId?: string;
      /** filter on acceptedAt (string) */
      acceptedAt?: string;
      /** filter on declinedAt (string) */
      declinedAt?: string;
      /** filter on confirmedAt (string) */
      confirmedAt?: string;
      /** filter on assignmentConfirmationId (string) */
      assignmentConfirmationId?: string;
      /** filter on offerId (string) */
      offerId?: string;
      /** filter on signature.name (string) */
      "signature.name"?: string;
      /** filter on signature.signedAt (date) */
      "signature.signedAt"?: string;
      /** signature.signedAt at or after */
      "signature.signedAtFrom"?: string;
      /** signature.signedAt at or before */
      "signature.signedAtTo"?: string;
      /** filter on signature.timeZone (string) */
      "signature.timeZone"?: string;
      /** filter on signature.image (string) */
      "signature.image"?: string;
      /** filter on creditedInvoiceNumber (string) */
      creditedInvoiceNumber?: string;
      /** filter on creditedInvoiceDate (string) */
      creditedInvoiceDate?: string;
      /** filter on invoiceDate (string) */
      invoiceDate?: string;
      /** filter on reminderLevel (number); a comma list or the parameter repeated */
      reminderLevel?: Array<string>;
      /** reminderLevel at or after */
      reminderLevelFrom?: string;
      /** reminderLevel at or before */
      reminderLevelTo?: string;
      /** filter on lastReminderDate (string) */
      lastReminderDate?: string;
      /** filter on reminderFees (number); a comma list or the parameter repeated */
      reminderFees?: Array<string>;
      /** reminderFees at or after */
      reminderFeesFrom?: string;
      /** reminderFees at or before */
      reminderFeesTo?: string;
      /** filter on skontoAmount (number); a comma list or the parameter repeated */
      skontoAmount?: Array<string>;
      /** skontoAmount at or after */
      skontoAmountFrom?: string;
      /** skontoAmount at or before */
      skontoAmountTo?: string;
      /** filter on skontoDate (string) */
      skontoDate?: string;
      /** filter on creditedAmount (number); a comma list or the parameter repeated */
      creditedAmount?: Array<string>;
      /** creditedAmount at or after */
      creditedAmountFrom?: string;
      /** creditedAmount at or before */
      creditedAmountTo?: string;
      /** filter on lineTotalAmount (number); a comma list or the parameter repeated */
      lineTotalAmount?: Array<string>;
      /** lineTotalAmount at or after */
      lineTotalAmountFrom?: string;
      /** lineTotalAmount at or before */
      lineTotalAmountTo?: string;
      /** filter on allowanceTotalAmount (number); a comma list or the parameter repeated */
      allowanceTotalAmount?: Array<string>;
      /** allowanceTotalAmount at or after */
      allowanceTotalAmountFrom?: string;
      /** allowanceTotalAmount at or before */
      allowanceTotalAmountTo?: string;
      /** filter on chargeTotalAmount (number); a comma list or the parameter repeated */
      chargeTotalAmount?: Array<string>;
      /** chargeTotalAmount at or after */
      chargeTotalAmountFrom?: string;
      /** chargeTotalAmount at or before */
      chargeTotalAmountTo?: string;
      /** filter on skontoBaseAmount (number); a comma list or the parameter repeated */
      skontoBaseAmount?: Array<string>;
      /** skontoBaseAmount at or after */
      skontoBaseAmountFrom?: string;
      /** skontoBaseAmount at or before */
      skontoBaseAmountTo?: string;
      /** filter on prepaidAmount (number); a comma list or the parameter repeated */
      prepaidAmount?: Array<string>;
      /** prepaidAmount at or after */
      prepaidAmountFrom?: string;
      /** prepaidAmount at or before */
      prepaidAmountTo?: string;
      /** filter on amountDue (number); a comma list or the parameter repeated */
      amountDue?: Array<string>;
      /** amountDue at or after */
      amountDueFrom?: string;
      /** amountDue at or before */
      amountDueTo?: string;
      /** filter on customerId (objectid); a comma list or the parameter repeated */
      customerId?: Array<string>;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on assignmentId (objectid); a comma list or the parameter repeated */
      assignmentId?: Array<string>;
      /** filter on title (string) */
      title?: string;
      /** filter on documentDate (string) */
      documentDate?: string;
      /** filter on servicePeriod.from (string) */
      "servicePeriod.from"?: string;
      /** filter on servicePeriod.to (string) */
      "servicePeriod.to"?: string;
      /** filter on paymentTermId (objectid); a comma list or the parameter repeated */
      paymentTermId?: Array<string>;
      /** filter on templateId (objectid); a comma list or the parameter repeated */
      templateId?: Array<string>;
      /** filter on introText (string) */
      introText?: string;
      /** filter on closingText (string) */
      closingText?: string;
      /** filter on buyerReference (string) */
      buyerReference?: string;
      /** filter on orderReferenceId (string) */
      orderReferenceId?: string;
      /** filter on creditedInvoiceId (objectid); a comma list or the parameter repeated */
      creditedInvoiceId?: Array<string>;
      /** state, one or a comma list: draft, issued; a comma list or the parameter repeated */
      status?: Array<string>;
      /** customers, comma-separated; a comma list or the parameter repeated */
      customerIds?: Array<string>;
      /** objects, comma-separated; a comma list or the parameter repeated */
      objectIds?: Array<string>;
      /** two dates from,to: the document date within */
      dateRange?: string;
      /** gross amount at least */
      amountFrom?: string;
      /** gross amount at most */
      amountTo?: string;
      /** true: issued and unpaid past the due date */
      overdue?: string;
    };
    body: undefined;
    response: Array<Credit>;
  };
  /** Mail the credit to the customer as the file they chose (invoiceDelivery: PDF, ZUGFeRD, XRechnung UBL or CII) — POST /v2/credits/{id}/send */
  "credits.send": {
    method: "POST";
    path: "/v2/credits/{id}/send";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: SendDocumentRequest;
    response: SendDocumentResult;
  };
  /** Update a credit — PATCH /v2/credits/{id} */
  "credits.update": {
    method: "PATCH";
    path: "/v2/credits/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: CreditPatch;
    response: UpdatedResult;
  };
  /** Create a customer — POST /v2/customers/ */
  "customers.create": {
    method: "POST";
    path: "/v2/customers/";
    pathParams: undefined;
    query: undefined;
    body: CustomerCreate;
    response: IdResult;
  };
  /** Delete a customer — DELETE /v2/customers/{id} */
  "customers.delete": {
    method: "DELETE";
    path: "/v2/customers/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Export customers as CSV — GET /v2/customers/export.csv */
  "customers.exportCsv": {
    method: "GET";
    path: "/v2/customers/export.csv";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** Read a customer — GET /v2/customers/{id} */
  "customers.get": {
    method: "GET";
    path: "/v2/customers/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Customer;
  };
  /** The customer's account statement: documents, payments and skonto with the running balance — GET /v2/customers/{id}/statement */
  "customers.getStatement": {
    method: "GET";
    path: "/v2/customers/{id}/statement";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: {
      /** first day, YYYY-MM-DD */
      from: string;
      /** last day, YYYY-MM-DD */
      to: string;
    };
    body: undefined;
    response: {
      customerId: string;
      customerName: string;
      debtorAccount: number;
      from: string;
      to: string;
      openingBalance: number;
      lines: Array<{
        date: string;
        type: "invoice" | "credit" | "invoicestorno" | "clearing" | "payment" | "skonto";
        documentNumber: string;
        text: string;
        /** + owed more, − owed less */
        amount: number;
        balance: number;
      }>;
      closingBalance: number;
    };
  };
  /** List customers — GET /v2/customers/ */
  "customers.list": {
    method: "GET";
    path: "/v2/customers/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on contactPerson (string) */
      contactPerson?: string;
      /** filter on address.street (string) */
      "address.street"?: string;
      /** filter on address.zip (string) */
      "address.zip"?: string;
      /** filter on address.city (string) */
      "address.city"?: string;
      /** filter on address.country (string) */
      "address.country"?: string;
      /** filter on address.co (string) */
      "address.co"?: string;
      /** filter on address.state (string) */
      "address.state"?: string;
      /** filter on contact.telephone (string) */
      "contact.telephone"?: string;
      /** filter on contact.mobile (string) */
      "contact.mobile"?: string;
      /** filter on contact.email (string) */
      "contact.email"?: string;
      /** filter on contact.sms (string) */
      "contact.sms"?: string;
      /** filter on contact.website (string) */
      "contact.website"?: string;
      /** filter on contact.fax (string) */
      "contact.fax"?: string;
      /** filter on contact.smsCount (number); a comma list or the parameter repeated */
      "contact.smsCount"?: Array<string>;
      /** contact.smsCount at or after */
      "contact.smsCountFrom"?: string;
      /** contact.smsCount at or before */
      "contact.smsCountTo"?: string;
      /** filter on contact.smsChatCount (number); a comma list or the parameter repeated */
      "contact.smsChatCount"?: Array<string>;
      /** contact.smsChatCount at or after */
      "contact.smsChatCountFrom"?: string;
      /** contact.smsChatCount at or before */
      "contact.smsChatCountTo"?: string;
      /** filter on contact.smsSendDate (date) */
      "contact.smsSendDate"?: string;
      /** contact.smsSendDate at or after */
      "contact.smsSendDateFrom"?: string;
      /** contact.smsSendDate at or before */
      "contact.smsSendDateTo"?: string;
      /** filter on contact.smsSendBy (string) */
      "contact.smsSendBy"?: string;
      /** filter on contact.lastSMSStatus (string) */
      "contact.lastSMSStatus"?: string;
      /** filter on contact.secondSmsSendDate (date) */
      "contact.secondSmsSendDate"?: string;
      /** contact.secondSmsSendDate at or after */
      "contact.secondSmsSendDateFrom"?: string;
      /** contact.secondSmsSendDate at or before */
      "contact.secondSmsSendDateTo"?: string;
      /** filter on invoiceRecipientId (objectid); a comma list or the parameter repeated */
      invoiceRecipientId?: Array<string>;
      /** filter on invoiceCCRecipientIds (string[]); a comma list or the parameter repeated */
      invoiceCCRecipientIds?: Array<string>;
      /** filter on hideRecipientOnDocuments (boolean) */
      hideRecipientOnDocuments?: string;
      /** filter on buyerReference (string) */
      buyerReference?: string;
      /** filter on orderReferenceId (string) */
      orderReferenceId?: string;
      /** filter on vatNumber (string) */
      vatNumber?: string;
      /** filter on debitorNumber (string) */
      debitorNumber?: string;
      /** filter on paymentTermId (objectid); a comma list or the parameter repeated */
      paymentTermId?: Array<string>;
      /** filter on invoiceDelivery.format (string); a comma list or the parameter repeated */
      "invoiceDelivery.format"?: Array<string>;
      /** filter on invoiceDelivery.email (string) */
      "invoiceDelivery.email"?: string;
    };
    body: undefined;
    response: Array<Customer>;
  };
  /** Documents of a customer — GET /v2/customers/{id}/documents */
  "customers.listDocuments": {
    method: "GET";
    path: "/v2/customers/{id}/documents";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Array<Document>;
  };
  /** Update a customer — PATCH /v2/customers/{id} */
  "customers.update": {
    method: "PATCH";
    path: "/v2/customers/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: CustomerPatch;
    response: UpdatedResult;
  };
  /** Upload documents (multipart/form-data) — POST /v2/documents/ */
  "documents.create": {
    method: "POST";
    path: "/v2/documents/";
    pathParams: undefined;
    query: undefined;
    body: FormData;
    response: {
      _id: string;
      ids: Array<string>;
    };
  };
  /** Delete a document and its file — DELETE /v2/documents/{id} */
  "documents.delete": {
    method: "DELETE";
    path: "/v2/documents/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a document record — GET /v2/documents/{id} */
  "documents.get": {
    method: "GET";
    path: "/v2/documents/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Document;
  };
  /** The file (Range requests supported) — GET /v2/documents/{id}/file */
  "documents.getFile": {
    method: "GET";
    path: "/v2/documents/{id}/file";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** List documents — GET /v2/documents/ */
  "documents.list": {
    method: "GET";
    path: "/v2/documents/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on fileName (string) */
      fileName?: string;
      /** filter on url (string) */
      url?: string;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on userId (objectid); a comma list or the parameter repeated */
      userId?: Array<string>;
      /** filter on jobId (objectid); a comma list or the parameter repeated */
      jobId?: Array<string>;
      /** filter on customerId (objectid); a comma list or the parameter repeated */
      customerId?: Array<string>;
      /** filter on absenceId (objectid); a comma list or the parameter repeated */
      absenceId?: Array<string>;
      /** filter on complaintId (objectid); a comma list or the parameter repeated */
      complaintId?: Array<string>;
      /** filter on uploadId (string) */
      uploadId?: string;
      /** filter on contentType (string) */
      contentType?: string;
      /** filter on size (number); a comma list or the parameter repeated */
      size?: Array<string>;
      /** size at or after */
      sizeFrom?: string;
      /** size at or before */
      sizeTo?: string;
      /** filter on sha256 (string) */
      sha256?: string;
      /** filter on name (string) */
      name?: string;
      /** filter on accessGroup (string) */
      accessGroup?: string;
    };
    body: undefined;
    response: Array<Document>;
  };
  /** Update a document — PATCH /v2/documents/{id} */
  "documents.update": {
    method: "PATCH";
    path: "/v2/documents/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: DocumentPatch;
    response: UpdatedResult;
  };
  /** Create an equipment — POST /v2/equipment/ */
  "equipment.create": {
    method: "POST";
    path: "/v2/equipment/";
    pathParams: undefined;
    query: undefined;
    body: EquipmentCreate;
    response: IdResult;
  };
  /** Delete an equipment — DELETE /v2/equipment/{id} */
  "equipment.delete": {
    method: "DELETE";
    path: "/v2/equipment/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read an equipment — GET /v2/equipment/{id} */
  "equipment.get": {
    method: "GET";
    path: "/v2/equipment/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Equipment;
  };
  /** List equipment — GET /v2/equipment/ */
  "equipment.list": {
    method: "GET";
    path: "/v2/equipment/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on equipmentTypeId (objectid); a comma list or the parameter repeated */
      equipmentTypeId?: Array<string>;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on customerId (objectid); a comma list or the parameter repeated */
      customerId?: Array<string>;
      /** filter on serialNumber (string) */
      serialNumber?: string;
      /** filter on manufacturer (string) */
      manufacturer?: string;
      /** filter on purchasedAt (date) */
      purchasedAt?: string;
      /** purchasedAt at or after */
      purchasedAtFrom?: string;
      /** purchasedAt at or before */
      purchasedAtTo?: string;
      /** filter on nextMaintenanceAt (date) */
      nextMaintenanceAt?: string;
      /** nextMaintenanceAt at or after */
      nextMaintenanceAtFrom?: string;
      /** nextMaintenanceAt at or before */
      nextMaintenanceAtTo?: string;
      /** filter on comment (string) */
      comment?: string;
      /** filter on tags (string[]); a comma list or the parameter repeated */
      tags?: Array<string>;
    };
    body: undefined;
    response: Array<Equipment>;
  };
  /** Update an equipment — PATCH /v2/equipment/{id} */
  "equipment.update": {
    method: "PATCH";
    path: "/v2/equipment/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: EquipmentPatch;
    response: UpdatedResult;
  };
  /** Create an equipment type — POST /v2/equipmentTypes/ */
  "equipmentTypes.create": {
    method: "POST";
    path: "/v2/equipmentTypes/";
    pathParams: undefined;
    query: undefined;
    body: EquipmentTypeCreate;
    response: IdResult;
  };
  /** Delete an equipment type — DELETE /v2/equipmentTypes/{id} */
  "equipmentTypes.delete": {
    method: "DELETE";
    path: "/v2/equipmentTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read an equipment type — GET /v2/equipmentTypes/{id} */
  "equipmentTypes.get": {
    method: "GET";
    path: "/v2/equipmentTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: EquipmentType;
  };
  /** List equipmentTypes — GET /v2/equipmentTypes/ */
  "equipmentTypes.list": {
    method: "GET";
    path: "/v2/equipmentTypes/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on description (string) */
      description?: string;
      /** filter on maintenanceIntervalDays (number); a comma list or the parameter repeated */
      maintenanceIntervalDays?: Array<string>;
      /** maintenanceIntervalDays at or after */
      maintenanceIntervalDaysFrom?: string;
      /** maintenanceIntervalDays at or before */
      maintenanceIntervalDaysTo?: string;
    };
    body: undefined;
    response: Array<EquipmentType>;
  };
  /** Update an equipment type — PATCH /v2/equipmentTypes/{id} */
  "equipmentTypes.update": {
    method: "PATCH";
    path: "/v2/equipmentTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: EquipmentTypePatch;
    response: UpdatedResult;
  };
  /** The company's events, oldest first, after a cursor — GET /v2/events */
  "events.list": {
    method: "GET";
    path: "/v2/events";
    pathParams: undefined;
    query: {
      after?: string;
      limit?: number;
    };
    body: undefined;
    response: Array<Event>;
  };
  /** Public holidays of a year — GET /v2/holidays */
  "holidays.list": {
    method: "GET";
    path: "/v2/holidays";
    pathParams: undefined;
    query: {
      year: number;
      country?: string;
      /** ISO 3166-2: BY or DE-BY */
      state?: string;
    };
    body: undefined;
    response: Array<{
      date: string;
      name: string;
      type: string;
    }>;
  };
  /** What the company still has to set up (onboarding checklist) — GET /v2/implementation */
  "implementation.getStatus": {
    method: "GET";
    path: "/v2/implementation";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: {
      /** every step that is not optional is done */
      ready: boolean;
      steps: Array<{
        /** sellerData, object, assignment, employees, holidayRegion, surcharges or webhook */
        key: string;
        title: string;
        /** what the step is needed for */
        why: string;
        done: boolean;
        /** true: not needed for `ready` */
        optional: boolean;
        action: {
          /** HTTP method of the request that completes the step */
          method: string;
          /** its path, e.g. /v2/objects/ */
          path: string;
        };
      }>;
    };
  };
  /** State, progress and report of an import — GET /v2/imports/{id} */
  "imports.get": {
    method: "GET";
    path: "/v2/imports/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: {
      _id: string;
      collection: string;
      /** running; done (every row valid, and written unless a dry run); failed (nothing written, unless writtenRows says otherwise) */
      state: "running" | "done" | "failed";
      /** the phase running, or the last one reached: checking (every row tried, nothing kept), writing (only after every row passed) */
      phase: "checking" | "writing";
      dryRun: boolean;
      fileName?: string;
      totalRows: number;
      /** rows done in the current phase (of totalRows) */
      processedRows: number;
      /** rows written for good: the first writtenRows rows of the file. 0 unless writing; when a failure stopped the writing, the rows before it */
      writtenRows: number;
      /** the row (header = row 1) of the last row written */
      lastWrittenRow?: number;
      /** records created (or that would be, in a dry run) */
      created: number;
      /** records updated by their number (or that would be) */
      updated: number;
      errorCount: number;
      /** the first 1000 problems: row (the header is row 1), field (the CSV column), message */
      errors: Array<{
        row: number;
        field: string;
        message: string;
      }>;
      createdAt: string;
      finishedAt?: string;
    };
  };
  /** Import articles from a CSV file — POST /v2/imports/articles */
  "imports.importArticles": {
    method: "POST";
    path: "/v2/imports/articles";
    pathParams: undefined;
    query: {
      /** check every row, write nothing */
      dryRun?: boolean;
      /** JSON object {csvHeader: apiField or null} */
      mapping?: string;
      /** shown in the report */
      fileName?: string;
    };
    body: FormData;
    response: {
      _id: string;
      collection: string;
      /** running; done (every row valid, and written unless a dry run); failed (nothing written, unless writtenRows says otherwise) */
      state: "running" | "done" | "failed";
      /** the phase running, or the last one reached: checking (every row tried, nothing kept), writing (only after every row passed) */
      phase: "checking" | "writing";
      dryRun: boolean;
      fileName?: string;
      totalRows: number;
      /** rows done in the current phase (of totalRows) */
      processedRows: number;
      /** rows written for good: the first writtenRows rows of the file. 0 unless writing; when a failure stopped the writing, the rows before it */
      writtenRows: number;
      /** the row (header = row 1) of the last row written */
      lastWrittenRow?: number;
      /** records created (or that would be, in a dry run) */
      created: number;
      /** records updated by their number (or that would be) */
      updated: number;
      errorCount: number;
      /** the first 1000 problems: row (the header is row 1), field (the CSV column), message */
      errors: Array<{
        row: number;
        field: string;
        message: string;
      }>;
      createdAt: string;
      finishedAt?: string;
    };
  };
  /** Import customers from a CSV file — POST /v2/imports/customers */
  "imports.importCustomers": {
    method: "POST";
    path: "/v2/imports/customers";
    pathParams: undefined;
    query: {
      /** check every row, write nothing */
      dryRun?: boolean;
      /** JSON object {csvHeader: apiField or null} */
      mapping?: string;
      /** shown in the report */
      fileName?: string;
    };
    body: FormData;
    response: {
      _id: string;
      collection: string;
      /** running; done (every row valid, and written unless a dry run); failed (nothing written, unless writtenRows says otherwise) */
      state: "running" | "done" | "failed";
      /** the phase running, or the last one reached: checking (every row tried, nothing kept), writing (only after every row passed) */
      phase: "checking" | "writing";
      dryRun: boolean;
      fileName?: string;
      totalRows: number;
      /** rows done in the current phase (of totalRows) */
      processedRows: number;
      /** rows written for good: the first writtenRows rows of the file. 0 unless writing; when a failure stopped the writing, the rows before it */
      writtenRows: number;
      /** the row (header = row 1) of the last row written */
      lastWrittenRow?: number;
      /** records created (or that would be, in a dry run) */
      created: number;
      /** records updated by their number (or that would be) */
      updated: number;
      errorCount: number;
      /** the first 1000 problems: row (the header is row 1), field (the CSV column), message */
      errors: Array<{
        row: number;
        field: string;
        message: string;
      }>;
      createdAt: string;
      finishedAt?: string;
    };
  };
  /** Import objects from a CSV file — POST /v2/imports/objects */
  "imports.importObjects": {
    method: "POST";
    path: "/v2/imports/objects";
    pathParams: undefined;
    query: {
      /** check every row, write nothing */
      dryRun?: boolean;
      /** JSON object {csvHeader: apiField or null} */
      mapping?: string;
      /** shown in the report */
      fileName?: string;
    };
    body: FormData;
    response: {
      _id: string;
      collection: string;
      /** running; done (every row valid, and written unless a dry run); failed (nothing written, unless writtenRows says otherwise) */
      state: "running" | "done" | "failed";
      /** the phase running, or the last one reached: checking (every row tried, nothing kept), writing (only after every row passed) */
      phase: "checking" | "writing";
      dryRun: boolean;
      fileName?: string;
      totalRows: number;
      /** rows done in the current phase (of totalRows) */
      processedRows: number;
      /** rows written for good: the first writtenRows rows of the file. 0 unless writing; when a failure stopped the writing, the rows before it */
      writtenRows: number;
      /** the row (header = row 1) of the last row written */
      lastWrittenRow?: number;
      /** records created (or that would be, in a dry run) */
      created: number;
      /** records updated by their number (or that would be) */
      updated: number;
      errorCount: number;
      /** the first 1000 problems: row (the header is row 1), field (the CSV column), message */
      errors: Array<{
        row: number;
        field: string;
        message: string;
      }>;
      createdAt: string;
      finishedAt?: string;
    };
  };
  /** Import users from a CSV file — POST /v2/imports/users */
  "imports.importUsers": {
    method: "POST";
    path: "/v2/imports/users";
    pathParams: undefined;
    query: {
      /** check every row, write nothing */
      dryRun?: boolean;
      /** JSON object {csvHeader: apiField or null} */
      mapping?: string;
      /** shown in the report */
      fileName?: string;
    };
    body: FormData;
    response: {
      _id: string;
      collection: string;
      /** running; done (every row valid, and written unless a dry run); failed (nothing written, unless writtenRows says otherwise) */
      state: "running" | "done" | "failed";
      /** the phase running, or the last one reached: checking (every row tried, nothing kept), writing (only after every row passed) */
      phase: "checking" | "writing";
      dryRun: boolean;
      fileName?: string;
      totalRows: number;
      /** rows done in the current phase (of totalRows) */
      processedRows: number;
      /** rows written for good: the first writtenRows rows of the file. 0 unless writing; when a failure stopped the writing, the rows before it */
      writtenRows: number;
      /** the row (header = row 1) of the last row written */
      lastWrittenRow?: number;
      /** records created (or that would be, in a dry run) */
      created: number;
      /** records updated by their number (or that would be) */
      updated: number;
      errorCount: number;
      /** the first 1000 problems: row (the header is row 1), field (the CSV column), message */
      errors: Array<{
        row: number;
        field: string;
        message: string;
      }>;
      createdAt: string;
      finishedAt?: string;
    };
  };
  /** Create a reminder template — POST /v2/invoiceReminderTemplates/ */
  "invoiceReminderTemplates.create": {
    method: "POST";
    path: "/v2/invoiceReminderTemplates/";
    pathParams: undefined;
    query: undefined;
    body: InvoiceReminderTemplateCreate;
    response: IdResult;
  };
  /** Delete a reminder template — DELETE /v2/invoiceReminderTemplates/{id} */
  "invoiceReminderTemplates.delete": {
    method: "DELETE";
    path: "/v2/invoiceReminderTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a reminder template — GET /v2/invoiceReminderTemplates/{id} */
  "invoiceReminderTemplates.get": {
    method: "GET";
    path: "/v2/invoiceReminderTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: InvoiceReminderTemplate;
  };
  /** List invoiceReminderTemplates — GET /v2/invoiceReminderTemplates/ */
  "invoiceReminderTemplates.list": {
    method: "GET";
    path: "/v2/invoiceReminderTemplates/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on level (number); a comma list or the parameter repeated */
      level?: Array<string>;
      /** level at or after */
      levelFrom?: string;
      /** level at or before */
      levelTo?: string;
      /** filter on subject (string) */
      subject?: string;
      /** filter on text (string) */
      text?: string;
    };
    body: undefined;
    response: Array<InvoiceReminderTemplate>;
  };
  /** Update a reminder template — PATCH /v2/invoiceReminderTemplates/{id} */
  "invoiceReminderTemplates.update": {
    method: "PATCH";
    path: "/v2/invoiceReminderTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: InvoiceReminderTemplatePatch;
    response: UpdatedResult;
  };
  /** Delete a reminder — DELETE /v2/invoiceReminders/{id} */
  "invoiceReminders.delete": {
    method: "DELETE";
    path: "/v2/invoiceReminders/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a reminder — GET /v2/invoiceReminders/{id} */
  "invoiceReminders.get": {
    method: "GET";
    path: "/v2/invoiceReminders/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: InvoiceReminder;
  };
  /** The reminder letter as PDF — GET /v2/invoiceReminders/{id}/pdf */
  "invoiceReminders.getPdf": {
    method: "GET";
    path: "/v2/invoiceReminders/{id}/pdf";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** List invoiceReminders — GET /v2/invoiceReminders/ */
  "invoiceReminders.list": {
    method: "GET";
    path: "/v2/invoiceReminders/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on invoiceId (string) */
      invoiceId?: string;
      /** filter on invoiceNumber (string) */
      invoiceNumber?: string;
      /** filter on customerId (string) */
      customerId?: string;
      /** filter on level (number); a comma list or the parameter repeated */
      level?: Array<string>;
      /** level at or after */
      levelFrom?: string;
      /** level at or before */
      levelTo?: string;
      /** filter on title (string) */
      title?: string;
      /** filter on date (string) */
      date?: string;
      /** filter on newDueDate (string) */
      newDueDate?: string;
      /** filter on fee (number); a comma list or the parameter repeated */
      fee?: Array<string>;
      /** fee at or after */
      feeFrom?: string;
      /** fee at or before */
      feeTo?: string;
      /** filter on openAmount (number); a comma list or the parameter repeated */
      openAmount?: Array<string>;
      /** openAmount at or after */
      openAmountFrom?: string;
      /** openAmount at or before */
      openAmountTo?: string;
      /** filter on total (number); a comma list or the parameter repeated */
      total?: Array<string>;
      /** total at or after */
      totalFrom?: string;
      /** total at or before */
      totalTo?: string;
      /** filter on subject (string) */
      subject?: string;
      /** filter on text (string) */
      text?: string;
      /** filter on note (string) */
      note?: string;
    };
    body: undefined;
    response: Array<InvoiceReminder>;
  };
  /** Dunning run: the next reminder of every overdue invoice whose waiting days have passed — POST /v2/invoiceReminders/run */
  "invoiceReminders.run": {
    method: "POST";
    path: "/v2/invoiceReminders/run";
    pathParams: undefined;
    query: undefined;
    body: {
      /** default today in the company's time zone */
      date?: string;
    };
    response: {
      date: string;
      created: Array<string>;
    };
  };
  /** Mail the reminder letter with a copy of the invoice (both PDF) to the customer — POST /v2/invoiceReminders/{id}/send */
  "invoiceReminders.send": {
    method: "POST";
    path: "/v2/invoiceReminders/{id}/send";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: SendDocumentRequest;
    response: SendDocumentResult;
  };
  /** Update a reminder — PATCH /v2/invoiceReminders/{id} */
  "invoiceReminders.update": {
    method: "PATCH";
    path: "/v2/invoiceReminders/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: InvoiceReminderPatch;
    response: UpdatedResult;
  };
  /** Read a cancellation — GET /v2/invoiceStornos/{id} */
  "invoiceStornos.get": {
    method: "GET";
    path: "/v2/invoiceStornos/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: InvoiceStorno;
  };
  /** The cancellation as PDF — GET /v2/invoiceStornos/{id}/pdf */
  "invoiceStornos.getPdf": {
    method: "GET";
    path: "/v2/invoiceStornos/{id}/pdf";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** The cancellation as XRechnung (EN 16931) XML — GET /v2/invoiceStornos/{id}/xrechnung */
  "invoiceStornos.getXrechnung": {
    method: "GET";
    path: "/v2/invoiceStornos/{id}/xrechnung";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: {
      syntax?: "ubl" | "cii";
    };
    body: undefined;
    response: ArrayBuffer;
  };
  /** The cancellation as ZUGFeRD / Factur-X (PDF/A-3 with the CII XML embedded) — GET /v2/invoiceStornos/{id}/zugferd */
  "invoiceStornos.getZugferd": {
    method: "GET";
    path: "/v2/invoiceStornos/{id}/zugferd";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** List invoiceStornos — GET /v2/invoiceStornos/ */
  "invoiceStornos.list": {
    method: "GET";
    path: "/v2/invoiceStornos/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** document number (exact) or its part */
      number?: string;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on state (string) */
      state?: string;
      /** filter on documentNumber (string) */
      documentNumber?: string;
      /** filter on issuedAt (date) */
      issuedAt?: string;
      /** issuedAt at or after */
      issuedAtFrom?: string;
      /** issuedAt at or before */
      issuedAtTo?: string;
      /** filter on dueDate (string) */
      dueDate?: string;
      /** filter on currency (string) */
      currency?: string;
      /** filter on netAmount (number); a comma list or the parameter repeated */
      netAmount?: Array<string>;
      /** netAmount at or after */
      netAmountFrom?: string;
      /** netAmount at or before */
      netAmountTo?: string;
      /** filter on taxAmount (number); a comma list or the parameter repeated */
      taxAmount?: Array<string>;
      /** taxAmount at or after */
      taxAmountFrom?: string;
      /** taxAmount at or before */
      taxAmountTo?: string;
      /** filter on grossAmount (number); a comma list or the parameter repeated */
      grossAmount?: Array<string>;
      /** grossAmount at or after */
      grossAmountFrom?: string;
      /** grossAmount at or before */
      grossAmountTo?: string;
      /** filter on seller.name (string) */
      "seller.name"?: string;
      /** filter on seller.street (string) */
      "seller.street"?: string;
      /** filter on seller.zip (string) */
      "seller.zip"?: string;
      /** filter on seller.city (string) */
      "seller.city"?: string;
      /** filter on seller.country (string) */
      "seller.country"?: string;
      /** filter on seller.vatId (string) */
      "seller.vatId"?: string;
      /** filter on seller.taxNumber (string) */
      "seller.taxNumber"?: string;
      /** filter on seller.email (string) */
      "seller.email"?: string;
      /** filter on seller.phone (string) */
      "seller.phone"?: string;
      /** filter on seller.iban (string) */
      "seller.iban"?: string;
      /** filter on seller.bic (string) */
      "seller.bic"?: string;
      /** filter on seller.bankName (string) */
      "seller.bankName"?: string;
      /** filter on seller.registration (string) */
      "seller.registration"?: string;
      /** filter on seller.managingDirector (string) */
      "seller.managingDirector"?: string;
      /** filter on seller.contactName (string) */
      "seller.contactName"?: string;
      /** filter on seller.electronicAddress (string) */
      "seller.electronicAddress"?: string;
      /** filter on seller.sellerIdentifier (string) */
      "seller.sellerIdentifier"?: string;
      /** filter on buyer.customerId (string) */
      "buyer.customerId"?: string;
      /** filter on buyer.number (number); a comma list or the parameter repeated */
      "buyer.number"?: Array<string>;
      /** buyer.number at or after */
      "buyer.numberFrom"?: string;
      /** buyer.number at or before */
      "buyer.numberTo"?: string;
      /** filter on buyer.name (string) */
      "buyer.name"?: string;
      /** filter on buyer.contactPerson (string) */
      "buyer.contactPerson"?: string;
      /** filter on buyer.address.street (string) */
      "buyer.address.street"?: string;
      /** filter on buyer.address.zip (string) */
      "buyer.address.zip"?: string;
      /** filter on buyer.address.city (string) */
      "buyer.address.city"?: string;
      /** filter on buyer.address.country (string) */
      "buyer.address.country"?: string;
      /** filter on buyer.address.co (string) */
      "buyer.address.co"?: string;
      /** filter on buyer.address.state (string) */
      "buyer.address.state"?: string;
      /** filter on buyer.email (string) */
      "buyer.email"?: string;
      /** filter on buyer.vatNumber (string) */
      "buyer.vatNumber"?: string;
      /** filter on buyer.debitorNumber (string) */
      "buyer.debitorNumber"?: string;
      /** filter on buyer.buyerReference (string) */
      "buyer.buyerReference"?: string;
      /** filter on buyer.orderReferenceId (string) */
      "buyer.orderReferenceId"?: string;
      /** filter on delivery.name (string) */
      "delivery.name"?: string;
      /** filter on delivery.address.street (string) */
      "delivery.address.street"?: string;
      /** filter on delivery.address.zip (string) */
      "delivery.address.zip"?: string;
      /** filter on delivery.address.city (string) */
      "delivery.address.city"?: string;
      /** filter on delivery.address.country (string) */
      "delivery.address.country"?: string;
      /** filter on paymentTerm.id (string) */
      "paymentTerm.id"?: string;
      /** filter on paymentTerm.name (string) */
      "paymentTerm.name"?: string;
      /** filter on paymentTerm.netDays (number); a comma list or the parameter repeated */
      "paymentTerm.netDays"?: Array<string>;
      /** paymentTerm.netDays at or after */
      "paymentTerm.netDaysFrom"?: string;
      /** paymentTerm.netDays at or before */
      "paymentTerm.netDaysTo"?: string;
      /** filter on paymentTerm.skontoPercentage (number); a comma list or the parameter repeated */
      "paymentTerm.skontoPercentage"?: Array<string>;
      /** paymentTerm.skontoPercentage at or after */
      "paymentTerm.skontoPercentageFrom"?: string;
      /** paymentTerm.skontoPercentage at or before */
      "paymentTerm.skontoPercentageTo"?: string;
      /** filter on paymentTerm.skontoDays (number); a comma list or the parameter repeated */
      "paymentTerm.skontoDays"?: Array<string>;
      /** paymentTerm.skontoDays at or after */
      "paymentTerm.skontoDaysFrom"?: string;
      /** paymentTerm.skontoDays at or before */
      "paymentTerm.skontoDaysTo"?: string;
      /** filter on paidAmount (number); a comma list or the parameter repeated */
      paidAmount?: Array<string>;
      /** paidAmount at or after */
      paidAmountFrom?: string;
      /** paidAmount at or before */
      paidAmountTo?: string;
      /** filter on openAmount (number); a comma list or the parameter repeated */
      openAmount?: Array<string>;
      /** openAmount at or after */
      openAmountFrom?: string;
      /** openAmount at or before */
      openAmountTo?: string;
      /** filter on overpaidAmount (number); a comma list or the parameter repeated */
      overpaidAmount?: Array<string>;
      /** overpaidAmount at or after */
      overpaidAmountFrom?: string;
      /** overpaidAmount at or before */
      overpaidAmountTo?: string;
      /** filter on skontoApplied (boolean) */
      skontoApplied?: string;
      /** filter on invoiceId (string) */
      invoiceId?: string;
      /** filter on invoiceNumber (string) */
      invoiceNumber?: string;
      /** filter on stornoId (string) */
      stornoId?: string;
      /** filter on acceptedAt (string) */
      acceptedAt?: string;
      /** filter on declinedAt (string) */
      declinedAt?: string;
      /** filter on confirmedAt (string) */
      confirmedAt?: string;
      /** filter on assignmentConfirmationId (string) */
      assignmentConfirmationId?: string;
      /** filter on offerId (string) */
      offerId?: string;
      /** filter on signature.name (string) */
      "signature.name"?: string;
      /** filter on signature.signedAt (date) */
      "signature.signedAt"?: string;
      /** signature.signedAt at or after */
      "signature.signedAtFrom"?: string;
      /** signature.signedAt at or before */
      "signature.signedAtTo"?: string;
      /** filter on signature.timeZone (string) */
      "signature.timeZone"?: string;
      /** filter on signature.image (string) */
      "signature.image"?: string;
      /** filter on creditedInvoiceNumber (string) */
      creditedInvoiceNumber?: string;
      /** filter on creditedInvoiceDate (string) */
      creditedInvoiceDate?: string;
      /** filter on invoiceDate (string) */
      invoiceDate?: string;
      /** filter on reminderLevel (number); a comma list or the parameter repeated */
      reminderLevel?: Array<string>;
      /** reminderLevel at or after */
      reminderLevelFrom?: string;
      /** reminderLevel at or before */
      reminderLevelTo?: string;
      /** filter on lastReminderDate (string) */
      lastReminderDate?: string;
      /** filter on reminderFees (number); a comma list or the parameter repeated */
      reminderFees?: Array<string>;
      /** reminderFees at or after */
      reminderFeesFrom?: string;
      /** reminderFees at or before */
      reminderFeesTo?: string;
      /** filter on skontoAmount (number); a comma list or the parameter repeated */
      skontoAmount?: Array<string>;
      /** skontoAmount at or after */
      skontoAmountFrom?: string;
      /** skontoAmount at or before */
      skontoAmountTo?: string;
      /** filter on skontoDate (string) */
      skontoDate?: string;
      /** filter on creditedAmount (number); a comma list or the parameter repeated */
      creditedAmount?: Array<string>;
      /** creditedAmount at or after */
      creditedAmountFrom?: string;
      /** creditedAmount at or before */
      creditedAmountTo?: string;
      /** filter on lineTotalAmount (number); a comma list or the parameter repeated */
      lineTotalAmount?: Array<string>;
      /** lineTotalAmount at or after */
      lineTotalAmountFrom?: string;
      /** lineTotalAmount at or before */
      lineTotalAmountTo?: string;
      /** filter on allowanceTotalAmount (number); a comma list or the parameter repeated */
      allowanceTotalAmount?: Array<string>;
      /** allowanceTotalAmount at or after */
      allowanceTotalAmountFrom?: string;
      /** allowanceTotalAmount at or before */
      allowanceTotalAmountTo?: string;
      /** filter on chargeTotalAmount (number); a comma list or the parameter repeated */
      chargeTotalAmount?: Array<string>;
      /** chargeTotalAmount at or after */
      chargeTotalAmountFrom?: string;
      /** chargeTotalAmount at or before */
      chargeTotalAmountTo?: string;
      /** filter on skontoBaseAmount (number); a comma list or the parameter repeated */
      skontoBaseAmount?: Array<string>;
      /** skontoBaseAmount at or after */
      skontoBaseAmountFrom?: string;
      /** skontoBaseAmount at or before */
      skontoBaseAmountTo?: string;
      /** filter on prepaidAmount (number); a comma list or the parameter repeated */
      prepaidAmount?: Array<string>;
      /** prepaidAmount at or after */
      prepaidAmountFrom?: string;
      /** prepaidAmount at or before */
      prepaidAmountTo?: string;
      /** filter on amountDue (number); a comma list or the parameter repeated */
      amountDue?: Array<string>;
      /** amountDue at or after */
      amountDueFrom?: string;
      /** amountDue at or before */
      amountDueTo?: string;
      /** filter on customerId (objectid); a comma list or the parameter repeated */
      customerId?: Array<string>;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on assignmentId (objectid); a comma list or the parameter repeated */
      assignmentId?: Array<string>;
      /** filter on title (string) */
      title?: string;
      /** filter on documentDate (string) */
      documentDate?: string;
      /** filter on servicePeriod.from (string) */
      "servicePeriod.from"?: string;
      /** filter on servicePeriod.to (string) */
      "servicePeriod.to"?: string;
      /** filter on paymentTermId (objectid); a comma list or the parameter repeated */
      paymentTermId?: Array<string>;
      /** filter on templateId (objectid); a comma list or the parameter repeated */
      templateId?: Array<string>;
      /** filter on introText (string) */
      introText?: string;
      /** filter on closingText (string) */
      closingText?: string;
      /** filter on buyerReference (string) */
      buyerReference?: string;
      /** filter on orderReferenceId (string) */
      orderReferenceId?: string;
      /** state, one or a comma list: issued; a comma list or the parameter repeated */
      status?: Array<string>;
      /** customers, comma-separated; a comma list or the parameter repeated */
      customerIds?: Array<string>;
      /** objects, comma-separated; a comma list or the parameter repeated */
      objectIds?: Array<string>;
      /** two dates from,to: the document date within */
      dateRange?: string;
      /** gross amount at least */
      amountFrom?: string;
      /** gross amount at most */
      amountTo?: string;
      /** true: issued and unpaid past the due date */
      overdue?: string;
    };
    body: undefined;
    response: Array<InvoiceStorno>;
  };
  /** Mail the cancellation to the customer as the file they chose (invoiceDelivery: PDF, ZUGFeRD, XRechnung UBL or CII) — POST /v2/invoiceStornos/{id}/send */
  "invoiceStornos.send": {
    method: "POST";
    path: "/v2/invoiceStornos/{id}/send";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: SendDocumentRequest;
    response: SendDocumentResult;
  };
  /** Create an invoice template — POST /v2/invoiceTemplates/ */
  "invoiceTemplates.create": {
    method: "POST";
    path: "/v2/invoiceTemplates/";
    pathParams: undefined;
    query: undefined;
    body: InvoiceTemplateCreate;
    response: IdResult;
  };
  /** Delete an invoice template — DELETE /v2/invoiceTemplates/{id} */
  "invoiceTemplates.delete": {
    method: "DELETE";
    path: "/v2/invoiceTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read an invoice template — GET /v2/invoiceTemplates/{id} */
  "invoiceTemplates.get": {
    method: "GET";
    path: "/v2/invoiceTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: InvoiceTemplate;
  };
  /** List invoiceTemplates — GET /v2/invoiceTemplates/ */
  "invoiceTemplates.list": {
    method: "GET";
    path: "/v2/invoiceTemplates/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on title (string) */
      title?: string;
      /** filter on introText (string) */
      introText?: string;
      /** filter on closingText (string) */
      closingText?: string;
      /** filter on default (boolean) */
      default?: string;
    };
    body: undefined;
    response: Array<InvoiceTemplate>;
  };
  /** Update an invoice template — PATCH /v2/invoiceTemplates/{id} */
  "invoiceTemplates.update": {
    method: "PATCH";
    path: "/v2/invoiceTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: InvoiceTemplatePatch;
    response: UpdatedResult;
  };
  /** Cancel an issued invoice by a cancellation document that mirrors it — POST /v2/invoices/{id}/cancel */
  "invoices.cancel": {
    method: "POST";
    path: "/v2/invoices/{id}/cancel";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: {
      _id: string;
      documentNumber: string;
    };
  };
  /** Create an invoice — POST /v2/invoices/ */
  "invoices.create": {
    method: "POST";
    path: "/v2/invoices/";
    pathParams: undefined;
    query: undefined;
    body: InvoiceCreate;
    response: IdResult;
  };
  /** Delete an invoice — DELETE /v2/invoices/{id} */
  "invoices.delete": {
    method: "DELETE";
    path: "/v2/invoices/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Monthly run: draft invoices for every billable assignment — POST /v2/invoices/generate */
  "invoices.generate": {
    method: "POST";
    path: "/v2/invoices/generate";
    pathParams: undefined;
    query: undefined;
    body: {
      month: string;
    };
    response: Record<string, unknown>;
  };
  /** Read an invoice — GET /v2/invoices/{id} */
  "invoices.get": {
    method: "GET";
    path: "/v2/invoices/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Invoice;
  };
  /** The invoice as PDF — GET /v2/invoices/{id}/pdf */
  "invoices.getPdf": {
    method: "GET";
    path: "/v2/invoices/{id}/pdf";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** The invoice as XRechnung (EN 16931) XML — GET /v2/invoices/{id}/xrechnung */
  "invoices.getXrechnung": {
    method: "GET";
    path: "/v2/invoices/{id}/xrechnung";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: {
      syntax?: "ubl" | "cii";
    };
    body: undefined;
    response: ArrayBuffer;
  };
  /** The invoice as ZUGFeRD / Factur-X (PDF/A-3 with the CII XML embedded) — GET /v2/invoices/{id}/zugferd */
  "invoices.getZugferd": {
    method: "GET";
    path: "/v2/invoices/{id}/zugferd";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** Issue the invoice: its number (gapless), seller and buyer are fixed from now on — POST /v2/invoices/{id}/issue */
  "invoices.issue": {
    method: "POST";
    path: "/v2/invoices/{id}/issue";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: {
      _id: string;
      documentNumber: string;
    };
  };
  /** List invoices — GET /v2/invoices/ */
  "invoices.list": {
    method: "GET";
    path: "/v2/invoices/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** document number (exact) or its part */
      number?: string;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on state (string) */
      state?: string;
      /** filter on documentNumber (string) */
      documentNumber?: string;
      /** filter on issuedAt (date) */
      issuedAt?: string;
      /** issuedAt at or after */
      issuedAtFrom?: string;
      /** issuedAt at or before */
      issuedAtTo?: string;
      /** filter on dueDate (string) */
      dueDate?: string;
      /** filter on currency (string) */
      currency?: string;
      /** filter on netAmount (number); a comma list or the parameter repeated */
      netAmount?: Array<string>;
      /** netAmount at or after */
      netAmountFrom?: string;
      /** netAmount at or before */
      netAmountTo?: string;
      /** filter on taxAmount (number); a comma list or the parameter repeated */
      taxAmount?: Array<string>;
      /** taxAmount at or after */
      taxAmountFrom?: string;
      /** taxAmount at or before */
      taxAmountTo?: string;
      /** filter on grossAmount (number); a comma list or the parameter repeated */
      grossAmount?: Array<string>;
      /** grossAmount at or after */
      grossAmountFrom?: string;
      /** grossAmount at or before */
      grossAmountTo?: string;
      /** filter on seller.name (string) */
      "seller.name"?: string;
      /** filter on seller.street (string) */
      "seller.street"?: string;
      /** filter on seller.zip (string) */
      "seller.zip"?: string;
      /** filter on seller.city (string) */
      "seller.city"?: string;
      /** filter on seller.country (string) */
      "seller.country"?: string;
      /** filter on seller.vatId (string) */
      "seller.vatId"?: string;
      /** filter on seller.taxNumber (string) */
      "seller.taxNumber"?: string;
      /** filter on seller.email (string) */
      "seller.email"?: string;
      /** filter on seller.phone (string) */
      "seller.phone"?: string;
      /** filter on seller.iban (string) */
      "seller.iban"?: string;
      /** filter on seller.bic (string) */
      "seller.bic"?: string;
      /** filter on seller.bankName (string) */
      "seller.bankName"?: string;
      /** filter on seller.registration (string) */
      "seller.registration"?: string;
      /** filter on seller.managingDirector (string) */
      "seller.managingDirector"?: string;
      /** filter on seller.contactName (string) */
      "seller.contactName"?: string;
      /** filter on seller.electronicAddress (string) */
      "seller.electronicAddress"?: string;
      /** filter on seller.sellerIdentifier (string) */
      "seller.sellerIdentifier"?: string;
      /** filter on buyer.customerId (string) */
      "buyer.customerId"?: string;
      /** filter on buyer.number (number); a comma list or the parameter repeated */
      "buyer.number"?: Array<string>;
      /** buyer.number at or after */
      "buyer.numberFrom"?: string;
      /** buyer.number at or before */
      "buyer.numberTo"?: string;
      /** filter on buyer.name (string) */
      "buyer.name"?: string;
      /** filter on buyer.contactPerson (string) */
      "buyer.contactPerson"?: string;
      /** filter on buyer.address.street (string) */
      "buyer.address.street"?: string;
      /** filter on buyer.address.zip (string) */
      "buyer.address.zip"?: string;
      /** filter on buyer.address.city (string) */
      "buyer.address.city"?: string;
      /** filter on buyer.address.country (string) */
      "buyer.address.country"?: string;
      /** filter on buyer.address.co (string) */
      "buyer.address.co"?: string;
      /** filter on buyer.address.state (string) */
      "buyer.address.state"?: string;
      /** filter on buyer.email (string) */
      "buyer.email"?: string;
      /** filter on buyer.vatNumber (string) */
      "buyer.vatNumber"?: string;
      /** filter on buyer.debitorNumber (string) */
      "buyer.debitorNumber"?: string;
      /** filter on buyer.buyerReference (string) */
      "buyer.buyerReference"?: string;
      /** filter on buyer.orderReferenceId (string) */
      "buyer.orderReferenceId"?: string;
      /** filter on delivery.name (string) */
      "delivery.name"?: string;
      /** filter on delivery.address.street (string) */
      "delivery.address.street"?: string;
      /** filter on delivery.address.zip (string) */
      "delivery.address.zip"?: string;
      /** filter on delivery.address.city (string) */
      "delivery.address.city"?: string;
      /** filter on delivery.address.country (string) */
      "delivery.address.country"?: string;
      /** filter on paymentTerm.id (string) */
      "paymentTerm.id"?: string;
      /** filter on paymentTerm.name (string) */
      "paymentTerm.name"?: string;
      /** filter on paymentTerm.netDays (number); a comma list or the parameter repeated */
      "paymentTerm.netDays"?: Array<string>;
      /** paymentTerm.netDays at or after */
      "paymentTerm.netDaysFrom"?: string;
      /** paymentTerm.netDays at or before */
      "paymentTerm.netDaysTo"?: string;
      /** filter on paymentTerm.skontoPercentage (number); a comma list or the parameter repeated */
      "paymentTerm.skontoPercentage"?: Array<string>;
      /** paymentTerm.skontoPercentage at or after */
      "paymentTerm.skontoPercentageFrom"?: string;
      /** paymentTerm.skontoPercentage at or before */
      "paymentTerm.skontoPercentageTo"?: string;
      /** filter on paymentTerm.skontoDays (number); a comma list or the parameter repeated */
      "paymentTerm.skontoDays"?: Array<string>;
      /** paymentTerm.skontoDays at or after */
      "paymentTerm.skontoDaysFrom"?: string;
      /** paymentTerm.skontoDays at or before */
      "paymentTerm.skontoDaysTo"?: string;
      /** filter on paidAmount (number); a comma list or the parameter repeated */
      paidAmount?: Array<string>;
      /** paidAmount at or after */
      paidAmountFrom?: string;
      /** paidAmount at or before */
      paidAmountTo?: string;
      /** filter on openAmount (number); a comma list or the parameter repeated */
      openAmount?: Array<string>;
      /** openAmount at or after */
      openAmountFrom?: string;
      /** openAmount at or before */
      openAmountTo?: string;
      /** filter on overpaidAmount (number); a comma list or the parameter repeated */
      overpaidAmount?: Array<string>;
      /** overpaidAmount at or after */
      overpaidAmountFrom?: string;
      /** overpaidAmount at or before */
      overpaidAmountTo?: string;
      /** filter on skontoApplied (boolean) */
      skontoApplied?: string;
      /** filter on invoiceId (string) */
      invoiceId?: string;
      /** filter on invoiceNumber (string) */
      invoiceNumber?: string;
      /** filter on stornoId (string) */
      stornoId?: string;
      /** filter on acceptedAt (string) */
      acceptedAt?: string;
      /** filter on declinedAt (string) */
      declinedAt?: string;
      /** filter on confirmedAt (string) */
      confirmedAt?: string;
      /** filter on assignmentConfirmationId (string) */
      assignmentConfirmationId?: string;
      /** filter on offerId (string) */
      offerId?: string;
      /** filter on signature.name (string) */
      "signature.name"?: string;
      /** filter on signature.signedAt (date) */
      "signature.signedAt"?: string;
      /** signature.signedAt at or after */
      "signature.signedAtFrom"?: string;
      /** signature.signedAt at or before */
      "signature.signedAtTo"?: string;
      /** filter on signature.timeZone (string) */
      "signature.timeZone"?: string;
      /** filter on signature.image (string) */
      "signature.image"?: string;
      /** filter on creditedInvoiceNumber (string) */
      creditedInvoiceNumber?: string;
      /** filter on creditedInvoiceDate (string) */
      creditedInvoiceDate?: string;
      /** filter on invoiceDate (string) */
      invoiceDate?: string;
      /** filter on reminderLevel (number); a comma list or the parameter repeated */
      reminderLevel?: Array<string>;
      /** reminderLevel at or after */
      reminderLevelFrom?: string;
      /** reminderLevel at or before */
      reminderLevelTo?: string;
      /** filter on lastReminderDate (string) */
      lastReminderDate?: string;
      /** filter on reminderFees (number); a comma list or the parameter repeated */
      reminderFees?: Array<string>;
      /** reminderFees at or after */
      reminderFeesFrom?: string;
      /** reminderFees at or before */
      reminderFeesTo?: string;
      /** filter on skontoAmount (number); a comma list or the parameter repeated */
      skontoAmount?: Array<string>;
      /** skontoAmount at or after */
      skontoAmountFrom?: string;
      /** skontoAmount at or before */
      skontoAmountTo?: string;
      /** filter on skontoDate (string) */
      skontoDate?: string;
      /** filter on creditedAmount (number); a comma list or the parameter repeated */
      creditedAmount?: Array<string>;
      /** creditedAmount at or after */
      creditedAmountFrom?: string;
      /** creditedAmount at or before */
      creditedAmountTo?: string;
      /** filter on lineTotalAmount (number); a comma list or the parameter repeated */
      lineTotalAmount?: Array<string>;
      /** lineTotalAmount at or after */
      lineTotalAmountFrom?: string;
      /** lineTotalAmount at or before */
      lineTotalAmountTo?: string;
      /** filter on allowanceTotalAmount (number); a comma list or the parameter repeated */
      allowanceTotalAmount?: Array<string>;
      /** allowanceTotalAmount at or after */
      allowanceTotalAmountFrom?: string;
      /** allowanceTotalAmount at or before */
      allowanceTotalAmountTo?: string;
      /** filter on chargeTotalAmount (number); a comma list or the parameter repeated */
      chargeTotalAmount?: Array<string>;
      /** chargeTotalAmount at or after */
      chargeTotalAmountFrom?: string;
      /** chargeTotalAmount at or before */
      chargeTotalAmountTo?: string;
      /** filter on skontoBaseAmount (number); a comma list or the parameter repeated */
      skontoBaseAmount?: Array<string>;
      /** skontoBaseAmount at or after */
      skontoBaseAmountFrom?: string;
      /** skontoBaseAmount at or before */
      skontoBaseAmountTo?: string;
      /** filter on prepaidAmount (number); a comma list or the parameter repeated */
      prepaidAmount?: Array<string>;
      /** prepaidAmount at or after */
      prepaidAmountFrom?: string;
      /** prepaidAmount at or before */
      prepaidAmountTo?: string;
      /** filter on amountDue (number); a comma list or the parameter repeated */
      amountDue?: Array<string>;
      /** amountDue at or after */
      amountDueFrom?: string;
      /** amountDue at or before */
      amountDueTo?: string;
      /** filter on customerId (objectid); a comma list or the parameter repeated */
      customerId?: Array<string>;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on assignmentId (objectid); a comma list or the parameter repeated */
      assignmentId?: Array<string>;
      /** filter on title (string) */
      title?: string;
      /** filter on documentDate (string) */
      documentDate?: string;
      /** filter on servicePeriod.from (string) */
      "servicePeriod.from"?: string;
      /** filter on servicePeriod.to (string) */
      "servicePeriod.to"?: string;
      /** filter on paymentTermId (objectid); a comma list or the parameter repeated */
      paymentTermId?: Array<string>;
      /** filter on templateId (objectid); a comma list or the parameter repeated */
      templateId?: Array<string>;
      /** filter on introText (string) */
      introText?: string;
      /** filter on closingText (string) */
      closingText?: string;
      /** filter on buyerReference (string) */
      buyerReference?: string;
      /** filter on orderReferenceId (string) */
      orderReferenceId?: string;
      /** filter on invoiceType (string); a comma list or the parameter repeated */
      invoiceType?: Array<string>;
      /** filter on partialInvoiceIds (string[]); a comma list or the parameter repeated */
      partialInvoiceIds?: Array<string>;
      /** state, one or a comma list: draft, issued, partially_paid, paid, overdue, cancelled; a comma list or the parameter repeated */
      status?: Array<string>;
      /** customers, comma-separated; a comma list or the parameter repeated */
      customerIds?: Array<string>;
      /** objects, comma-separated; a comma list or the parameter repeated */
      objectIds?: Array<string>;
      /** two dates from,to: the document date within */
      dateRange?: string;
      /** gross amount at least */
      amountFrom?: string;
      /** gross amount at most */
      amountTo?: string;
      /** true: issued and unpaid past the due date */
      overdue?: string;
    };
    body: undefined;
    response: Array<Invoice>;
  };
  /** Mail the invoice to the customer as the file they chose (invoiceDelivery: PDF, ZUGFeRD, XRechnung UBL or CII) — POST /v2/invoices/{id}/send */
  "invoices.send": {
    method: "POST";
    path: "/v2/invoices/{id}/send";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: SendDocumentRequest;
    response: SendDocumentResult;
  };
  /** Update an invoice — PATCH /v2/invoices/{id} */
  "invoices.update": {
    method: "PATCH";
    path: "/v2/invoices/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: InvoicePatch;
    response: UpdatedResult;
  };
  /** Create a job template — POST /v2/jobTemplates/ */
  "jobTemplates.create": {
    method: "POST";
    path: "/v2/jobTemplates/";
    pathParams: undefined;
    query: undefined;
    body: JobTemplateCreate;
    response: IdResult;
  };
  /** Delete a job template — DELETE /v2/jobTemplates/{id} */
  "jobTemplates.delete": {
    method: "DELETE";
    path: "/v2/jobTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a job template — GET /v2/jobTemplates/{id} */
  "jobTemplates.get": {
    method: "GET";
    path: "/v2/jobTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: JobTemplate;
  };
  /** List jobTemplates — GET /v2/jobTemplates/ */
  "jobTemplates.list": {
    method: "GET";
    path: "/v2/jobTemplates/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on description (string) */
      description?: string;
    };
    body: undefined;
    response: Array<JobTemplate>;
  };
  /** Update a job template — PATCH /v2/jobTemplates/{id} */
  "jobTemplates.update": {
    method: "PATCH";
    path: "/v2/jobTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: JobTemplatePatch;
    response: UpdatedResult;
  };
  /** Accept or decline the job (acceptedStatus) — POST /v2/jobs/{id}/accept */
  "jobs.accept": {
    method: "POST";
    path: "/v2/jobs/{id}/accept";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      acceptedStatus?: "accepted" | "declined";
    };
    response: UpdatedResult;
  };
  /** Assign users (several: a team, one job each) — POST /v2/jobs/{id}/assign */
  "jobs.assign": {
    method: "POST";
    path: "/v2/jobs/{id}/assign";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      userIds: Array<string>;
    };
    response: JobActionResult;
  };
  /** Copy the previous week's one-off jobs into a week — POST /v2/jobs/copyWeek */
  "jobs.copyWeek": {
    method: "POST";
    path: "/v2/jobs/copyWeek";
    pathParams: undefined;
    query: undefined;
    body: {
      /** the Monday (YYYY-MM-DD, the company's time zone) of the week the jobs are copied into */
      weekStart: string;
    };
    response: {
      /** the new jobs */
      ids: Array<string>;
      /** jobs of the previous week already present in this one */
      skipped: number;
    };
  };
  /** Create a job — POST /v2/jobs/ */
  "jobs.create": {
    method: "POST";
    path: "/v2/jobs/";
    pathParams: undefined;
    query: undefined;
    body: JobCreate;
    response: IdResult;
  };
  /** Delete a job — DELETE /v2/jobs/{id} */
  "jobs.delete": {
    method: "DELETE";
    path: "/v2/jobs/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a job — GET /v2/jobs/{id} */
  "jobs.get": {
    method: "GET";
    path: "/v2/jobs/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Job;
  };
  /** Jobs in a time frame — POST /v2/jobs/jobsInTimeFrame */
  "jobs.jobsInTimeFrame": {
    method: "POST";
    path: "/v2/jobs/jobsInTimeFrame";
    pathParams: undefined;
    query: undefined;
    body: TimeFrameQuery;
    response: Array<Job>;
  };
  /** List jobs — GET /v2/jobs/ */
  "jobs.list": {
    method: "GET";
    path: "/v2/jobs/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on teamId (objectid); a comma list or the parameter repeated */
      teamId?: Array<string>;
      /** filter on splitId (objectid); a comma list or the parameter repeated */
      splitId?: Array<string>;
      /** filter on originalId (objectid); a comma list or the parameter repeated */
      originalId?: Array<string>;
      /** filter on masterJobId (objectid); a comma list or the parameter repeated */
      masterJobId?: Array<string>;
      /** filter on originalFrom (date) */
      originalFrom?: string;
      /** originalFrom at or after */
      originalFromFrom?: string;
      /** originalFrom at or before */
      originalFromTo?: string;
      /** filter on originalTo (date) */
      originalTo?: string;
      /** originalTo at or after */
      originalToFrom?: string;
      /** originalTo at or before */
      originalToTo?: string;
      /** filter on absenceId (objectid); a comma list or the parameter repeated */
      absenceId?: Array<string>;
      /** filter on acceptedStatus (string) */
      acceptedStatus?: string;
      /** filter on replacementJobId (objectid); a comma list or the parameter repeated */
      replacementJobId?: Array<string>;
      /** filter on user._id (string) */
      "user._id"?: string;
      /** filter on user.number (number); a comma list or the parameter repeated */
      "user.number"?: Array<string>;
      /** user.number at or after */
      "user.numberFrom"?: string;
      /** user.number at or before */
      "user.numberTo"?: string;
      /** filter on user.id (string) */
      "user.id"?: string;
      /** filter on user.general.firstName (string) */
      "user.general.firstName"?: string;
      /** filter on user.general.lastName (string) */
      "user.general.lastName"?: string;
      /** filter on user.general.sex (string) */
      "user.general.sex"?: string;
      /** filter on user.general.birthDate (string) */
      "user.general.birthDate"?: string;
      /** filter on user.general.language (string) */
      "user.general.language"?: string;
      /** filter on user.general.insuranceNumber (string) */
      "user.general.insuranceNumber"?: string;
      /** filter on user.general.deviceToken (string) */
      "user.general.deviceToken"?: string;
      /** filter on user.general.webPushToken (string) */
      "user.general.webPushToken"?: string;
      /** filter on user.general.profileImage (string) */
      "user.general.profileImage"?: string;
      /** filter on user.general.description (string) */
      "user.general.description"?: string;
      /** filter on user.general.lastNpsScoreSend (date) */
      "user.general.lastNpsScoreSend"?: string;
      /** user.general.lastNpsScoreSend at or after */
      "user.general.lastNpsScoreSendFrom"?: string;
      /** user.general.lastNpsScoreSend at or before */
      "user.general.lastNpsScoreSendTo"?: string;
      /** filter on user.general.myTutorialUsername (string) */
      "user.general.myTutorialUsername"?: string;
      /** filter on user.contact.telephone (string) */
      "user.contact.telephone"?: string;
      /** filter on user.contact.mobile (string) */
      "user.contact.mobile"?: string;
      /** filter on user.contact.email (string) */
      "user.contact.email"?: string;
      /** filter on user.contact.sms (string) */
      "user.contact.sms"?: string;
      /** filter on user.contact.website (string) */
      "user.contact.website"?: string;
      /** filter on user.contact.fax (string) */
      "user.contact.fax"?: string;
      /** filter on user.contact.smsCount (number); a comma list or the parameter repeated */
      "user.contact.smsCount"?: Array<string>;
      /** user.contact.smsCount at or after */
      "user.contact.smsCountFrom"?: string;
      /** user.contact.smsCount at or before */
      "user.contact.smsCountTo"?: string;
      /** filter on user.contact.smsChatCount (number); a comma list or the parameter repeated */
      "user.contact.smsChatCount"?: Array<string>;
      /** user.contact.smsChatCount at or after */
      "user.contact.smsChatCountFrom"?: string;
      /** user.contact.smsChatCount at or before */
      "user.contact.smsChatCountTo"?: string;
      /** filter on user.contact.smsSendDate (date) */
      "user.contact.smsSendDate"?: string;
      /** user.contact.smsSendDate at or after */
      "user.contact.smsSendDateFrom"?: string;
      /** user.contact.smsSendDate at or before */
      "user.contact.smsSendDateTo"?: string;
      /** filter on user.contact.smsSendBy (string) */
      "user.contact.smsSendBy"?: string;
      /** filter on user.contact.lastSMSStatus (string) */
      "user.contact.lastSMSStatus"?: string;
      /** filter on user.contact.secondSmsSendDate (date) */
      "user.contact.secondSmsSendDate"?: string;
      /** user.contact.secondSmsSendDate at or after */
      "user.contact.secondSmsSendDateFrom"?: string;
      /** user.contact.secondSmsSendDate at or before */
      "user.contact.secondSmsSendDateTo"?: string;
      /** filter on assignmentId (objectid); a comma list or the parameter repeated */
      assignmentId?: Array<string>;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on from (date) */
      from?: string;
      /** from at or after */
      fromFrom?: string;
      /** from at or before */
      fromTo?: string;
      /** filter on to (date) */
      to?: string;
      /** to at or after */
      toFrom?: string;
      /** to at or before */
      toTo?: string;
      /** filter on targetTime (number); a comma list or the parameter repeated */
      targetTime?: Array<string>;
      /** targetTime at or after */
      targetTimeFrom?: string;
      /** targetTime at or before */
      targetTimeTo?: string;
      /** filter on userId (objectid); a comma list or the parameter repeated */
      userId?: Array<string>;
      /** filter on type (string) */
      type?: string;
      /** filter on title (string) */
      title?: string;
      /** filter on jobComment (string) */
      jobComment?: string;
      /** filter on notifyObjectManager (boolean) */
      notifyObjectManager?: string;
      /** filter on needsJobTemplate (boolean) */
      needsJobTemplate?: string;
      /** filter on jobTemplateId (objectid); a comma list or the parameter repeated */
      jobTemplateId?: Array<string>;
      /** filter on activityTypeId (objectid); a comma list or the parameter repeated */
      activityTypeId?: Array<string>;
      /** filter on regionId (objectid); a comma list or the parameter repeated */
      regionId?: Array<string>;
      /** filter on exceptionJobId (string) */
      exceptionJobId?: string;
      /** filter on requiredDrivingTime (number); a comma list or the parameter repeated */
      requiredDrivingTime?: Array<string>;
      /** requiredDrivingTime at or after */
      requiredDrivingTimeFrom?: string;
      /** requiredDrivingTime at or before */
      requiredDrivingTimeTo?: string;
      /** filter on requiredBreakTime (number); a comma list or the parameter repeated */
      requiredBreakTime?: Array<string>;
      /** requiredBreakTime at or after */
      requiredBreakTimeFrom?: string;
      /** requiredBreakTime at or before */
      requiredBreakTimeTo?: string;
      /** filter on documentIds (string[]); a comma list or the parameter repeated */
      documentIds?: Array<string>;
      /** filter on state (string); a comma list or the parameter repeated */
      state?: Array<string>;
      /** filter on tags (string[]); a comma list or the parameter repeated */
      tags?: Array<string>;
    };
    body: undefined;
    response: Array<Job>;
  };
  /** Documents of a job — GET /v2/jobs/{id}/documents */
  "jobs.listDocuments": {
    method: "GET";
    path: "/v2/jobs/{id}/documents";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: {
      /** true: also the documents of the job's object */
      flag?: boolean;
    };
    body: undefined;
    response: Array<Document>;
  };
  /** Move the job (keeps originalId) — POST /v2/jobs/{id}/move */
  "jobs.move": {
    method: "POST";
    path: "/v2/jobs/{id}/move";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      from: string;
      to?: string;
    };
    response: UpdatedResult;
  };
  /** Create a replacement job for another user (masterJobId) — POST /v2/jobs/{id}/replacement */
  "jobs.replacement": {
    method: "POST";
    path: "/v2/jobs/{id}/replacement";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      userId: string;
    };
    response: IdResult;
  };
  /** Split the job in two at a time (shared splitId) — POST /v2/jobs/{id}/split */
  "jobs.split": {
    method: "POST";
    path: "/v2/jobs/{id}/split";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      at: string;
    };
    response: {
      _id: string;
      ids: Array<string>;
      splitId: string;
    };
  };
  /** Clock in on the job — POST /v2/jobs/{id}/start */
  "jobs.start": {
    method: "POST";
    path: "/v2/jobs/{id}/start";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      time?: string;
      location?: GeoPoint;
      /** recorded while offline; time is then the real clock time */
      offline?: boolean;
      comment?: string;
      /** the device's id of the entry; repeating a request with it changes nothing */
      clientId?: string;
      /** why the clock-in lies outside the start window or far from the object (clockRules) */
      clockInReason?: string;
    };
    response: ClockResult;
  };
  /** Clock out of the job — POST /v2/jobs/{id}/stop */
  "jobs.stop": {
    method: "POST";
    path: "/v2/jobs/{id}/stop";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      time?: string;
      location?: GeoPoint;
      /** recorded while offline; time is then the real clock time */
      offline?: boolean;
      comment?: string;
      /** the device's id of the entry; repeating a request with it changes nothing */
      clientId?: string;
      /** break taken, seconds */
      break?: number;
    };
    response: ClockResult;
  };
  /** Remove the job's user — POST /v2/jobs/{id}/unassign */
  "jobs.unassign": {
    method: "POST";
    path: "/v2/jobs/{id}/unassign";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: UpdatedResult;
  };
  /** Update a job — PATCH /v2/jobs/{id} */
  "jobs.update": {
    method: "PATCH";
    path: "/v2/jobs/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: JobPatch;
    response: UpdatedResult;
  };
  /** Your notification preferences — GET /v2/notifications/preferences */
  "notifications.getPreferences": {
    method: "GET";
    path: "/v2/notifications/preferences";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: {
      jobAssigned: {
        inApp: boolean;
        push: boolean;
      };
      jobUnassigned: {
        inApp: boolean;
        push: boolean;
      };
      jobMoved: {
        inApp: boolean;
        push: boolean;
      };
      jobCancelled: {
        inApp: boolean;
        push: boolean;
      };
      replacementOffered: {
        inApp: boolean;
        push: boolean;
      };
      absenceApproved: {
        inApp: boolean;
        push: boolean;
      };
      absenceDeclined: {
        inApp: boolean;
        push: boolean;
      };
      taskAssigned: {
        inApp: boolean;
        push: boolean;
      };
    };
  };
  /** How many of your notifications are unread — GET /v2/notifications/unreadCount */
  "notifications.getUnreadCount": {
    method: "GET";
    path: "/v2/notifications/unreadCount";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: {
      unread: number;
    };
  };
  /** Your notifications, newest first — GET /v2/notifications */
  "notifications.list": {
    method: "GET";
    path: "/v2/notifications";
    pathParams: undefined;
    query: {
      limit?: number;
      /** the `_id` of the last one of the previous page */
      before?: string;
      /** true: unread ones only */
      unread?: boolean;
    };
    body: undefined;
    response: Array<{
      _id: string;
      /** jobAssigned, jobUnassigned, jobMoved, jobCancelled, replacementOffered, absenceApproved, absenceDeclined, taskAssigned */
      kind: string;
      /** job, absence or task */
      entity: string;
      /** the id of the job, absence or task */
      entityId: string;
      /** the user whose change caused it */
      actorId: string | null;
      /** number; jobs: from, to, objectId; absences: dtStart, dtEnd, type; tasks: title, dueAt */
      data: Record<string, unknown>;
      read: boolean;
      readAt: string | null;
      createdAt: string;
    }>;
  };
  /** Replace your notification preferences — PUT /v2/notifications/preferences */
  "notifications.putPreferences": {
    method: "PUT";
    path: "/v2/notifications/preferences";
    pathParams: undefined;
    query: undefined;
    body: {
      jobAssigned?: {
        inApp?: boolean;
        push?: boolean;
      };
      jobUnassigned?: {
        inApp?: boolean;
        push?: boolean;
      };
      jobMoved?: {
        inApp?: boolean;
        push?: boolean;
      };
      jobCancelled?: {
        inApp?: boolean;
        push?: boolean;
      };
      replacementOffered?: {
        inApp?: boolean;
        push?: boolean;
      };
      absenceApproved?: {
        inApp?: boolean;
        push?: boolean;
      };
      absenceDeclined?: {
        inApp?: boolean;
        push?: boolean;
      };
      taskAssigned?: {
        inApp?: boolean;
        push?: boolean;
      };
    };
    response: {
      jobAssigned: {
        inApp: boolean;
        push: boolean;
      };
      jobUnassigned: {
        inApp: boolean;
        push: boolean;
      };
      jobMoved: {
        inApp: boolean;
        push: boolean;
      };
      jobCancelled: {
        inApp: boolean;
        push: boolean;
      };
      replacementOffered: {
        inApp: boolean;
        push: boolean;
      };
      absenceApproved: {
        inApp: boolean;
        push: boolean;
      };
      absenceDeclined: {
        inApp: boolean;
        push: boolean;
      };
      taskAssigned: {
        inApp: boolean;
        push: boolean;
      };
    };
  };
  /** Mark one of your notifications read — POST /v2/notifications/{id}/read */
  "notifications.read": {
    method: "POST";
    path: "/v2/notifications/{id}/read";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: UpdatedResult;
  };
  /** Mark all your notifications read — POST /v2/notifications/read */
  "notifications.readAll": {
    method: "POST";
    path: "/v2/notifications/read";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: {
      /** how many were unread */
      marked: number;
    };
  };
  /** Create an object — POST /v2/objects/ */
  "objects.create": {
    method: "POST";
    path: "/v2/objects/";
    pathParams: undefined;
    query: undefined;
    body: CustomerObjectCreate;
    response: IdResult;
  };
  /** Delete an object — DELETE /v2/objects/{id} */
  "objects.delete": {
    method: "DELETE";
    path: "/v2/objects/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Export objects as CSV — GET /v2/objects/export.csv */
  "objects.exportCsv": {
    method: "GET";
    path: "/v2/objects/export.csv";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** Read an object — GET /v2/objects/{id} */
  "objects.get": {
    method: "GET";
    path: "/v2/objects/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: CustomerObject;
  };
  /** Quality of an object over a period: average rating by month, worst rooms — GET /v2/objects/{id}/qualityReport */
  "objects.getQualityReport": {
    method: "GET";
    path: "/v2/objects/{id}/qualityReport";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: {
      /** epoch ms or ISO 8601; default a year before to */
      from?: string;
      /** epoch ms or ISO 8601 (exclusive); default now */
      to?: string;
    };
    body: undefined;
    response: {
      objectId: string;
      from: string;
      to: string;
      controls: number;
      averageRating: number | null;
      byMonth: Array<{
        month: string;
        controls: number;
        averageRating: number;
      }>;
      worstRooms: Array<{
        room: string;
        checks: number;
        averageRating: number;
      }>;
    };
  };
  /** List objects — GET /v2/objects/ */
  "objects.list": {
    method: "GET";
    path: "/v2/objects/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on address.street (string) */
      "address.street"?: string;
      /** filter on address.city (string) */
      "address.city"?: string;
      /** filter on address.zip (string) */
      "address.zip"?: string;
      /** filter on address.country (string) */
      "address.country"?: string;
      /** filter on address.state (string) */
      "address.state"?: string;
      /** filter on customerId (objectid); a comma list or the parameter repeated */
      customerId?: Array<string>;
      /** filter on objectManagerId (objectid); a comma list or the parameter repeated */
      objectManagerId?: Array<string>;
      /** filter on contact.phone (string) */
      "contact.phone"?: string;
      /** filter on contact.email (string) */
      "contact.email"?: string;
      /** filter on contact.fax (string) */
      "contact.fax"?: string;
      /** filter on description (string) */
      description?: string;
      /** filter on location.latitude (number); a comma list or the parameter repeated */
      "location.latitude"?: Array<string>;
      /** location.latitude at or after */
      "location.latitudeFrom"?: string;
      /** location.latitude at or before */
      "location.latitudeTo"?: string;
      /** filter on location.longitude (number); a comma list or the parameter repeated */
      "location.longitude"?: Array<string>;
      /** location.longitude at or after */
      "location.longitudeFrom"?: string;
      /** location.longitude at or before */
      "location.longitudeTo"?: string;
      /** filter on securityCode (string) */
      securityCode?: string;
      /** filter on key (string) */
      key?: string;
      /** filter on tags (string[]); a comma list or the parameter repeated */
      tags?: Array<string>;
    };
    body: undefined;
    response: Array<CustomerObject>;
  };
  /** Documents of a object — GET /v2/objects/{id}/documents */
  "objects.listDocuments": {
    method: "GET";
    path: "/v2/objects/{id}/documents";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Array<Document>;
  };
  /** Update an object — PATCH /v2/objects/{id} */
  "objects.update": {
    method: "PATCH";
    path: "/v2/objects/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: CustomerObjectPatch;
    response: UpdatedResult;
  };
  /** The customer accepted the offer — POST /v2/offers/{id}/accept */
  "offers.accept": {
    method: "POST";
    path: "/v2/offers/{id}/accept";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: UpdatedResult;
  };
  /** Turn an accepted offer into an assignment that bills its positions — POST /v2/offers/{id}/assignment */
  "offers.assignment": {
    method: "POST";
    path: "/v2/offers/{id}/assignment";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      objectId: string;
      iCalendar: Record<string, unknown>;
    };
    response: IdResult;
  };
  /** A draft assignment confirmation of the accepted offer (its customer, texts and counted positions) — POST /v2/offers/{id}/assignmentConfirmation */
  "offers.assignmentConfirmation": {
    method: "POST";
    path: "/v2/offers/{id}/assignmentConfirmation";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: {
      _id: string;
      number: number;
    };
  };
  /** A link for the customer to sign the offer (shown once; single use; expires) — POST /v2/offers/{id}/clientLink */
  "offers.clientLink": {
    method: "POST";
    path: "/v2/offers/{id}/clientLink";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      expiresInHours?: number;
    };
    response: {
      token: string;
      path: string;
      expiresAt: string;
    };
  };
  /** Create an offer — POST /v2/offers/ */
  "offers.create": {
    method: "POST";
    path: "/v2/offers/";
    pathParams: undefined;
    query: undefined;
    body: OfferCreate;
    response: IdResult;
  };
  /** The customer declined the offer — POST /v2/offers/{id}/decline */
  "offers.decline": {
    method: "POST";
    path: "/v2/offers/{id}/decline";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: UpdatedResult;
  };
  /** Delete an offer — DELETE /v2/offers/{id} */
  "offers.delete": {
    method: "DELETE";
    path: "/v2/offers/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read an offer — GET /v2/offers/{id} */
  "offers.get": {
    method: "GET";
    path: "/v2/offers/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Offer;
  };
  /** The offer as PDF — GET /v2/offers/{id}/pdf */
  "offers.getPdf": {
    method: "GET";
    path: "/v2/offers/{id}/pdf";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** Turn an accepted offer into a draft invoice — POST /v2/offers/{id}/invoice */
  "offers.invoice": {
    method: "POST";
    path: "/v2/offers/{id}/invoice";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: IdResult;
  };
  /** Issue the offer: its number (gapless), seller and buyer are fixed from now on — POST /v2/offers/{id}/issue */
  "offers.issue": {
    method: "POST";
    path: "/v2/offers/{id}/issue";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: {
      _id: string;
      documentNumber: string;
    };
  };
  /** List offers — GET /v2/offers/ */
  "offers.list": {
    method: "GET";
    path: "/v2/offers/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** document number (exact) or its part */
      number?: string;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on state (string) */
      state?: string;
      /** filter on documentNumber (string) */
      documentNumber?: string;
      /** filter on issuedAt (date) */
      issuedAt?: string;
      /** issuedAt at or after */
      issuedAtFrom?: string;
      /** issuedAt at or before */
      issuedAtTo?: string;
      /** filter on dueDate (string) */
      dueDate?: string;
      /** filter on currency (string) */
      currency?: string;
      /** filter on netAmount (number); a comma list or the parameter repeated */
      netAmount?: Array<string>;
      /** netAmount at or after */
      netAmountFrom?: string;
      /** netAmount at or before */
      netAmountTo?: string;
      /** filter on taxAmount (number); a comma list or the parameter repeated */
      taxAmount?: Array<string>;
      /** taxAmount at or after */
      taxAmountFrom?: string;
      /** taxAmount at or before */
      taxAmountTo?: string;
      /** filter on grossAmount (number); a comma list or the parameter repeated */
      grossAmount?: Array<string>;
      /** grossAmount at or after */
      grossAmountFrom?: string;
      /** grossAmount at or before */
      grossAmountTo?: string;
      /** filter on seller.name (string) */
      "seller.name"?: string;
      /** filter on seller.street (string) */
      "seller.street"?: string;
      /** filter on seller.zip (string) */
      "seller.zip"?: string;
      /** filter on seller.city (string) */
      "seller.city"?: string;
      /** filter on seller.country (string) */
      "seller.country"?: string;
      /** filter on seller.vatId (string) */
      "seller.vatId"?: string;
      /** filter on seller.taxNumber (string) */
      "seller.taxNumber"?: string;
      /** filter on seller.email (string) */
      "seller.email"?: string;
      /** filter on seller.phone (string) */
      "seller.phone"?: string;
      /** filter on seller.iban (string) */
      "seller.iban"?: string;
      /** filter on seller.bic (string) */
      "seller.bic"?: string;
      /** filter on seller.bankName (string) */
      "seller.bankName"?: string;
      /** filter on seller.registration (string) */
      "seller.registration"?: string;
      /** filter on seller.managingDirector (string) */
      "seller.managingDirector"?: string;
      /** filter on seller.contactName (string) */
      "seller.contactName"?: string;
      /** filter on seller.electronicAddress (string) */
      "seller.electronicAddress"?: string;
      /** filter on seller.sellerIdentifier (string) */
      "seller.sellerIdentifier"?: string;
      /** filter on buyer.customerId (string) */
      "buyer.customerId"?: string;
      /** filter on buyer.number (number); a comma list or the parameter repeated */
      "buyer.number"?: Array<string>;
      /** buyer.number at or after */
      "buyer.numberFrom"?: string;
      /** buyer.number at or before */
      "buyer.numberTo"?: string;
      /** filter on buyer.name (string) */
      "buyer.name"?: string;
      /** filter on buyer.contactPerson (string) */
      "buyer.contactPerson"?: string;
      /** filter on buyer.address.street (string) */
      "buyer.address.street"?: string;
      /** filter on buyer.address.zip (string) */
      "buyer.address.zip"?: string;
      /** filter on buyer.address.city (string) */
      "buyer.address.city"?: string;
      /** filter on buyer.address.country (string) */
      "buyer.address.country"?: string;
      /** filter on buyer.address.co (string) */
      "buyer.address.co"?: string;
      /** filter on buyer.address.state (string) */
      "buyer.address.state"?: string;
      /** filter on buyer.email (string) */
      "buyer.email"?: string;
      /** filter on buyer.vatNumber (string) */
      "buyer.vatNumber"?: string;
      /** filter on buyer.debitorNumber (string) */
      "buyer.debitorNumber"?: string;
      /** filter on buyer.buyerReference (string) */
      "buyer.buyerReference"?: string;
      /** filter on buyer.orderReferenceId (string) */
      "buyer.orderReferenceId"?: string;
      /** filter on delivery.name (string) */
      "delivery.name"?: string;
      /** filter on delivery.address.street (string) */
      "delivery.address.street"?: string;
      /** filter on delivery.address.zip (string) */
      "delivery.address.zip"?: string;
      /** filter on delivery.address.city (string) */
      "delivery.address.city"?: string;
      /** filter on delivery.address.country (string) */
      "delivery.address.country"?: string;
      /** filter on paymentTerm.id (string) */
      "paymentTerm.id"?: string;
      /** filter on paymentTerm.name (string) */
      "paymentTerm.name"?: string;
      /** filter on paymentTerm.netDays (number); a comma list or the parameter repeated */
      "paymentTerm.netDays"?: Array<string>;
      /** paymentTerm.netDays at or after */
      "paymentTerm.netDaysFrom"?: string;
      /** paymentTerm.netDays at or before */
      "paymentTerm.netDaysTo"?: string;
      /** filter on paymentTerm.skontoPercentage (number); a comma list or the parameter repeated */
      "paymentTerm.skontoPercentage"?: Array<string>;
      /** paymentTerm.skontoPercentage at or after */
      "paymentTerm.skontoPercentageFrom"?: string;
      /** paymentTerm.skontoPercentage at or before */
      "paymentTerm.skontoPercentageTo"?: string;
      /** filter on paymentTerm.skontoDays (number); a comma list or the parameter repeated */
      "paymentTerm.skontoDays"?: Array<string>;
      /** paymentTerm.skontoDays at or after */
      "paymentTerm.skontoDaysFrom"?: string;
      /** paymentTerm.skontoDays at or before */
      "paymentTerm.skontoDaysTo"?: string;
      /** filter on paidAmount (number); a comma list or the parameter repeated */
      paidAmount?: Array<string>;
      /** paidAmount at or after */
      paidAmountFrom?: string;
      /** paidAmount at or before */
      paidAmountTo?: string;
      /** filter on openAmount (number); a comma list or the parameter repeated */
      openAmount?: Array<string>;
      /** openAmount at or after */
      openAmountFrom?: string;
      /** openAmount at or before */
      openAmountTo?: string;
      /** filter on overpaidAmount (number); a comma list or the parameter repeated */
      overpaidAmount?: Array<string>;
      /** overpaidAmount at or after */
      overpaidAmountFrom?: string;
      /** overpaidAmount at or before */
      overpaidAmountTo?: string;
      /** filter on skontoApplied (boolean) */
      skontoApplied?: string;
      /** filter on invoiceId (string) */
      invoiceId?: string;
      /** filter on invoiceNumber (string) */
      invoiceNumber?: string;
      /** filter on stornoId (string) */
      stornoId?: string;
      /** filter on acceptedAt (string) */
      acceptedAt?: string;
      /** filter on declinedAt (string) */
      declinedAt?: string;
      /** filter on confirmedAt (string) */
      confirmedAt?: string;
      /** filter on assignmentConfirmationId (string) */
      assignmentConfirmationId?: string;
      /** filter on offerId (string) */
      offerId?: string;
      /** filter on signature.name (string) */
      "signature.name"?: string;
      /** filter on signature.signedAt (date) */
      "signature.signedAt"?: string;
      /** signature.signedAt at or after */
      "signature.signedAtFrom"?: string;
      /** signature.signedAt at or before */
      "signature.signedAtTo"?: string;
      /** filter on signature.timeZone (string) */
      "signature.timeZone"?: string;
      /** filter on signature.image (string) */
      "signature.image"?: string;
      /** filter on creditedInvoiceNumber (string) */
      creditedInvoiceNumber?: string;
      /** filter on creditedInvoiceDate (string) */
      creditedInvoiceDate?: string;
      /** filter on invoiceDate (string) */
      invoiceDate?: string;
      /** filter on reminderLevel (number); a comma list or the parameter repeated */
      reminderLevel?: Array<string>;
      /** reminderLevel at or after */
      reminderLevelFrom?: string;
      /** reminderLevel at or before */
      reminderLevelTo?: string;
      /** filter on lastReminderDate (string) */
      lastReminderDate?: string;
      /** filter on reminderFees (number); a comma list or the parameter repeated */
      reminderFees?: Array<string>;
      /** reminderFees at or after */
      reminderFeesFrom?: string;
      /** reminderFees at or before */
      reminderFeesTo?: string;
      /** filter on skontoAmount (number); a comma list or the parameter repeated */
      skontoAmount?: Array<string>;
      /** skontoAmount at or after */
      skontoAmountFrom?: string;
      /** skontoAmount at or before */
      skontoAmountTo?: string;
      /** filter on skontoDate (string) */
      skontoDate?: string;
      /** filter on creditedAmount (number); a comma list or the parameter repeated */
      creditedAmount?: Array<string>;
      /** creditedAmount at or after */
      creditedAmountFrom?: string;
      /** creditedAmount at or before */
      creditedAmountTo?: string;
      /** filter on lineTotalAmount (number); a comma list or the parameter repeated */
      lineTotalAmount?: Array<string>;
      /** lineTotalAmount at or after */
      lineTotalAmountFrom?: string;
      /** lineTotalAmount at or before */
      lineTotalAmountTo?: string;
      /** filter on allowanceTotalAmount (number); a comma list or the parameter repeated */
      allowanceTotalAmount?: Array<string>;
      /** allowanceTotalAmount at or after */
      allowanceTotalAmountFrom?: string;
      /** allowanceTotalAmount at or before */
      allowanceTotalAmountTo?: string;
      /** filter on chargeTotalAmount (number); a comma list or the parameter repeated */
      chargeTotalAmount?: Array<string>;
      /** chargeTotalAmount at or after */
      chargeTotalAmountFrom?: string;
      /** chargeTotalAmount at or before */
      chargeTotalAmountTo?: string;
      /** filter on skontoBaseAmount (number); a comma list or the parameter repeated */
      skontoBaseAmount?: Array<string>;
      /** skontoBaseAmount at or after */
      skontoBaseAmountFrom?: string;
      /** skontoBaseAmount at or before */
      skontoBaseAmountTo?: string;
      /** filter on prepaidAmount (number); a comma list or the parameter repeated */
      prepaidAmount?: Array<string>;
      /** prepaidAmount at or after */
      prepaidAmountFrom?: string;
      /** prepaidAmount at or before */
      prepaidAmountTo?: string;
      /** filter on amountDue (number); a comma list or the parameter repeated */
      amountDue?: Array<string>;
      /** amountDue at or after */
      amountDueFrom?: string;
      /** amountDue at or before */
      amountDueTo?: string;
      /** filter on customerId (objectid); a comma list or the parameter repeated */
      customerId?: Array<string>;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on assignmentId (objectid); a comma list or the parameter repeated */
      assignmentId?: Array<string>;
      /** filter on title (string) */
      title?: string;
      /** filter on documentDate (string) */
      documentDate?: string;
      /** filter on servicePeriod.from (string) */
      "servicePeriod.from"?: string;
      /** filter on servicePeriod.to (string) */
      "servicePeriod.to"?: string;
      /** filter on paymentTermId (objectid); a comma list or the parameter repeated */
      paymentTermId?: Array<string>;
      /** filter on templateId (objectid); a comma list or the parameter repeated */
      templateId?: Array<string>;
      /** filter on introText (string) */
      introText?: string;
      /** filter on closingText (string) */
      closingText?: string;
      /** filter on buyerReference (string) */
      buyerReference?: string;
      /** filter on orderReferenceId (string) */
      orderReferenceId?: string;
      /** filter on validUntil (string) */
      validUntil?: string;
      /** state, one or a comma list: draft, issued, accepted, declined; a comma list or the parameter repeated */
      status?: Array<string>;
      /** customers, comma-separated; a comma list or the parameter repeated */
      customerIds?: Array<string>;
      /** objects, comma-separated; a comma list or the parameter repeated */
      objectIds?: Array<string>;
      /** two dates from,to: the document date within */
      dateRange?: string;
      /** gross amount at least */
      amountFrom?: string;
      /** gross amount at most */
      amountTo?: string;
      /** true: issued and unpaid past the due date */
      overdue?: string;
    };
    body: undefined;
    response: Array<Offer>;
  };
  /** Mail the offer (PDF) to the customer — POST /v2/offers/{id}/send */
  "offers.send": {
    method: "POST";
    path: "/v2/offers/{id}/send";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: SendDocumentRequest;
    response: SendDocumentResult;
  };
  /** Update an offer — PATCH /v2/offers/{id} */
  "offers.update": {
    method: "PATCH";
    path: "/v2/offers/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: OfferPatch;
    response: UpdatedResult;
  };
  /** Approve an order (managers) — POST /v2/orders/{id}/approve */
  "orders.approve": {
    method: "POST";
    path: "/v2/orders/{id}/approve";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: UpdatedResult;
  };
  /** Complete an approved order (delivered) — POST /v2/orders/{id}/complete */
  "orders.complete": {
    method: "POST";
    path: "/v2/orders/{id}/complete";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: UpdatedResult;
  };
  /** Create a material order — POST /v2/orders/ */
  "orders.create": {
    method: "POST";
    path: "/v2/orders/";
    pathParams: undefined;
    query: undefined;
    body: MaterialOrderCreate;
    response: IdResult;
  };
  /** Delete a material order — DELETE /v2/orders/{id} */
  "orders.delete": {
    method: "DELETE";
    path: "/v2/orders/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a material order — GET /v2/orders/{id} */
  "orders.get": {
    method: "GET";
    path: "/v2/orders/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: MaterialOrder;
  };
  /** List orders — GET /v2/orders/ */
  "orders.list": {
    method: "GET";
    path: "/v2/orders/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on completed (boolean) */
      completed?: string;
      /** filter on completedAt (date) */
      completedAt?: string;
      /** completedAt at or after */
      completedAtFrom?: string;
      /** completedAt at or before */
      completedAtTo?: string;
      /** filter on completedBy (string) */
      completedBy?: string;
      /** filter on approved (boolean) */
      approved?: string;
      /** filter on approvedBy (string) */
      approvedBy?: string;
      /** filter on approvedAt (date) */
      approvedAt?: string;
      /** approvedAt at or after */
      approvedAtFrom?: string;
      /** approvedAt at or before */
      approvedAtTo?: string;
      /** filter on customOrder (boolean) */
      customOrder?: string;
      /** filter on comment (string) */
      comment?: string;
      /** filter on userId (objectid); a comma list or the parameter repeated */
      userId?: Array<string>;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on objectManagerId (objectid); a comma list or the parameter repeated */
      objectManagerId?: Array<string>;
      /** filter on invoiceId (objectid); a comma list or the parameter repeated */
      invoiceId?: Array<string>;
      /** orderers, comma-separated; a comma list or the parameter repeated */
      userIds?: Array<string>;
      /** objects, comma-separated; a comma list or the parameter repeated */
      objectIds?: Array<string>;
      /** two timestamps from,to: orders created within */
      createdRange?: string;
      /** true: open orders (not completed); false: completed ones */
      open?: string;
    };
    body: undefined;
    response: Array<MaterialOrder>;
  };
  /** Update a material order — PATCH /v2/orders/{id} */
  "orders.update": {
    method: "PATCH";
    path: "/v2/orders/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: MaterialOrderPatch;
    response: UpdatedResult;
  };
  /** Create a pay type — POST /v2/payTypes/ */
  "payTypes.create": {
    method: "POST";
    path: "/v2/payTypes/";
    pathParams: undefined;
    query: undefined;
    body: PayTypeCreate;
    response: IdResult;
  };
  /** Delete a pay type — DELETE /v2/payTypes/{id} */
  "payTypes.delete": {
    method: "DELETE";
    path: "/v2/payTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a pay type — GET /v2/payTypes/{id} */
  "payTypes.get": {
    method: "GET";
    path: "/v2/payTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: PayType;
  };
  /** List payTypes — GET /v2/payTypes/ */
  "payTypes.list": {
    method: "GET";
    path: "/v2/payTypes/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on description (string) */
      description?: string;
      /** filter on code (string) */
      code?: string;
      /** filter on rateFactor (number); a comma list or the parameter repeated */
      rateFactor?: Array<string>;
      /** rateFactor at or after */
      rateFactorFrom?: string;
      /** rateFactor at or before */
      rateFactorTo?: string;
      /** filter on surcharges (boolean) */
      surcharges?: string;
      /** filter on absence (boolean) */
      absence?: string;
    };
    body: undefined;
    response: Array<PayType>;
  };
  /** Update a pay type — PATCH /v2/payTypes/{id} */
  "payTypes.update": {
    method: "PATCH";
    path: "/v2/payTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: PayTypePatch;
    response: UpdatedResult;
  };
  /** Create a payment method — POST /v2/paymentMethods/ */
  "paymentMethods.create": {
    method: "POST";
    path: "/v2/paymentMethods/";
    pathParams: undefined;
    query: undefined;
    body: PaymentMethodCreate;
    response: IdResult;
  };
  /** Delete a payment method — DELETE /v2/paymentMethods/{id} */
  "paymentMethods.delete": {
    method: "DELETE";
    path: "/v2/paymentMethods/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a payment method — GET /v2/paymentMethods/{id} */
  "paymentMethods.get": {
    method: "GET";
    path: "/v2/paymentMethods/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: PaymentMethod;
  };
  /** List paymentMethods — GET /v2/paymentMethods/ */
  "paymentMethods.list": {
    method: "GET";
    path: "/v2/paymentMethods/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on code (string) */
      code?: string;
    };
    body: undefined;
    response: Array<PaymentMethod>;
  };
  /** Update a payment method — PATCH /v2/paymentMethods/{id} */
  "paymentMethods.update": {
    method: "PATCH";
    path: "/v2/paymentMethods/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: PaymentMethodPatch;
    response: UpdatedResult;
  };
  /** Create a payment term — POST /v2/paymentTerms/ */
  "paymentTerms.create": {
    method: "POST";
    path: "/v2/paymentTerms/";
    pathParams: undefined;
    query: undefined;
    body: PaymentTermCreate;
    response: IdResult;
  };
  /** Delete a payment term — DELETE /v2/paymentTerms/{id} */
  "paymentTerms.delete": {
    method: "DELETE";
    path: "/v2/paymentTerms/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a payment term — GET /v2/paymentTerms/{id} */
  "paymentTerms.get": {
    method: "GET";
    path: "/v2/paymentTerms/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: PaymentTerm;
  };
  /** List paymentTerms — GET /v2/paymentTerms/ */
  "paymentTerms.list": {
    method: "GET";
    path: "/v2/paymentTerms/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      skip?: number;
      sortKey?: string;
      sortDirection?: "1" | "-1" | "asc" | "desc";
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on description (string) */
      description?: string;
      /** filter on netDays (number); a comma list or the parameter repeated */
      netDays?: Array<string>;
      /** netDays at or after */
      netDaysFrom?: string;
      /** netDays at or before */
      netDaysTo?: string;
      /** filter on skontoPercentage (number); a comma list or the parameter repeated */
      skontoPercentage?: Array<string>;
      /** skontoPercentage at or after */
      skontoPercentageFrom?: string;
      /** skontoPercentage at or before */
      skontoPercentageTo?: string;
      /** filter on skontoDays (number); a comma list or the parameter repeated */
      skontoDays?: Array<string>;
      /** skontoDays at or after */
      skontoDaysFrom?: string;
      /** skontoDays at or before */
      skontoDaysTo?: string;
      /** filter on default (boolean) */
      default?: string;
    };
    body: undefined;
    response: Array<PaymentTerm>;
  };
  /** Update a payment term — PATCH /v2/paymentTerms/{id} */
  "paymentTerms.update": {
    method: "PATCH";
    path: "/v2/paymentTerms/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: PaymentTermPatch;
    response: UpdatedResult;
  };
  /** Create a payment — POST /v2/payments/ */
  "payments.create": {
    method: "POST";
    path: "/v2/payments/";
    pathParams: undefined;
    query: undefined;
    body: PaymentCreate;
    response: IdResult;
  };
  /** Delete a payment — DELETE /v2/payments/{id} */
  "payments.delete": {
    method: "DELETE";
    path: "/v2/payments/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a payment — GET /v2/payments/{id} */
  "payments.get": {
    method: "GET";
    path: "/v2/payments/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Payment;
  };
  /** List payments — GET /v2/payments/ */
  "payments.list": {
    method: "GET";
    path: "/v2/payments/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on invoiceId (objectid); a comma list or the parameter repeated */
      invoiceId?: Array<string>;
      /** filter on amount (number); a comma list or the parameter repeated */
      amount?: Array<string>;
      /** amount at or after */
      amountFrom?: string;
      /** amount at or before */
      amountTo?: string;
      /** filter on date (string) */
      date?: string;
      /** filter on paymentMethodId (objectid); a comma list or the parameter repeated */
      paymentMethodId?: Array<string>;
      /** filter on reference (string) */
      reference?: string;
      /** filter on note (string) */
      note?: string;
    };
    body: undefined;
    response: Array<Payment>;
  };
  /** Update a payment — PATCH /v2/payments/{id} */
  "payments.update": {
    method: "PATCH";
    path: "/v2/payments/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: PaymentPatch;
    response: UpdatedResult;
  };
  /** Payroll export of a month — GET /v2/payroll/export */
  "payroll.export": {
    method: "GET";
    path: "/v2/payroll/export";
    pathParams: undefined;
    query: {
      /** YYYY-MM, a local month in the company's time zone */
      month: string;
      format?: "csv" | "lodas";
    };
    body: undefined;
    response: ArrayBuffer;
  };
  /** Register a Web Push subscription for your devices — POST /v2/pushSubscriptions */
  "pushSubscriptions.create": {
    method: "POST";
    path: "/v2/pushSubscriptions";
    pathParams: undefined;
    query: undefined;
    body: {
      /** the push service's URL (PushSubscription.endpoint); https, public addresses only */
      endpoint: string;
      keys: {
        /** base64url, the uncompressed P-256 public key */
        p256dh: string;
        /** base64url, the 16-byte authentication secret */
        auth: string;
      };
      /** accepted, not used */
      expirationTime?: number | null;
    };
    response: IdResult;
  };
  /** Delete one of your push subscriptions — DELETE /v2/pushSubscriptions/{id} */
  "pushSubscriptions.delete": {
    method: "DELETE";
    path: "/v2/pushSubscriptions/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** The server's VAPID public key (applicationServerKey) — GET /v2/pushSubscriptions/vapidPublicKey */
  "pushSubscriptions.getVapidPublicKey": {
    method: "GET";
    path: "/v2/pushSubscriptions/vapidPublicKey";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: {
      publicKey: string;
    };
  };
  /** Your push subscriptions — GET /v2/pushSubscriptions */
  "pushSubscriptions.list": {
    method: "GET";
    path: "/v2/pushSubscriptions";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: Array<{
      _id: string;
      endpoint: string;
      createdAt: string;
    }>;
  };
  /** Create a quality control entry — POST /v2/qualityControl/ */
  "qualityControl.create": {
    method: "POST";
    path: "/v2/qualityControl/";
    pathParams: undefined;
    query: undefined;
    body: QualityControlEntryCreate;
    response: IdResult;
  };
  /** Delete a quality control entry — DELETE /v2/qualityControl/{id} */
  "qualityControl.delete": {
    method: "DELETE";
    path: "/v2/qualityControl/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a quality control entry — GET /v2/qualityControl/{id} */
  "qualityControl.get": {
    method: "GET";
    path: "/v2/qualityControl/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: QualityControlEntry;
  };
  /** List qualityControl — GET /v2/qualityControl/ */
  "qualityControl.list": {
    method: "GET";
    path: "/v2/qualityControl/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on rating (number); a comma list or the parameter repeated */
      rating?: Array<string>;
      /** rating at or after */
      ratingFrom?: string;
      /** rating at or before */
      ratingTo?: string;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on comment (string) */
      comment?: string;
      /** filter on objectManagerId (objectid); a comma list or the parameter repeated */
      objectManagerId?: Array<string>;
      /** filter on verified (boolean) */
      verified?: string;
      /** filter on controlledAt (date) */
      controlledAt?: string;
      /** controlledAt at or after */
      controlledAtFrom?: string;
      /** controlledAt at or before */
      controlledAtTo?: string;
      /** filter on images (string[]); a comma list or the parameter repeated */
      images?: Array<string>;
      /** objects, comma-separated; a comma list or the parameter repeated */
      objectIds?: Array<string>;
      /** two timestamps from,to: controls within */
      period?: string;
    };
    body: undefined;
    response: Array<QualityControlEntry>;
  };
  /** Update a quality control entry — PATCH /v2/qualityControl/{id} */
  "qualityControl.update": {
    method: "PATCH";
    path: "/v2/qualityControl/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: QualityControlEntryPatch;
    response: UpdatedResult;
  };
  /** Salary run: approve the period's stopped entries and compute their salaries — POST /v2/salaries/compute */
  "salaries.compute": {
    method: "POST";
    path: "/v2/salaries/compute";
    pathParams: undefined;
    query: undefined;
    body: {
      from: string;
      to: string;
      userIds?: Array<string>;
    };
    response: {
      entries: number;
      approved: number;
      computed: number;
      billedUnchanged: number;
    };
  };
  /** Read a salary — GET /v2/salaries/{id} */
  "salaries.get": {
    method: "GET";
    path: "/v2/salaries/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Salary;
  };
  /** List salaries — GET /v2/salaries/ */
  "salaries.list": {
    method: "GET";
    path: "/v2/salaries/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on userId (objectid); a comma list or the parameter repeated */
      userId?: Array<string>;
      /** filter on timeTrackingId (objectid); a comma list or the parameter repeated */
      timeTrackingId?: Array<string>;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on jobId (objectid); a comma list or the parameter repeated */
      jobId?: Array<string>;
      /** filter on assignmentId (objectid); a comma list or the parameter repeated */
      assignmentId?: Array<string>;
      /** filter on activityTypeId (objectid); a comma list or the parameter repeated */
      activityTypeId?: Array<string>;
      /** filter on absenceId (objectid); a comma list or the parameter repeated */
      absenceId?: Array<string>;
      /** filter on roundedUp (boolean) */
      roundedUp?: string;
      /** filter on releasedBySystem (boolean) */
      releasedBySystem?: string;
      /** filter on type (string) */
      type?: string;
      /** filter on payType (string) */
      payType?: string;
      /** filter on workingTime (number); a comma list or the parameter repeated */
      workingTime?: Array<string>;
      /** workingTime at or after */
      workingTimeFrom?: string;
      /** workingTime at or before */
      workingTimeTo?: string;
      /** filter on targetTime (number); a comma list or the parameter repeated */
      targetTime?: Array<string>;
      /** targetTime at or after */
      targetTimeFrom?: string;
      /** targetTime at or before */
      targetTimeTo?: string;
      /** filter on salaryPerHour (number); a comma list or the parameter repeated */
      salaryPerHour?: Array<string>;
      /** salaryPerHour at or after */
      salaryPerHourFrom?: string;
      /** salaryPerHour at or before */
      salaryPerHourTo?: string;
      /** filter on salary (number); a comma list or the parameter repeated */
      salary?: Array<string>;
      /** salary at or after */
      salaryFrom?: string;
      /** salary at or before */
      salaryTo?: string;
      /** filter on baseSalary (number); a comma list or the parameter repeated */
      baseSalary?: Array<string>;
      /** baseSalary at or after */
      baseSalaryFrom?: string;
      /** baseSalary at or before */
      baseSalaryTo?: string;
      /** filter on salaryCents (number); a comma list or the parameter repeated */
      salaryCents?: Array<string>;
      /** salaryCents at or after */
      salaryCentsFrom?: string;
      /** salaryCents at or before */
      salaryCentsTo?: string;
      /** filter on approvedByUserId (objectid); a comma list or the parameter repeated */
      approvedByUserId?: Array<string>;
      /** filter on updatedByUserId (objectid); a comma list or the parameter repeated */
      updatedByUserId?: Array<string>;
      /** filter on from (date) */
      from?: string;
      /** from at or after */
      fromFrom?: string;
      /** from at or before */
      fromTo?: string;
      /** filter on to (date) */
      to?: string;
      /** to at or after */
      toFrom?: string;
      /** to at or before */
      toTo?: string;
      /** filter on trackingJobDate (date) */
      trackingJobDate?: string;
      /** trackingJobDate at or after */
      trackingJobDateFrom?: string;
      /** trackingJobDate at or before */
      trackingJobDateTo?: string;
      /** filter on addedTime (number); a comma list or the parameter repeated */
      addedTime?: Array<string>;
      /** addedTime at or after */
      addedTimeFrom?: string;
      /** addedTime at or before */
      addedTimeTo?: string;
      /** filter on break (number); a comma list or the parameter repeated */
      break?: Array<string>;
      /** break at or after */
      breakFrom?: string;
      /** break at or before */
      breakTo?: string;
      /** filter on minBreakTime (number); a comma list or the parameter repeated */
      minBreakTime?: Array<string>;
      /** minBreakTime at or after */
      minBreakTimeFrom?: string;
      /** minBreakTime at or before */
      minBreakTimeTo?: string;
      /** filter on roundUpSeconds (number); a comma list or the parameter repeated */
      roundUpSeconds?: Array<string>;
      /** roundUpSeconds at or after */
      roundUpSecondsFrom?: string;
      /** roundUpSeconds at or before */
      roundUpSecondsTo?: string;
      /** filter on drivingTime (number); a comma list or the parameter repeated */
      drivingTime?: Array<string>;
      /** drivingTime at or after */
      drivingTimeFrom?: string;
      /** drivingTime at or before */
      drivingTimeTo?: string;
      /** filter on nightWorkingTime (number); a comma list or the parameter repeated */
      nightWorkingTime?: Array<string>;
      /** nightWorkingTime at or after */
      nightWorkingTimeFrom?: string;
      /** nightWorkingTime at or before */
      nightWorkingTimeTo?: string;
      /** filter on sundayWorkingTime (number); a comma list or the parameter repeated */
      sundayWorkingTime?: Array<string>;
      /** sundayWorkingTime at or after */
      sundayWorkingTimeFrom?: string;
      /** sundayWorkingTime at or before */
      sundayWorkingTimeTo?: string;
      /** filter on publicHolidayWorkingTime (number); a comma list or the parameter repeated */
      publicHolidayWorkingTime?: Array<string>;
      /** publicHolidayWorkingTime at or after */
      publicHolidayWorkingTimeFrom?: string;
      /** publicHolidayWorkingTime at or before */
      publicHolidayWorkingTimeTo?: string;
      /** filter on errors (string[]); a comma list or the parameter repeated */
      errors?: Array<string>;
      /** filter on date (date) */
      date?: string;
      /** date at or after */
      dateFrom?: string;
      /** date at or before */
      dateTo?: string;
      /** filter on payRule (string) */
      payRule?: string;
      /** filter on legalBasis (string) */
      legalBasis?: string;
      /** filter on taxFreeCash (number); a comma list or the parameter repeated */
      taxFreeCash?: Array<string>;
      /** taxFreeCash at or after */
      taxFreeCashFrom?: string;
      /** taxFreeCash at or before */
      taxFreeCashTo?: string;
      /** filter on taxableCash (number); a comma list or the parameter repeated */
      taxableCash?: Array<string>;
      /** taxableCash at or after */
      taxableCashFrom?: string;
      /** taxableCash at or before */
      taxableCashTo?: string;
      /** filter on taxableSurchargeCash (number); a comma list or the parameter repeated */
      taxableSurchargeCash?: Array<string>;
      /** taxableSurchargeCash at or after */
      taxableSurchargeCashFrom?: string;
      /** taxableSurchargeCash at or before */
      taxableSurchargeCashTo?: string;
      /** filter on referenceEarnings (number); a comma list or the parameter repeated */
      referenceEarnings?: Array<string>;
      /** referenceEarnings at or after */
      referenceEarningsFrom?: string;
      /** referenceEarnings at or before */
      referenceEarningsTo?: string;
      /** filter on referenceRaise (number); a comma list or the parameter repeated */
      referenceRaise?: Array<string>;
      /** referenceRaise at or after */
      referenceRaiseFrom?: string;
      /** referenceRaise at or before */
      referenceRaiseTo?: string;
      /** filter on referenceOvertime (number); a comma list or the parameter repeated */
      referenceOvertime?: Array<string>;
      /** referenceOvertime at or after */
      referenceOvertimeFrom?: string;
      /** referenceOvertime at or before */
      referenceOvertimeTo?: string;
      /** filter on referenceDays (number); a comma list or the parameter repeated */
      referenceDays?: Array<string>;
      /** referenceDays at or after */
      referenceDaysFrom?: string;
      /** referenceDays at or before */
      referenceDaysTo?: string;
      /** filter on billed (boolean) */
      billed?: string;
      /** filter on ignoreDoubleSalaries (boolean) */
      ignoreDoubleSalaries?: string;
      /** filter on reason (string) */
      reason?: string;
      /** open or billed, or a comma list; a comma list or the parameter repeated */
      status?: Array<string>;
      /** salary ids, comma-separated; a comma list or the parameter repeated */
      ids?: Array<string>;
      /** created at or after (epoch ms or ISO 8601) */
      createdFrom?: string;
      /** created at or before */
      createdTo?: string;
      /** object ids, comma-separated; a comma list or the parameter repeated */
      objectIds?: Array<string>;
      /** object name (contains, case-insensitive) or number */
      object?: string;
      /** two timestamps from,to: salaries whose from (the entry's timeStart) lies within */
      dateRange?: string;
      /** activity type ids, comma-separated; a comma list or the parameter repeated */
      activityTypeIds?: Array<string>;
      /** job ids, comma-separated; a comma list or the parameter repeated */
      jobIds?: Array<string>;
      /** JSON {from, to}: the tracking job date lies within */
      trackingJobDateTimeFrame?: string;
    };
    body: undefined;
    response: Array<Salary>;
  };
  /** Update a salary — PATCH /v2/salaries/{id} */
  "salaries.update": {
    method: "PATCH";
    path: "/v2/salaries/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: SalaryPatch;
    response: UpdatedResult;
  };
  /** Find customers, objects, users, jobs, tasks, invoices and documents — GET /v2/search */
  "search.list": {
    method: "GET";
    path: "/v2/search";
    pathParams: undefined;
    query: {
      /** words, a prefix or a number */
      q: string;
      /** types to search (customer, object, user, job, task, invoice, document); all by default; a comma list or the parameter repeated */
      types?: Array<string>;
      limit?: number;
    };
    body: undefined;
    response: {
      /** the types searched: those asked for that the caller may read */
      types: Array<"customer" | "object" | "user" | "job" | "task" | "invoice" | "document">;
      /** best first, at most `limit` */
      results: Array<{
        type: "customer" | "object" | "user" | "job" | "task" | "invoice" | "document";
        id: string;
        number: number;
        title: string;
        /** place, object and day, state… */
        subtitle: string | null;
        /** the record in the API, e.g. /v2/customers/<id> */
        path: string;
        /** exact: the title or number is the query; prefix: it starts with it; words: every word is in the record; similar: a near miss (a typo) */
        match: "exact" | "prefix" | "words" | "similar";
      }>;
    };
  };
  /** Create a service product — POST /v2/serviceProducts/ */
  "serviceProducts.create": {
    method: "POST";
    path: "/v2/serviceProducts/";
    pathParams: undefined;
    query: undefined;
    body: ServiceProductCreate;
    response: IdResult;
  };
  /** Delete a service product — DELETE /v2/serviceProducts/{id} */
  "serviceProducts.delete": {
    method: "DELETE";
    path: "/v2/serviceProducts/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a service product — GET /v2/serviceProducts/{id} */
  "serviceProducts.get": {
    method: "GET";
    path: "/v2/serviceProducts/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ServiceProduct;
  };
  /** List serviceProducts — GET /v2/serviceProducts/ */
  "serviceProducts.list": {
    method: "GET";
    path: "/v2/serviceProducts/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on description (string) */
      description?: string;
      /** filter on unit (string) */
      unit?: string;
      /** filter on price (number); a comma list or the parameter repeated */
      price?: Array<string>;
      /** price at or after */
      priceFrom?: string;
      /** price at or before */
      priceTo?: string;
      /** filter on tax (number); a comma list or the parameter repeated */
      tax?: Array<string>;
      /** tax at or after */
      taxFrom?: string;
      /** tax at or before */
      taxTo?: string;
      /** filter on taxRateId (objectid); a comma list or the parameter repeated */
      taxRateId?: Array<string>;
      /** filter on activityTypeId (objectid); a comma list or the parameter repeated */
      activityTypeId?: Array<string>;
      /** filter on bookingAccountNumber (string) */
      bookingAccountNumber?: string;
      /** filter on tags (string[]); a comma list or the parameter repeated */
      tags?: Array<string>;
    };
    body: undefined;
    response: Array<ServiceProduct>;
  };
  /** Update a service product — PATCH /v2/serviceProducts/{id} */
  "serviceProducts.update": {
    method: "PATCH";
    path: "/v2/serviceProducts/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: ServiceProductPatch;
    response: UpdatedResult;
  };
  /** A link for the customer to sign the service report (shown once; single use; expires) — POST /v2/serviceReports/{id}/clientLink */
  "serviceReports.clientLink": {
    method: "POST";
    path: "/v2/serviceReports/{id}/clientLink";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      expiresInHours?: number;
    };
    response: {
      token: string;
      path: string;
      expiresAt: string;
    };
  };
  /** Create a service report — POST /v2/serviceReports/ */
  "serviceReports.create": {
    method: "POST";
    path: "/v2/serviceReports/";
    pathParams: undefined;
    query: undefined;
    body: ServiceReportCreate;
    response: IdResult;
  };
  /** Delete a service report — DELETE /v2/serviceReports/{id} */
  "serviceReports.delete": {
    method: "DELETE";
    path: "/v2/serviceReports/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a service report — GET /v2/serviceReports/{id} */
  "serviceReports.get": {
    method: "GET";
    path: "/v2/serviceReports/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ServiceReport;
  };
  /** List serviceReports — GET /v2/serviceReports/ */
  "serviceReports.list": {
    method: "GET";
    path: "/v2/serviceReports/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on customerId (string) */
      customerId?: string;
      /** filter on state (string); a comma list or the parameter repeated */
      state?: Array<string>;
      /** filter on totalWorkingTime (number); a comma list or the parameter repeated */
      totalWorkingTime?: Array<string>;
      /** totalWorkingTime at or after */
      totalWorkingTimeFrom?: string;
      /** totalWorkingTime at or before */
      totalWorkingTimeTo?: string;
      /** filter on signature.name (string) */
      "signature.name"?: string;
      /** filter on signature.signedAt (string) */
      "signature.signedAt"?: string;
      /** filter on signature.image (string) */
      "signature.image"?: string;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on from (string) */
      from?: string;
      /** filter on to (string) */
      to?: string;
      /** filter on title (string) */
      title?: string;
      /** filter on comment (string) */
      comment?: string;
    };
    body: undefined;
    response: Array<ServiceReport>;
  };
  /** Update a service report — PATCH /v2/serviceReports/{id} */
  "serviceReports.update": {
    method: "PATCH";
    path: "/v2/serviceReports/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: ServiceReportPatch;
    response: UpdatedResult;
  };
  /** Send a text message to employees — POST /v2/sms */
  "sms.send": {
    method: "POST";
    path: "/v2/sms";
    pathParams: undefined;
    query: undefined;
    body: {
      /** the recipients, users of your company (each at most once) */
      userIds: Array<string>;
      /** the message; not stored */
      text: string;
    };
    response: {
      /** one per recipient, in the order of `userIds` */
      results: Array<{
        userId: string;
        /** sent: the gateway took the message; failed: the gateway refused it; no_number: the user has no usable contact.mobile or contact.telephone */
        status: "sent" | "failed" | "no_number";
      }>;
    };
  };
  /** Create a supplier — POST /v2/suppliers/ */
  "suppliers.create": {
    method: "POST";
    path: "/v2/suppliers/";
    pathParams: undefined;
    query: undefined;
    body: SupplierCreate;
    response: IdResult;
  };
  /** Delete a supplier — DELETE /v2/suppliers/{id} */
  "suppliers.delete": {
    method: "DELETE";
    path: "/v2/suppliers/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a supplier — GET /v2/suppliers/{id} */
  "suppliers.get": {
    method: "GET";
    path: "/v2/suppliers/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Supplier;
  };
  /** List suppliers — GET /v2/suppliers/ */
  "suppliers.list": {
    method: "GET";
    path: "/v2/suppliers/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on contactPerson (string) */
      contactPerson?: string;
      /** filter on contact.telephone (string) */
      "contact.telephone"?: string;
      /** filter on contact.mobile (string) */
      "contact.mobile"?: string;
      /** filter on contact.email (string) */
      "contact.email"?: string;
      /** filter on contact.sms (string) */
      "contact.sms"?: string;
      /** filter on contact.website (string) */
      "contact.website"?: string;
      /** filter on contact.fax (string) */
      "contact.fax"?: string;
      /** filter on address.street (string) */
      "address.street"?: string;
      /** filter on address.zip (string) */
      "address.zip"?: string;
      /** filter on address.city (string) */
      "address.city"?: string;
      /** filter on address.country (string) */
      "address.country"?: string;
      /** filter on address.co (string) */
      "address.co"?: string;
      /** filter on address.state (string) */
      "address.state"?: string;
      /** filter on customerNumber (string) */
      customerNumber?: string;
      /** filter on comment (string) */
      comment?: string;
      /** filter on tags (string[]); a comma list or the parameter repeated */
      tags?: Array<string>;
    };
    body: undefined;
    response: Array<Supplier>;
  };
  /** Update a supplier — PATCH /v2/suppliers/{id} */
  "suppliers.update": {
    method: "PATCH";
    path: "/v2/suppliers/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: SupplierPatch;
    response: UpdatedResult;
  };
  /** Adopt the German tax-free surcharge preset (§3b EStG) — POST /v2/surcharges/presets/germanTaxFree */
  "surcharges.adoptGermanTaxFreePreset": {
    method: "POST";
    path: "/v2/surcharges/presets/germanTaxFree";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: {
      ids: Array<string>;
    };
  };
  /** Create a surcharge — POST /v2/surcharges/ */
  "surcharges.create": {
    method: "POST";
    path: "/v2/surcharges/";
    pathParams: undefined;
    query: undefined;
    body: SurchargeCreate;
    response: IdResult;
  };
  /** Delete a surcharge — DELETE /v2/surcharges/{id} */
  "surcharges.delete": {
    method: "DELETE";
    path: "/v2/surcharges/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a surcharge — GET /v2/surcharges/{id} */
  "surcharges.get": {
    method: "GET";
    path: "/v2/surcharges/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Surcharge;
  };
  /** List surcharges — GET /v2/surcharges/ */
  "surcharges.list": {
    method: "GET";
    path: "/v2/surcharges/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on rate (number); a comma list or the parameter repeated */
      rate?: Array<string>;
      /** rate at or after */
      rateFrom?: string;
      /** rate at or before */
      rateTo?: string;
      /** filter on group (string) */
      group?: string;
      /** filter on category (string); a comma list or the parameter repeated */
      category?: Array<string>;
      /** filter on activeOn.publicHolidays (boolean) */
      "activeOn.publicHolidays"?: string;
      /** filter on activeOn.dates (string[]); a comma list or the parameter repeated */
      "activeOn.dates"?: Array<string>;
      /** filter on activeOn.followingNightUntil (string) */
      "activeOn.followingNightUntil"?: string;
      /** filter on activeOn.onlyIfBegunBeforeMidnight (boolean) */
      "activeOn.onlyIfBegunBeforeMidnight"?: string;
      /** filter on active (boolean) */
      active?: string;
      /** filter on description (string) */
      description?: string;
    };
    body: undefined;
    response: Array<Surcharge>;
  };
  /** Update a surcharge — PATCH /v2/surcharges/{id} */
  "surcharges.update": {
    method: "PATCH";
    path: "/v2/surcharges/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: SurchargePatch;
    response: UpdatedResult;
  };
  /** Create a task template — POST /v2/taskTemplates/ */
  "taskTemplates.create": {
    method: "POST";
    path: "/v2/taskTemplates/";
    pathParams: undefined;
    query: undefined;
    body: TaskTemplateCreate;
    response: IdResult;
  };
  /** Delete a task template — DELETE /v2/taskTemplates/{id} */
  "taskTemplates.delete": {
    method: "DELETE";
    path: "/v2/taskTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Create the template's tasks due in a period (each occurrence once) — POST /v2/taskTemplates/{id}/generate */
  "taskTemplates.generate": {
    method: "POST";
    path: "/v2/taskTemplates/{id}/generate";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      from?: string;
      until: string;
    };
    response: {
      created: number;
    };
  };
  /** Read a task template — GET /v2/taskTemplates/{id} */
  "taskTemplates.get": {
    method: "GET";
    path: "/v2/taskTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: TaskTemplate;
  };
  /** List taskTemplates — GET /v2/taskTemplates/ */
  "taskTemplates.list": {
    method: "GET";
    path: "/v2/taskTemplates/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on templateName (string) */
      templateName?: string;
      /** filter on iCalendar.tzid (string) */
      "iCalendar.tzid"?: string;
      /** filter on iCalendar.rrule (string) */
      "iCalendar.rrule"?: string;
      /** filter on iCalendar.dtstart (string) */
      "iCalendar.dtstart"?: string;
      /** filter on iCalendar.dtend (string) */
      "iCalendar.dtend"?: string;
      /** filter on iCalendar.exDate (string[]); a comma list or the parameter repeated */
      "iCalendar.exDate"?: Array<string>;
      /** filter on task.title (string) */
      "task.title"?: string;
      /** filter on task.description (string) */
      "task.description"?: string;
      /** filter on task.taskType (string) */
      "task.taskType"?: string;
      /** filter on task.taskTypeId (objectid); a comma list or the parameter repeated */
      "task.taskTypeId"?: Array<string>;
      /** filter on task.priority (string); a comma list or the parameter repeated */
      "task.priority"?: Array<string>;
      /** filter on task.assigneeId (objectid); a comma list or the parameter repeated */
      "task.assigneeId"?: Array<string>;
      /** filter on task.related.objects (string[]); a comma list or the parameter repeated */
      "task.related.objects"?: Array<string>;
      /** filter on task.related.customers (string[]); a comma list or the parameter repeated */
      "task.related.customers"?: Array<string>;
      /** filter on task.related.equipments (string[]); a comma list or the parameter repeated */
      "task.related.equipments"?: Array<string>;
      /** filter on task.tags (string[]); a comma list or the parameter repeated */
      "task.tags"?: Array<string>;
      /** filter on active (boolean) */
      active?: string;
    };
    body: undefined;
    response: Array<TaskTemplate>;
  };
  /** Update a task template — PATCH /v2/taskTemplates/{id} */
  "taskTemplates.update": {
    method: "PATCH";
    path: "/v2/taskTemplates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: TaskTemplatePatch;
    response: UpdatedResult;
  };
  /** Create a task type — POST /v2/taskTypes/ */
  "taskTypes.create": {
    method: "POST";
    path: "/v2/taskTypes/";
    pathParams: undefined;
    query: undefined;
    body: TaskTypeCreate;
    response: IdResult;
  };
  /** Delete a task type — DELETE /v2/taskTypes/{id} */
  "taskTypes.delete": {
    method: "DELETE";
    path: "/v2/taskTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a task type — GET /v2/taskTypes/{id} */
  "taskTypes.get": {
    method: "GET";
    path: "/v2/taskTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: TaskType;
  };
  /** List taskTypes — GET /v2/taskTypes/ */
  "taskTypes.list": {
    method: "GET";
    path: "/v2/taskTypes/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on name (string) */
      name?: string;
      /** filter on description (string) */
      description?: string;
      /** filter on prefix (string) */
      prefix?: string;
      /** filter on hexCode (string) */
      hexCode?: string;
    };
    body: undefined;
    response: Array<TaskType>;
  };
  /** Update a task type — PATCH /v2/taskTypes/{id} */
  "taskTypes.update": {
    method: "PATCH";
    path: "/v2/taskTypes/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: TaskTypePatch;
    response: UpdatedResult;
  };
  /** Complete a task (from any state) — POST /v2/tasks/{id}/complete */
  "tasks.complete": {
    method: "POST";
    path: "/v2/tasks/{id}/complete";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      sendEmail?: boolean;
      emailText?: string;
      recipientEmail?: string;
    };
    response: {
      completed: boolean;
    };
  };
  /** Create a task — POST /v2/tasks/ */
  "tasks.create": {
    method: "POST";
    path: "/v2/tasks/";
    pathParams: undefined;
    query: undefined;
    body: TaskCreate;
    response: IdResult;
  };
  /** Delete a task — DELETE /v2/tasks/{id} */
  "tasks.delete": {
    method: "DELETE";
    path: "/v2/tasks/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a task — GET /v2/tasks/{id} */
  "tasks.get": {
    method: "GET";
    path: "/v2/tasks/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Task;
  };
  /** List tasks — GET /v2/tasks/ */
  "tasks.list": {
    method: "GET";
    path: "/v2/tasks/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on identifierNumber (number); a comma list or the parameter repeated */
      identifierNumber?: Array<string>;
      /** identifierNumber at or after */
      identifierNumberFrom?: string;
      /** identifierNumber at or before */
      identifierNumberTo?: string;
      /** filter on firstStartedAt (date) */
      firstStartedAt?: string;
      /** firstStartedAt at or after */
      firstStartedAtFrom?: string;
      /** firstStartedAt at or before */
      firstStartedAtTo?: string;
      /** filter on firstTerminatedAt (date) */
      firstTerminatedAt?: string;
      /** firstTerminatedAt at or after */
      firstTerminatedAtFrom?: string;
      /** firstTerminatedAt at or before */
      firstTerminatedAtTo?: string;
      /** filter on complaintCreatedAt (date) */
      complaintCreatedAt?: string;
      /** complaintCreatedAt at or after */
      complaintCreatedAtFrom?: string;
      /** complaintCreatedAt at or before */
      complaintCreatedAtTo?: string;
      /** filter on complaintId (objectid); a comma list or the parameter repeated */
      complaintId?: Array<string>;
      /** filter on completionResponse (string) */
      completionResponse?: string;
      /** filter on taskTemplate.entityId (string) */
      "taskTemplate.entityId"?: string;
      /** filter on taskTemplate.templateName (string) */
      "taskTemplate.templateName"?: string;
      /** filter on taskTemplate.recurring (boolean) */
      "taskTemplate.recurring"?: string;
      /** filter on taskTemplate.occurrence (string) */
      "taskTemplate.occurrence"?: string;
      /** filter on title (string) */
      title?: string;
      /** filter on taskStatus (string); a comma list or the parameter repeated */
      taskStatus?: Array<string>;
      /** filter on taskType (string) */
      taskType?: string;
      /** filter on taskTypeId (objectid); a comma list or the parameter repeated */
      taskTypeId?: Array<string>;
      /** filter on description (string) */
      description?: string;
      /** filter on contactPerson (string) */
      contactPerson?: string;
      /** filter on email (string) */
      email?: string;
      /** filter on telephone (string) */
      telephone?: string;
      /** filter on assignee.name (string) */
      "assignee.name"?: string;
      /** filter on assignee.entityId (objectid); a comma list or the parameter repeated */
      "assignee.entityId"?: Array<string>;
      /** filter on assignee.profilePicture (string) */
      "assignee.profilePicture"?: string;
      /** filter on dueDate (date) */
      dueDate?: string;
      /** dueDate at or after */
      dueDateFrom?: string;
      /** dueDate at or before */
      dueDateTo?: string;
      /** filter on tags (string[]); a comma list or the parameter repeated */
      tags?: Array<string>;
      /** priority, one or a comma list; a comma list or the parameter repeated */
      priority?: Array<string>;
      /** filter on related.users (string[]); a comma list or the parameter repeated */
      "related.users"?: Array<string>;
      /** filter on related.objects (string[]); a comma list or the parameter repeated */
      "related.objects"?: Array<string>;
      /** filter on related.customers (string[]); a comma list or the parameter repeated */
      "related.customers"?: Array<string>;
      /** filter on related.contacts (string[]); a comma list or the parameter repeated */
      "related.contacts"?: Array<string>;
      /** filter on related.assignments (string[]); a comma list or the parameter repeated */
      "related.assignments"?: Array<string>;
      /** filter on related.invoices (string[]); a comma list or the parameter repeated */
      "related.invoices"?: Array<string>;
      /** filter on related.equipments (string[]); a comma list or the parameter repeated */
      "related.equipments"?: Array<string>;
      /** filter on documentIds (string[]); a comma list or the parameter repeated */
      documentIds?: Array<string>;
      /** call id, one or a comma list; a comma list or the parameter repeated */
      callId?: Array<string>;
      /** tasks related to any of these customers (comma-separated ids); a comma list or the parameter repeated */
      customerIds?: Array<string>;
      /** assignee ids, comma-separated; "unassigned_jobs" matches tasks without an assignee; a comma list or the parameter repeated */
      userIds?: Array<string>;
      /** title contains (case-insensitive) or identifierNumber equals */
      search?: string;
      /** the assignee (user id); a comma list or the parameter repeated */
      assigneeId?: Array<string>;
      /** tasks related to any of these contacts (comma-separated ids); a comma list or the parameter repeated */
      relatedContacts?: Array<string>;
      /** tasks related to any of these users (comma-separated ids); a comma list or the parameter repeated */
      relatedUsers?: Array<string>;
      /** tasks related to any of these objects (comma-separated ids); a comma list or the parameter repeated */
      relatedObjects?: Array<string>;
      /** tasks related to any of these customers (comma-separated ids); a comma list or the parameter repeated */
      relatedCustomers?: Array<string>;
      /** tasks related to any of these assignments (comma-separated ids); a comma list or the parameter repeated */
      relatedAssignments?: Array<string>;
      /** tasks related to any of these invoices (comma-separated ids); a comma list or the parameter repeated */
      relatedInvoices?: Array<string>;
      /** tasks related to any of these equipments (comma-separated ids); a comma list or the parameter repeated */
      relatedEquipments?: Array<string>;
      /** taskStatus, one or a comma list; a comma list or the parameter repeated */
      status?: Array<string>;
      /** a list tab: active (new, open, in_progress, in_review); new (new); review (in_review); done (completed); cancelled (cancelled); a comma list or the parameter repeated */
      tab?: Array<string>;
      /** task type ids, comma-separated; a comma list or the parameter repeated */
      taskTypeIds?: Array<string>;
      /** true: tasks a recurring template created; false: the others */
      fromRecurringTemplate?: string;
    };
    body: undefined;
    response: Array<Task>;
  };
  /** Update a task — PATCH /v2/tasks/{id} */
  "tasks.update": {
    method: "PATCH";
    path: "/v2/tasks/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: TaskPatch;
    response: UpdatedResult;
  };
  /** Create a tax rate — POST /v2/taxRates/ */
  "taxRates.create": {
    method: "POST";
    path: "/v2/taxRates/";
    pathParams: undefined;
    query: undefined;
    body: TaxRateCreate;
    response: IdResult;
  };
  /** Delete a tax rate — DELETE /v2/taxRates/{id} */
  "taxRates.delete": {
    method: "DELETE";
    path: "/v2/taxRates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Read a tax rate — GET /v2/taxRates/{id} */
  "taxRates.get": {
    method: "GET";
    path: "/v2/taxRates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: TaxRate;
  };
  /** List taxRates — GET /v2/taxRates/ */
  "taxRates.list": {
    method: "GET";
    path: "/v2/taxRates/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on type (string) */
      type?: string;
      /** filter on rate (number); a comma list or the parameter repeated */
      rate?: Array<string>;
      /** rate at or after */
      rateFrom?: string;
      /** rate at or before */
      rateTo?: string;
      /** filter on description (string) */
      description?: string;
      /** filter on bookingAccountNumber (string) */
      bookingAccountNumber?: string;
      /** filter on skontoBookingAccountNumber (string) */
      skontoBookingAccountNumber?: string;
      /** filter on default (boolean) */
      default?: string;
    };
    body: undefined;
    response: Array<TaxRate>;
  };
  /** Update a tax rate — PATCH /v2/taxRates/{id} */
  "taxRates.update": {
    method: "PATCH";
    path: "/v2/taxRates/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: TaxRatePatch;
    response: UpdatedResult;
  };
  /** Approve an entry and compute its salary — POST /v2/timeTracking/{id}/approve */
  "timeTracking.approve": {
    method: "POST";
    path: "/v2/timeTracking/{id}/approve";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: {
      _id: string;
      salaryIds: Array<string>;
    };
  };
  /** Approve several entries at once (all or nothing) — POST /v2/timeTracking/approve */
  "timeTracking.approveMany": {
    method: "POST";
    path: "/v2/timeTracking/approve";
    pathParams: undefined;
    query: undefined;
    body: {
      ids: Array<string>;
    };
    response: {
      approved: number;
      entries: Array<{
        _id: string;
        salaryIds: Array<string>;
      }>;
    };
  };
  /** Cancel an entry (its unbilled salary is removed) — POST /v2/timeTracking/{id}/cancel */
  "timeTracking.cancel": {
    method: "POST";
    path: "/v2/timeTracking/{id}/cancel";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      reason?: string;
    };
    response: UpdatedResult;
  };
  /** Create a time-tracking entry — POST /v2/timeTracking/ */
  "timeTracking.create": {
    method: "POST";
    path: "/v2/timeTracking/";
    pathParams: undefined;
    query: undefined;
    body: TimeTrackingEntryCreate;
    response: IdResult;
  };
  /** Read a time-tracking entry — GET /v2/timeTracking/{id} */
  "timeTracking.get": {
    method: "GET";
    path: "/v2/timeTracking/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: TimeTrackingEntry;
  };
  /** The limits a clock-in is checked against — GET /v2/timeTracking/clockRules */
  "timeTracking.getClockRules": {
    method: "GET";
    path: "/v2/timeTracking/clockRules";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: {
      /** minutes a clock-in may differ from the job's start before it needs a reason */
      startToleranceMinutes: number;
      /** metres a clock-in may be from the object's location before it needs a reason */
      maxDistanceMeters: number;
    };
  };
  /** List timeTracking — GET /v2/timeTracking/ */
  "timeTracking.list": {
    method: "GET";
    path: "/v2/timeTracking/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on workingTime (number); a comma list or the parameter repeated */
      workingTime?: Array<string>;
      /** workingTime at or after */
      workingTimeFrom?: string;
      /** workingTime at or before */
      workingTimeTo?: string;
      /** filter on targetTime (number); a comma list or the parameter repeated */
      targetTime?: Array<string>;
      /** targetTime at or after */
      targetTimeFrom?: string;
      /** targetTime at or before */
      targetTimeTo?: string;
      /** filter on requiredBreakTime (number); a comma list or the parameter repeated */
      requiredBreakTime?: Array<string>;
      /** requiredBreakTime at or after */
      requiredBreakTimeFrom?: string;
      /** requiredBreakTime at or before */
      requiredBreakTimeTo?: string;
      /** filter on objectManagerId (string) */
      objectManagerId?: string;
      /** filter on approved (boolean) */
      approved?: string;
      /** filter on cancelled (boolean) */
      cancelled?: string;
      /** filter on generatedByUser (boolean) */
      generatedByUser?: string;
      /** filter on editedByManager (boolean) */
      editedByManager?: string;
      /** filter on wasAddedManually (boolean) */
      wasAddedManually?: string;
      /** filter on approvedBy (string) */
      approvedBy?: string;
      /** filter on approvedAt (date) */
      approvedAt?: string;
      /** approvedAt at or after */
      approvedAtFrom?: string;
      /** approvedAt at or before */
      approvedAtTo?: string;
      /** filter on cancelledBy (string) */
      cancelledBy?: string;
      /** filter on cancelledAt (date) */
      cancelledAt?: string;
      /** cancelledAt at or after */
      cancelledAtFrom?: string;
      /** cancelledAt at or before */
      cancelledAtTo?: string;
      /** filter on errors (string[]); a comma list or the parameter repeated */
      errors?: Array<string>;
      /** filter on allFoundErrors (string[]); a comma list or the parameter repeated */
      allFoundErrors?: Array<string>;
      /** filter on salaryIds (string[]); a comma list or the parameter repeated */
      salaryIds?: Array<string>;
      /** filter on invoiceId (string) */
      invoiceId?: string;
      /** filter on userId (objectid); a comma list or the parameter repeated */
      userId?: Array<string>;
      /** filter on jobId (objectid); a comma list or the parameter repeated */
      jobId?: Array<string>;
      /** filter on objectId (objectid); a comma list or the parameter repeated */
      objectId?: Array<string>;
      /** filter on assignmentId (objectid); a comma list or the parameter repeated */
      assignmentId?: Array<string>;
      /** filter on activityTypeId (objectid); a comma list or the parameter repeated */
      activityTypeId?: Array<string>;
      /** filter on signingId (objectid); a comma list or the parameter repeated */
      signingId?: Array<string>;
      /** filter on timeStart (date) */
      timeStart?: string;
      /** timeStart at or after */
      timeStartFrom?: string;
      /** timeStart at or before */
      timeStartTo?: string;
      /** filter on timeEnd (date) */
      timeEnd?: string;
      /** timeEnd at or after */
      timeEndFrom?: string;
      /** timeEnd at or before */
      timeEndTo?: string;
      /** filter on trackingJobDate (date) */
      trackingJobDate?: string;
      /** trackingJobDate at or after */
      trackingJobDateFrom?: string;
      /** trackingJobDate at or before */
      trackingJobDateTo?: string;
      /** filter on break (number); a comma list or the parameter repeated */
      break?: Array<string>;
      /** break at or after */
      breakFrom?: string;
      /** break at or before */
      breakTo?: string;
      /** filter on addedTime (number); a comma list or the parameter repeated */
      addedTime?: Array<string>;
      /** addedTime at or after */
      addedTimeFrom?: string;
      /** addedTime at or before */
      addedTimeTo?: string;
      /** filter on drivingTime (number); a comma list or the parameter repeated */
      drivingTime?: Array<string>;
      /** drivingTime at or after */
      drivingTimeFrom?: string;
      /** drivingTime at or before */
      drivingTimeTo?: string;
      /** filter on location.latitude (number); a comma list or the parameter repeated */
      "location.latitude"?: Array<string>;
      /** location.latitude at or after */
      "location.latitudeFrom"?: string;
      /** location.latitude at or before */
      "location.latitudeTo"?: string;
      /** filter on location.longitude (number); a comma list or the parameter repeated */
      "location.longitude"?: Array<string>;
      /** location.longitude at or after */
      "location.longitudeFrom"?: string;
      /** location.longitude at or before */
      "location.longitudeTo"?: string;
      /** filter on logOutLocation.latitude (number); a comma list or the parameter repeated */
      "logOutLocation.latitude"?: Array<string>;
      /** logOutLocation.latitude at or after */
      "logOutLocation.latitudeFrom"?: string;
      /** logOutLocation.latitude at or before */
      "logOutLocation.latitudeTo"?: string;
      /** filter on logOutLocation.longitude (number); a comma list or the parameter repeated */
      "logOutLocation.longitude"?: Array<string>;
      /** logOutLocation.longitude at or after */
      "logOutLocation.longitudeFrom"?: string;
      /** logOutLocation.longitude at or before */
      "logOutLocation.longitudeTo"?: string;
      /** filter on type (string) */
      type?: string;
      /** filter on offline (boolean) */
      offline?: string;
      /** filter on comment (string) */
      comment?: string;
      /** filter on reason (string) */
      reason?: string;
      /** filter on clockInReason (string) */
      clockInReason?: string;
      /** filter on clientId (string) */
      clientId?: string;
      /** entries starting at or after (epoch ms or ISO 8601) */
      from?: string;
      /** entries starting at or before (epoch ms or ISO 8601) */
      to?: string;
      /** true: entries with plausibility errors; false: without */
      hasErrors?: string;
      /** user ids, comma-separated; a comma list or the parameter repeated */
      userIds?: Array<string>;
      /** object ids, comma-separated; a comma list or the parameter repeated */
      objectIds?: Array<string>;
      /** job ids, comma-separated; a comma list or the parameter repeated */
      jobIds?: Array<string>;
    };
    body: undefined;
    response: Array<TimeTrackingEntry>;
  };
  /** Correct an entry (managers; a reason is required) — PATCH /v2/timeTracking/{id} */
  "timeTracking.update": {
    method: "PATCH";
    path: "/v2/timeTracking/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      userId?: string | null;
      jobId?: string | null;
      objectId?: string | null;
      assignmentId?: string | null;
      activityTypeId?: string | null;
      signingId?: string | null;
      timeStart?: string | null;
      timeEnd?: string | null;
      trackingJobDate?: string | null;
      break?: number | null;
      addedTime?: number | null;
      drivingTime?: number | null;
      location?: {
        latitude?: number | null;
        longitude?: number | null;
      } | null;
      logOutLocation?: {
        latitude?: number | null;
        longitude?: number | null;
      } | null;
      type?: string | null;
      offline?: boolean | null;
      comment?: string | null;
      reason: string | null;
      clockInReason?: string | null;
      clientId?: string | null;
      workingTime?: unknown | null;
      targetTime?: unknown | null;
      requiredBreakTime?: unknown | null;
      objectManagerId?: unknown | null;
      approved?: unknown | null;
      cancelled?: unknown | null;
      generatedByUser?: unknown | null;
      editedByManager?: unknown | null;
      wasAddedManually?: unknown | null;
      approvedBy?: unknown | null;
      approvedAt?: unknown | null;
      cancelledBy?: unknown | null;
      cancelledAt?: unknown | null;
      errors?: unknown | null;
      allFoundErrors?: unknown | null;
      salaryIds?: unknown | null;
      invoiceId?: unknown | null;
      _id?: unknown | null;
      number?: unknown | null;
      companyId?: unknown | null;
      status?: unknown | null;
      chatId?: unknown | null;
    };
    response: UpdatedResult;
  };
  /** Monthly timesheets of every employee — GET /v2/timesheets */
  "timesheets.list": {
    method: "GET";
    path: "/v2/timesheets";
    pathParams: undefined;
    query: {
      /** YYYY-MM, a local month in the company's time zone */
      month: string;
      format?: "json" | "csv";
    };
    body: undefined;
    response: Array<Record<string, unknown>>;
  };
  /** Confirm the user's SMS number with the code it received — POST /v2/users/{id}/mobile/confirm */
  "users.confirmMobile": {
    method: "POST";
    path: "/v2/users/{id}/mobile/confirm";
    pathParams: {
      id: string;
    };
    query: undefined;
    body: {
      code: string;
    };
    response: {
      number: string;
      verifiedAt: string;
    };
  };
  /** Create an user — POST /v2/users/ */
  "users.create": {
    method: "POST";
    path: "/v2/users/";
    pathParams: undefined;
    query: undefined;
    body: UserCreate;
    response: IdResult;
  };
  /** Delete an user — DELETE /v2/users/{id} */
  "users.delete": {
    method: "DELETE";
    path: "/v2/users/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Remove the user's signature image (documents rendered afterwards have none) — DELETE /v2/users/{id}/signatureImage */
  "users.deleteSignatureImage": {
    method: "DELETE";
    path: "/v2/users/{id}/signatureImage";
    pathParams: {
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Export users as CSV — GET /v2/users/export.csv */
  "users.exportCsv": {
    method: "GET";
    path: "/v2/users/export.csv";
    pathParams: undefined;
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** Filter users — POST /v2/users/filter */
  "users.filter": {
    method: "POST";
    path: "/v2/users/filter";
    pathParams: undefined;
    query: undefined;
    body: {
      filters?: Array<{
        field: string;
        type?: string;
        op: string;
        value?: unknown;
      }>;
      limit?: number;
      skip?: number;
      sort?: string;
    };
    response: Array<User>;
  };
  /** Read an user — GET /v2/users/{id} */
  "users.get": {
    method: "GET";
    path: "/v2/users/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: User;
  };
  /** Read a user by employee number — GET /v2/users/{userNumber}/byNumber */
  "users.getByNumber": {
    method: "GET";
    path: "/v2/users/{userNumber}/byNumber";
    pathParams: {
      userNumber: number;
    };
    query: undefined;
    body: undefined;
    response: User;
  };
  /** An employee's leave account of a year — GET /v2/users/{id}/leave */
  "users.getLeave": {
    method: "GET";
    path: "/v2/users/{id}/leave";
    pathParams: {
      id: string;
    };
    query: {
      year: number;
    };
    body: undefined;
    response: Record<string, unknown>;
  };
  /** The user's signature image as uploaded — GET /v2/users/{id}/signatureImage */
  "users.getSignatureImage": {
    method: "GET";
    path: "/v2/users/{id}/signatureImage";
    pathParams: {
      id: string;
    };
    query: undefined;
    body: undefined;
    response: ArrayBuffer;
  };
  /** Monthly timesheet of a user — GET /v2/users/{id}/timesheet */
  "users.getTimesheet": {
    method: "GET";
    path: "/v2/users/{id}/timesheet";
    pathParams: {
      id: string;
    };
    query: {
      /** YYYY-MM, a local month in the company's time zone */
      month: string;
      format?: "json" | "csv" | "pdf";
    };
    body: undefined;
    response: Record<string, unknown>;
  };
  /** Invite a user: their access is ready, by SMS or e-mail, in their own language — POST /v2/users/{id}/invite */
  "users.invite": {
    method: "POST";
    path: "/v2/users/{id}/invite";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: {
      /** sms: to the user's contact.mobile, else contact.telephone; email: to their access.email */
      channel: "sms" | "email";
    };
    response: {
      channel: "sms" | "email";
      /** the language the text was written in */
      language: string;
      /** sent: the gateway or mail server took it; failed: the SMS gateway refused it; queued: the mail server was not reached, the mail is retried */
      status: "sent" | "failed" | "queued";
    };
  };
  /** List users — GET /v2/users/ */
  "users.list": {
    method: "GET";
    path: "/v2/users/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on access.dashboardAccess (boolean) */
      "access.dashboardAccess"?: string;
      /** filter on access.webAccess (string) */
      "access.webAccess"?: string;
      /** filter on access.email (string) */
      "access.email"?: string;
      /** filter on id (string) */
      id?: string;
      /** filter on general.firstName (string) */
      "general.firstName"?: string;
      /** filter on general.lastName (string) */
      "general.lastName"?: string;
      /** filter on general.sex (string) */
      "general.sex"?: string;
      /** filter on general.birthDate (string) */
      "general.birthDate"?: string;
      /** filter on general.language (string) */
      "general.language"?: string;
      /** filter on general.insuranceNumber (string) */
      "general.insuranceNumber"?: string;
      /** filter on general.deviceToken (string) */
      "general.deviceToken"?: string;
      /** filter on general.webPushToken (string) */
      "general.webPushToken"?: string;
      /** filter on general.profileImage (string) */
      "general.profileImage"?: string;
      /** filter on general.description (string) */
      "general.description"?: string;
      /** filter on general.lastNpsScoreSend (date) */
      "general.lastNpsScoreSend"?: string;
      /** general.lastNpsScoreSend at or after */
      "general.lastNpsScoreSendFrom"?: string;
      /** general.lastNpsScoreSend at or before */
      "general.lastNpsScoreSendTo"?: string;
      /** filter on general.myTutorialUsername (string) */
      "general.myTutorialUsername"?: string;
      /** filter on contract.startDate (date) */
      "contract.startDate"?: string;
      /** contract.startDate at or after */
      "contract.startDateFrom"?: string;
      /** contract.startDate at or before */
      "contract.startDateTo"?: string;
      /** filter on contract.endDate (date) */
      "contract.endDate"?: string;
      /** contract.endDate at or after */
      "contract.endDateFrom"?: string;
      /** contract.endDate at or before */
      "contract.endDateTo"?: string;
      /** filter on contract.department (string) */
      "contract.department"?: string;
      /** filter on contract.salary (number); a comma list or the parameter repeated */
      "contract.salary"?: Array<string>;
      /** contract.salary at or after */
      "contract.salaryFrom"?: string;
      /** contract.salary at or before */
      "contract.salaryTo"?: string;
      /** filter on contract.salaryType (string) */
      "contract.salaryType"?: string;
      /** filter on contract.employment (string) */
      "contract.employment"?: string;
      /** filter on contract.employmentType (string); a comma list or the parameter repeated */
      "contract.employmentType"?: Array<string>;
      /** filter on contract.unforeseeableExceedings (string[]); a comma list or the parameter repeated */
      "contract.unforeseeableExceedings"?: Array<string>;
      /** filter on contract.payment (string) */
      "contract.payment"?: string;
      /** filter on contract.payTypeId (objectid); a comma list or the parameter repeated */
      "contract.payTypeId"?: Array<string>;
      /** filter on contract.vacationDays (number); a comma list or the parameter repeated */
      "contract.vacationDays"?: Array<string>;
      /** contract.vacationDays at or after */
      "contract.vacationDaysFrom"?: string;
      /** contract.vacationDays at or before */
      "contract.vacationDaysTo"?: string;
      /** filter on contract.vacationDaysBasis (number); a comma list or the parameter repeated */
      "contract.vacationDaysBasis"?: Array<string>;
      /** contract.vacationDaysBasis at or after */
      "contract.vacationDaysBasisFrom"?: string;
      /** contract.vacationDaysBasis at or before */
      "contract.vacationDaysBasisTo"?: string;
      /** filter on contract.allowedToTrackDrivingTime (boolean) */
      "contract.allowedToTrackDrivingTime"?: string;
      /** filter on contract.workRegion (string) */
      "contract.workRegion"?: string;
      /** filter on contact.telephone (string) */
      "contact.telephone"?: string;
      /** filter on contact.mobile (string) */
      "contact.mobile"?: string;
      /** filter on contact.email (string) */
      "contact.email"?: string;
      /** filter on contact.sms (string) */
      "contact.sms"?: string;
      /** filter on contact.website (string) */
      "contact.website"?: string;
      /** filter on contact.fax (string) */
      "contact.fax"?: string;
      /** filter on contact.smsCount (number); a comma list or the parameter repeated */
      "contact.smsCount"?: Array<string>;
      /** contact.smsCount at or after */
      "contact.smsCountFrom"?: string;
      /** contact.smsCount at or before */
      "contact.smsCountTo"?: string;
      /** filter on contact.smsChatCount (number); a comma list or the parameter repeated */
      "contact.smsChatCount"?: Array<string>;
      /** contact.smsChatCount at or after */
      "contact.smsChatCountFrom"?: string;
      /** contact.smsChatCount at or before */
      "contact.smsChatCountTo"?: string;
      /** filter on contact.smsSendDate (date) */
      "contact.smsSendDate"?: string;
      /** contact.smsSendDate at or after */
      "contact.smsSendDateFrom"?: string;
      /** contact.smsSendDate at or before */
      "contact.smsSendDateTo"?: string;
      /** filter on contact.smsSendBy (string) */
      "contact.smsSendBy"?: string;
      /** filter on contact.lastSMSStatus (string) */
      "contact.lastSMSStatus"?: string;
      /** filter on contact.secondSmsSendDate (date) */
      "contact.secondSmsSendDate"?: string;
      /** contact.secondSmsSendDate at or after */
      "contact.secondSmsSendDateFrom"?: string;
      /** contact.secondSmsSendDate at or before */
      "contact.secondSmsSendDateTo"?: string;
      /** filter on address.street (string) */
      "address.street"?: string;
      /** filter on address.zip (string) */
      "address.zip"?: string;
      /** filter on address.city (string) */
      "address.city"?: string;
      /** filter on address.country (string) */
      "address.country"?: string;
      /** filter on address.co (string) */
      "address.co"?: string;
      /** filter on address.state (string) */
      "address.state"?: string;
      /** filter on accessGroupId (objectid); a comma list or the parameter repeated */
      accessGroupId?: Array<string>;
      /** filter on totalTargetHours (number); a comma list or the parameter repeated */
      totalTargetHours?: Array<string>;
      /** totalTargetHours at or after */
      totalTargetHoursFrom?: string;
      /** totalTargetHours at or before */
      totalTargetHoursTo?: string;
      /** filter on setUpDone (boolean) */
      setUpDone?: string;
      /** filter on location.latitude (number); a comma list or the parameter repeated */
      "location.latitude"?: Array<string>;
      /** location.latitude at or after */
      "location.latitudeFrom"?: string;
      /** location.latitude at or before */
      "location.latitudeTo"?: string;
      /** filter on location.longitude (number); a comma list or the parameter repeated */
      "location.longitude"?: Array<string>;
      /** location.longitude at or after */
      "location.longitudeFrom"?: string;
      /** location.longitude at or before */
      "location.longitudeTo"?: string;
      /** filter on location.location.type (string) */
      "location.location.type"?: string;
      /** filter on activityTypeIds (string[]); a comma list or the parameter repeated */
      activityTypeIds?: Array<string>;
      /** filter on implementation.hasJob (boolean) */
      "implementation.hasJob"?: string;
      /** filter on implementation.hasTimeTracking (boolean) */
      "implementation.hasTimeTracking"?: string;
      /** filter on implementation.isSuccessfullyImplemented (boolean) */
      "implementation.isSuccessfullyImplemented"?: string;
      /** filter on implementation.lastTimeActive (date) */
      "implementation.lastTimeActive"?: string;
      /** implementation.lastTimeActive at or after */
      "implementation.lastTimeActiveFrom"?: string;
      /** implementation.lastTimeActive at or before */
      "implementation.lastTimeActiveTo"?: string;
      /** filter on workedOnObjectIds (string[]); a comma list or the parameter repeated */
      workedOnObjectIds?: Array<string>;
      /** filter on tags (string[]); a comma list or the parameter repeated */
      tags?: Array<string>;
      /** filter on analytics.createdProfile (date) */
      "analytics.createdProfile"?: string;
      /** analytics.createdProfile at or after */
      "analytics.createdProfileFrom"?: string;
      /** analytics.createdProfile at or before */
      "analytics.createdProfileTo"?: string;
    };
    body: undefined;
    response: Array<User>;
  };
  /** Documents of a user — GET /v2/users/{id}/documents */
  "users.listDocuments": {
    method: "GET";
    path: "/v2/users/{id}/documents";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Array<Document>;
  };
  /** End every session of the user (a lost device): their sign-ins must be repeated — POST /v2/users/{id}/revokeSessions */
  "users.revokeSessions": {
    method: "POST";
    path: "/v2/users/{id}/revokeSessions";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: Record<string, never>;
    response: {
      revoked: boolean;
    };
  };
  /** Set the caller's own language (general.language) — PUT /v2/users/self/language */
  "users.setOwnLanguage": {
    method: "PUT";
    path: "/v2/users/self/language";
    pathParams: undefined;
    query: undefined;
    body: {
      language: "en" | "de" | "pl" | "ro" | "tr" | "uk" | "bg" | "ar";
    };
    response: {
      language: string;
    };
  };
  /** Update an user — PATCH /v2/users/{id} */
  "users.update": {
    method: "PATCH";
    path: "/v2/users/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: UserPatch;
    response: UpdatedResult;
  };
  /** Upload the user's signature image (raw body: image/png or image/jpeg) — PUT /v2/users/{id}/signatureImage */
  "users.uploadSignatureImage": {
    method: "PUT";
    path: "/v2/users/{id}/signatureImage";
    pathParams: {
      id: string;
    };
    query: undefined;
    body: Blob | ArrayBuffer | string;
    response: {
      contentType: string;
      bytes: number;
    };
  };
  /** Send a code to verify the user's SMS number — POST /v2/users/{id}/mobile/verify */
  "users.verifyMobile": {
    method: "POST";
    path: "/v2/users/{id}/mobile/verify";
    pathParams: {
      id: string;
    };
    query: undefined;
    body: undefined;
    response: {
      sent: boolean;
      /** seconds the code stays valid */
      expiresIn: number;
    };
  };
  /** Create a webhook — POST /v2/integrations/webhooks/ */
  "webhooks.create": {
    method: "POST";
    path: "/v2/integrations/webhooks/";
    pathParams: undefined;
    query: undefined;
    body: WebhookCreate;
    response: WebhookSecret;
  };
  /** Delete a webhook — DELETE /v2/integrations/webhooks/{id} */
  "webhooks.delete": {
    method: "DELETE";
    path: "/v2/integrations/webhooks/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: DeletedResult;
  };
  /** Enable a webhook that was disabled after failing deliveries — POST /v2/integrations/webhooks/{id}/enable */
  "webhooks.enable": {
    method: "POST";
    path: "/v2/integrations/webhooks/{id}/enable";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: IdResult;
  };
  /** Read a webhook — GET /v2/integrations/webhooks/{id} */
  "webhooks.get": {
    method: "GET";
    path: "/v2/integrations/webhooks/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: Webhook;
  };
  /** List webhooks — GET /v2/integrations/webhooks/ */
  "webhooks.list": {
    method: "GET";
    path: "/v2/integrations/webhooks/";
    pathParams: undefined;
    query: {
      /** page size */
      limit?: number;
      /** records to skip */
      offset?: number;
      /** field:1 or field:-1, dot notation for nested fields; a comma list or the parameter repeated */
      sort?: Array<string>;
      /** JSON array of {field, type, op, value} */
      filter?: string;
      /** filter on _id (objectid); a comma list or the parameter repeated */
      _id?: Array<string>;
      /** filter on number (number); a comma list or the parameter repeated */
      number?: Array<string>;
      /** number at or after */
      numberFrom?: string;
      /** number at or before */
      numberTo?: string;
      /** filter on status.status (number); a comma list or the parameter repeated */
      "status.status"?: Array<string>;
      /** status.status at or after */
      "status.statusFrom"?: string;
      /** status.status at or before */
      "status.statusTo"?: string;
      /** filter on status.createdAt (date) */
      "status.createdAt"?: string;
      /** status.createdAt at or after */
      "status.createdAtFrom"?: string;
      /** status.createdAt at or before */
      "status.createdAtTo"?: string;
      /** filter on status.createdBy (objectid); a comma list or the parameter repeated */
      "status.createdBy"?: Array<string>;
      /** filter on status.lastModifiedAt (date) */
      "status.lastModifiedAt"?: string;
      /** status.lastModifiedAt at or after */
      "status.lastModifiedAtFrom"?: string;
      /** status.lastModifiedAt at or before */
      "status.lastModifiedAtTo"?: string;
      /** filter on status.lastModifiedBy (objectid); a comma list or the parameter repeated */
      "status.lastModifiedBy"?: Array<string>;
      /** filter on chatId (objectid); a comma list or the parameter repeated */
      chatId?: Array<string>;
      /** filter on disabledAt (date) */
      disabledAt?: string;
      /** disabledAt at or after */
      disabledAtFrom?: string;
      /** disabledAt at or before */
      disabledAtTo?: string;
      /** filter on disabledReason (string) */
      disabledReason?: string;
      /** filter on type (string); a comma list or the parameter repeated */
      type?: Array<string>;
      /** filter on entity (string); a comma list or the parameter repeated */
      entity?: Array<string>;
      /** filter on url (string) */
      url?: string;
      /** filter on description (string) */
      description?: string;
    };
    body: undefined;
    response: Array<Webhook>;
  };
  /** Deliveries of a webhook with their attempts, newest first — GET /v2/integrations/webhooks/{id}/deliveries */
  "webhooks.listDeliveries": {
    method: "GET";
    path: "/v2/integrations/webhooks/{id}/deliveries";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: {
      /** pending, delivering, delivered, failed; a comma list or the parameter repeated */
      status?: Array<string>;
      from?: string;
      to?: string;
      limit?: number;
      offset?: number;
    };
    body: undefined;
    response: Array<Record<string, unknown>>;
  };
  /** Send a delivery's event again (a new delivery) — POST /v2/integrations/webhooks/{id}/deliveries/{deliveryId}/redeliver */
  "webhooks.redeliver": {
    method: "POST";
    path: "/v2/integrations/webhooks/{id}/deliveries/{deliveryId}/redeliver";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
      /** 24-hex ObjectId */
      deliveryId: string;
    };
    query: undefined;
    body: undefined;
    response: IdResult;
  };
  /** Replace the signing secret (the old one stops at once) — POST /v2/integrations/webhooks/{id}/rotateSecret */
  "webhooks.rotateSecret": {
    method: "POST";
    path: "/v2/integrations/webhooks/{id}/rotateSecret";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: WebhookSecret;
  };
  /** Send a PING event to this webhook — POST /v2/integrations/webhooks/{id}/test */
  "webhooks.test": {
    method: "POST";
    path: "/v2/integrations/webhooks/{id}/test";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: undefined;
    response: IdResult;
  };
  /** Update a webhook — PATCH /v2/integrations/webhooks/{id} */
  "webhooks.update": {
    method: "PATCH";
    path: "/v2/integrations/webhooks/{id}";
    pathParams: {
      /** 24-hex ObjectId */
      id: string;
    };
    query: undefined;
    body: WebhookPatch;
    response: IdResult;
  };
}

/** Method and path of each operation, for the client at run time. */
export const OPERATIONS = {
  "absences.approve": ["POST", "/v2/absences/{id}/approve"],
  "absences.assignReplacement": ["POST", "/v2/absences/{id}/replacements"],
  "absences.cancel": ["POST", "/v2/absences/{id}/cancel"],
  "absences.create": ["POST", "/v2/absences/"],
  "absences.decline": ["POST", "/v2/absences/{id}/decline"],
  "absences.delete": ["DELETE", "/v2/absences/{id}"],
  "absences.get": ["GET", "/v2/absences/{id}"],
  "absences.list": ["GET", "/v2/absences/"],
  "absences.listOwn": ["GET", "/v2/absences/self"],
  "absences.listReplacementCandidates": ["GET", "/v2/absences/{id}/replacementCandidates"],
  "absences.update": ["PATCH", "/v2/absences/{id}"],
  "accessGroups.create": ["POST", "/v2/accessGroups/"],
  "accessGroups.delete": ["DELETE", "/v2/accessGroups/{id}"],
  "accessGroups.get": ["GET", "/v2/accessGroups/{id}"],
  "accessGroups.list": ["GET", "/v2/accessGroups/"],
  "accessGroups.update": ["PATCH", "/v2/accessGroups/{id}"],
  "account.changePassword": ["POST", "/v2/account/change-password"],
  "accounting.export": ["GET", "/v2/accounting/export"],
  "activityTypes.create": ["POST", "/v2/activityTypes/"],
  "activityTypes.delete": ["DELETE", "/v2/activityTypes/{id}"],
  "activityTypes.get": ["GET", "/v2/activityTypes/{id}"],
  "activityTypes.list": ["GET", "/v2/activityTypes/"],
  "activityTypes.update": ["PATCH", "/v2/activityTypes/{id}"],
  "apiKeys.create": ["POST", "/v2/apiKeys"],
  "apiKeys.delete": ["DELETE", "/v2/apiKeys/{id}"],
  "apiKeys.list": ["GET", "/v2/apiKeys"],
  "articles.create": ["POST", "/v2/articles/"],
  "articles.delete": ["DELETE", "/v2/articles/{id}"],
  "articles.exportCsv": ["GET", "/v2/articles/export.csv"],
  "articles.get": ["GET", "/v2/articles/{id}"],
  "articles.getLastNumber": ["GET", "/v2/articles/lastNumber"],
  "articles.list": ["GET", "/v2/articles/"],
  "articles.update": ["PATCH", "/v2/articles/{id}"],
  "assignmentConfirmations.clientLink": ["POST", "/v2/assignmentConfirmations/{id}/clientLink"],
  "assignmentConfirmations.confirm": ["POST", "/v2/assignmentConfirmations/{id}/confirm"],
  "assignmentConfirmations.create": ["POST", "/v2/assignmentConfirmations/"],
  "assignmentConfirmations.delete": ["DELETE", "/v2/assignmentConfirmations/{id}"],
  "assignmentConfirmations.get": ["GET", "/v2/assignmentConfirmations/{id}"],
  "assignmentConfirmations.getPdf": ["GET", "/v2/assignmentConfirmations/{id}/pdf"],
  "assignmentConfirmations.issue": ["POST", "/v2/assignmentConfirmations/{id}/issue"],
  "assignmentConfirmations.list": ["GET", "/v2/assignmentConfirmations/"],
  "assignmentConfirmations.send": ["POST", "/v2/assignmentConfirmations/{id}/send"],
  "assignmentConfirmations.update": ["PATCH", "/v2/assignmentConfirmations/{id}"],
  "assignments.assignmentConfirmation": ["POST", "/v2/assignments/{id}/assignmentConfirmation"],
  "assignments.create": ["POST", "/v2/assignments/"],
  "assignments.delete": ["DELETE", "/v2/assignments/{id}"],
  "assignments.get": ["GET", "/v2/assignments/{id}"],
  "assignments.invoice": ["POST", "/v2/assignments/{id}/invoice"],
  "assignments.list": ["GET", "/v2/assignments/"],
  "assignments.preview": ["POST", "/v2/assignments/preview"],
  "assignments.update": ["PATCH", "/v2/assignments/{id}"],
  "auth.authUsingSMS": ["POST", "/v2/auth/authUsingSMS"],
  "auth.getPermissions": ["GET", "/v2/auth/permissions"],
  "auth.login": ["POST", "/v2/auth/login"],
  "auth.logout": ["POST", "/v2/auth/logout"],
  "auth.logoutAll": ["POST", "/v2/auth/logoutAll"],
  "auth.refresh": ["POST", "/v2/auth/refresh"],
  "auth.requestAuthCode": ["POST", "/v2/auth/requestAuthCode"],
  "bankingTransactions.assign": ["POST", "/v2/bankingTransactions/{id}/assign"],
  "bankingTransactions.delete": ["DELETE", "/v2/bankingTransactions/{id}"],
  "bankingTransactions.get": ["GET", "/v2/bankingTransactions/{id}"],
  "bankingTransactions.import": ["POST", "/v2/bankingTransactions/import"],
  "bankingTransactions.list": ["GET", "/v2/bankingTransactions/"],
  "bankingTransactions.update": ["PATCH", "/v2/bankingTransactions/{id}"],
  "chats.listMessages": ["GET", "/v2/chats/{chatId}/messages"],
  "chats.postMessage": ["POST", "/v2/chats/{chatId}/messages"],
  "client.getAssignmentConfirmation": ["GET", "/v2/client/assignmentConfirmations/{token}"],
  "client.getOffer": ["GET", "/v2/client/offers/{token}"],
  "client.getServiceReport": ["GET", "/v2/client/serviceReports/{token}"],
  "client.signAssignmentConfirmation": ["POST", "/v2/client/assignmentConfirmations/{token}/sign"],
  "client.signOffer": ["POST", "/v2/client/offers/{token}/sign"],
  "client.signServiceReport": ["POST", "/v2/client/serviceReports/{token}/sign"],
  "company.deleteLetterhead": ["DELETE", "/v2/company/invoicingSettings/letterhead"],
  "company.deleteLogo": ["DELETE", "/v2/company/invoicingSettings/logo"],
  "company.getAccountingSettings": ["GET", "/v2/company/accountingSettings"],
  "company.getInvoicingSettings": ["GET", "/v2/company/invoicingSettings"],
  "company.getLetterhead": ["GET", "/v2/company/invoicingSettings/letterhead"],
  "company.getLogo": ["GET", "/v2/company/invoicingSettings/logo"],
  "company.getPayrollExportSettings": ["GET", "/v2/company/payrollExportSettings"],
  "company.getTimeAndPaySettings": ["GET", "/v2/company/timeAndPaySettings"],
  "company.replaceAccountingSettings": ["PUT", "/v2/company/accountingSettings"],
  "company.signup": ["POST", "/v2/company/signup"],
  "company.signupChallenge": ["GET", "/v2/company/signup/challenge"],
  "company.updateInvoicingSettings": ["PATCH", "/v2/company/invoicingSettings"],
  "company.updatePayrollExportSettings": ["PATCH", "/v2/company/payrollExportSettings"],
  "company.updateTimeAndPaySettings": ["PATCH", "/v2/company/timeAndPaySettings"],
  "company.uploadLetterhead": ["PUT", "/v2/company/invoicingSettings/letterhead"],
  "company.uploadLogo": ["PUT", "/v2/company/invoicingSettings/logo"],
  "complaints.create": ["POST", "/v2/complaints/"],
  "complaints.delete": ["DELETE", "/v2/complaints/{id}"],
  "complaints.get": ["GET", "/v2/complaints/{id}"],
  "complaints.list": ["GET", "/v2/complaints/"],
  "complaints.update": ["PATCH", "/v2/complaints/{id}"],
  "contacts.create": ["POST", "/v2/contacts/"],
  "contacts.delete": ["DELETE", "/v2/contacts/{id}"],
  "contacts.get": ["GET", "/v2/contacts/{id}"],
  "contacts.list": ["GET", "/v2/contacts/"],
  "contacts.update": ["PATCH", "/v2/contacts/{id}"],
  "credits.create": ["POST", "/v2/credits/"],
  "credits.delete": ["DELETE", "/v2/credits/{id}"],
  "credits.get": ["GET", "/v2/credits/{id}"],
  "credits.getPdf": ["GET", "/v2/credits/{id}/pdf"],
  "credits.getXrechnung": ["GET", "/v2/credits/{id}/xrechnung"],
  "credits.getZugferd": ["GET", "/v2/credits/{id}/zugferd"],
  "credits.issue": ["POST", "/v2/credits/{id}/issue"],
  "credits.list": ["GET", "/v2/credits/"],
  "credits.send": ["POST", "/v2/credits/{id}/send"],
  "credits.update": ["PATCH", "/v2/credits/{id}"],
  "customers.create": ["POST", "/v2/customers/"],
  "customers.delete": ["DELETE", "/v2/customers/{id}"],
  "customers.exportCsv": ["GET", "/v2/customers/export.csv"],
  "customers.get": ["GET", "/v2/customers/{id}"],
  "customers.getStatement": ["GET", "/v2/customers/{id}/statement"],
  "customers.list": ["GET", "/v2/customers/"],
  "customers.listDocuments": ["GET", "/v2/customers/{id}/documents"],
  "customers.update": ["PATCH", "/v2/customers/{id}"],
  "documents.create": ["POST", "/v2/documents/"],
  "documents.delete": ["DELETE", "/v2/documents/{id}"],
  "documents.get": ["GET", "/v2/documents/{id}"],
  "documents.getFile": ["GET", "/v2/documents/{id}/file"],
  "documents.list": ["GET", "/v2/documents/"],
  "documents.update": ["PATCH", "/v2/documents/{id}"],
  "equipment.create": ["POST", "/v2/equipment/"],
  "equipment.delete": ["DELETE", "/v2/equipment/{id}"],
  "equipment.get": ["GET", "/v2/equipment/{id}"],
  "equipment.list": ["GET", "/v2/equipment/"],
  "equipment.update": ["PATCH", "/v2/equipment/{id}"],
  "equipmentTypes.create": ["POST", "/v2/equipmentTypes/"],
  "equipmentTypes.delete": ["DELETE", "/v2/equipmentTypes/{id}"],
  "equipmentTypes.get": ["GET", "/v2/equipmentTypes/{id}"],
  "equipmentTypes.list": ["GET", "/v2/equipmentTypes/"],
  "equipmentTypes.update": ["PATCH", "/v2/equipmentTypes/{id}"],
  "events.list": ["GET", "/v2/events"],
  "holidays.list": ["GET", "/v2/holidays"],
  "implementation.getStatus": ["GET", "/v2/implementation"],
  "imports.get": ["GET", "/v2/imports/{id}"],
  "imports.importArticles": ["POST", "/v2/imports/articles"],
  "imports.importCustomers": ["POST", "/v2/imports/customers"],
  "imports.importObjects": ["POST", "/v2/imports/objects"],
  "imports.importUsers": ["POST", "/v2/imports/users"],
  "invoiceReminderTemplates.create": ["POST", "/v2/invoiceReminderTemplates/"],
  "invoiceReminderTemplates.delete": ["DELETE", "/v2/invoiceReminderTemplates/{id}"],
  "invoiceReminderTemplates.get": ["GET", "/v2/invoiceReminderTemplates/{id}"],
  "invoiceReminderTemplates.list": ["GET", "/v2/invoiceReminderTemplates/"],
  "invoiceReminderTemplates.update": ["PATCH", "/v2/invoiceReminderTemplates/{id}"],
  "invoiceReminders.delete": ["DELETE", "/v2/invoiceReminders/{id}"],
  "invoiceReminders.get": ["GET", "/v2/invoiceReminders/{id}"],
  "invoiceReminders.getPdf": ["GET", "/v2/invoiceReminders/{id}/pdf"],
  "invoiceReminders.list": ["GET", "/v2/invoiceReminders/"],
  "invoiceReminders.run": ["POST", "/v2/invoiceReminders/run"],
  "invoiceReminders.send": ["POST", "/v2/invoiceReminders/{id}/send"],
  "invoiceReminders.update": ["PATCH", "/v2/invoiceReminders/{id}"],
  "invoiceStornos.get": ["GET", "/v2/invoiceStornos/{id}"],
  "invoiceStornos.getPdf": ["GET", "/v2/invoiceStornos/{id}/pdf"],
  "invoiceStornos.getXrechnung": ["GET", "/v2/invoiceStornos/{id}/xrechnung"],
  "invoiceStornos.getZugferd": ["GET", "/v2/invoiceStornos/{id}/zugferd"],
  "invoiceStornos.list": ["GET", "/v2/invoiceStornos/"],
  "invoiceStornos.send": ["POST", "/v2/invoiceStornos/{id}/send"],
  "invoiceTemplates.create": ["POST", "/v2/invoiceTemplates/"],
  "invoiceTemplates.delete": ["DELETE", "/v2/invoiceTemplates/{id}"],
  "invoiceTemplates.get": ["GET", "/v2/invoiceTemplates/{id}"],
  "invoiceTemplates.list": ["GET", "/v2/invoiceTemplates/"],
  "invoiceTemplates.update": ["PATCH", "/v2/invoiceTemplates/{id}"],
  "invoices.cancel": ["POST", "/v2/invoices/{id}/cancel"],
  "invoices.create": ["POST", "/v2/invoices/"],
  "invoices.delete": ["DELETE", "/v2/invoices/{id}"],
  "invoices.generate": ["POST", "/v2/invoices/generate"],
  "invoices.get": ["GET", "/v2/invoices/{id}"],
  "invoices.getPdf": ["GET", "/v2/invoices/{id}/pdf"],
  "invoices.getXrechnung": ["GET", "/v2/invoices/{id}/xrechnung"],
  "invoices.getZugferd": ["GET", "/v2/invoices/{id}/zugferd"],
  "invoices.issue": ["POST", "/v2/invoices/{id}/issue"],
  "invoices.list": ["GET", "/v2/invoices/"],
  "invoices.send": ["POST", "/v2/invoices/{id}/send"],
  "invoices.update": ["PATCH", "/v2/invoices/{id}"],
  "jobTemplates.create": ["POST", "/v2/jobTemplates/"],
  "jobTemplates.delete": ["DELETE", "/v2/jobTemplates/{id}"],
  "jobTemplates.get": ["GET", "/v2/jobTemplates/{id}"],
  "jobTemplates.list": ["GET", "/v2/jobTemplates/"],
  "jobTemplates.update": ["PATCH", "/v2/jobTemplates/{id}"],
  "jobs.accept": ["POST", "/v2/jobs/{id}/accept"],
  "jobs.assign": ["POST", "/v2/jobs/{id}/assign"],
  "jobs.copyWeek": ["POST", "/v2/jobs/copyWeek"],
  "jobs.create": ["POST", "/v2/jobs/"],
  "jobs.delete": ["DELETE", "/v2/jobs/{id}"],
  "jobs.get": ["GET", "/v2/jobs/{id}"],
  "jobs.jobsInTimeFrame": ["POST", "/v2/jobs/jobsInTimeFrame"],
  "jobs.list": ["GET", "/v2/jobs/"],
  "jobs.listDocuments": ["GET", "/v2/jobs/{id}/documents"],
  "jobs.move": ["POST", "/v2/jobs/{id}/move"],
  "jobs.replacement": ["POST", "/v2/jobs/{id}/replacement"],
  "jobs.split": ["POST", "/v2/jobs/{id}/split"],
  "jobs.start": ["POST", "/v2/jobs/{id}/start"],
  "jobs.stop": ["POST", "/v2/jobs/{id}/stop"],
  "jobs.unassign": ["POST", "/v2/jobs/{id}/unassign"],
  "jobs.update": ["PATCH", "/v2/jobs/{id}"],
  "notifications.getPreferences": ["GET", "/v2/notifications/preferences"],
  "notifications.getUnreadCount": ["GET", "/v2/notifications/unreadCount"],
  "notifications.list": ["GET", "/v2/notifications"],
  "notifications.putPreferences": ["PUT", "/v2/notifications/preferences"],
  "notifications.read": ["POST", "/v2/notifications/{id}/read"],
  "notifications.readAll": ["POST", "/v2/notifications/read"],
  "objects.create": ["POST", "/v2/objects/"],
  "objects.delete": ["DELETE", "/v2/objects/{id}"],
  "objects.exportCsv": ["GET", "/v2/objects/export.csv"],
  "objects.get": ["GET", "/v2/objects/{id}"],
  "objects.getQualityReport": ["GET", "/v2/objects/{id}/qualityReport"],
  "objects.list": ["GET", "/v2/objects/"],
  "objects.listDocuments": ["GET", "/v2/objects/{id}/documents"],
  "objects.update": ["PATCH", "/v2/objects/{id}"],
  "offers.accept": ["POST", "/v2/offers/{id}/accept"],
  "offers.assignment": ["POST", "/v2/offers/{id}/assignment"],
  "offers.assignmentConfirmation": ["POST", "/v2/offers/{id}/assignmentConfirmation"],
  "offers.clientLink": ["POST", "/v2/offers/{id}/clientLink"],
  "offers.create": ["POST", "/v2/offers/"],
  "offers.decline": ["POST", "/v2/offers/{id}/decline"],
  "offers.delete": ["DELETE", "/v2/offers/{id}"],
  "offers.get": ["GET", "/v2/offers/{id}"],
  "offers.getPdf": ["GET", "/v2/offers/{id}/pdf"],
  "offers.invoice": ["POST", "/v2/offers/{id}/invoice"],
  "offers.issue": ["POST", "/v2/offers/{id}/issue"],
  "offers.list": ["GET", "/v2/offers/"],
  "offers.send": ["POST", "/v2/offers/{id}/send"],
  "offers.update": ["PATCH", "/v2/offers/{id}"],
  "orders.approve": ["POST", "/v2/orders/{id}/approve"],
  "orders.complete": ["POST", "/v2/orders/{id}/complete"],
  "orders.create": ["POST", "/v2/orders/"],
  "orders.delete": ["DELETE", "/v2/orders/{id}"],
  "orders.get": ["GET", "/v2/orders/{id}"],
  "orders.list": ["GET", "/v2/orders/"],
  "orders.update": ["PATCH", "/v2/orders/{id}"],
  "payTypes.create": ["POST", "/v2/payTypes/"],
  "payTypes.delete": ["DELETE", "/v2/payTypes/{id}"],
  "payTypes.get": ["GET", "/v2/payTypes/{id}"],
  "payTypes.list": ["GET", "/v2/payTypes/"],
  "payTypes.update": ["PATCH", "/v2/payTypes/{id}"],
  "paymentMethods.create": ["POST", "/v2/paymentMethods/"],
  "paymentMethods.delete": ["DELETE", "/v2/paymentMethods/{id}"],
  "paymentMethods.get": ["GET", "/v2/paymentMethods/{id}"],
  "paymentMethods.list": ["GET", "/v2/paymentMethods/"],
  "paymentMethods.update": ["PATCH", "/v2/paymentMethods/{id}"],
  "paymentTerms.create": ["POST", "/v2/paymentTerms/"],
  "paymentTerms.delete": ["DELETE", "/v2/paymentTerms/{id}"],
  "paymentTerms.get": ["GET", "/v2/paymentTerms/{id}"],
  "paymentTerms.list": ["GET", "/v2/paymentTerms/"],
  "paymentTerms.update": ["PATCH", "/v2/paymentTerms/{id}"],
  "payments.create": ["POST", "/v2/payments/"],
  "payments.delete": ["DELETE", "/v2/payments/{id}"],
  "payments.get": ["GET", "/v2/payments/{id}"],
  "payments.list": ["GET", "/v2/payments/"],
  "payments.update": ["PATCH", "/v2/payments/{id}"],
  "payroll.export": ["GET", "/v2/payroll/export"],
  "pushSubscriptions.create": ["POST", "/v2/pushSubscriptions"],
  "pushSubscriptions.delete": ["DELETE", "/v2/pushSubscriptions/{id}"],
  "pushSubscriptions.getVapidPublicKey": ["GET", "/v2/pushSubscriptions/vapidPublicKey"],
  "pushSubscriptions.list": ["GET", "/v2/pushSubscriptions"],
  "qualityControl.create": ["POST", "/v2/qualityControl/"],
  "qualityControl.delete": ["DELETE", "/v2/qualityControl/{id}"],
  "qualityControl.get": ["GET", "/v2/qualityControl/{id}"],
  "qualityControl.list": ["GET", "/v2/qualityControl/"],
  "qualityControl.update": ["PATCH", "/v2/qualityControl/{id}"],
  "salaries.compute": ["POST", "/v2/salaries/compute"],
  "salaries.get": ["GET", "/v2/salaries/{id}"],
  "salaries.list": ["GET", "/v2/salaries/"],
  "salaries.update": ["PATCH", "/v2/salaries/{id}"],
  "search.list": ["GET", "/v2/search"],
  "serviceProducts.create": ["POST", "/v2/serviceProducts/"],
  "serviceProducts.delete": ["DELETE", "/v2/serviceProducts/{id}"],
  "serviceProducts.get": ["GET", "/v2/serviceProducts/{id}"],
  "serviceProducts.list": ["GET", "/v2/serviceProducts/"],
  "serviceProducts.update": ["PATCH", "/v2/serviceProducts/{id}"],
  "serviceReports.clientLink": ["POST", "/v2/serviceReports/{id}/clientLink"],
  "serviceReports.create": ["POST", "/v2/serviceReports/"],
  "serviceReports.delete": ["DELETE", "/v2/serviceReports/{id}"],
  "serviceReports.get": ["GET", "/v2/serviceReports/{id}"],
  "serviceReports.list": ["GET", "/v2/serviceReports/"],
  "serviceReports.update": ["PATCH", "/v2/serviceReports/{id}"],
  "sms.send": ["POST", "/v2/sms"],
  "suppliers.create": ["POST", "/v2/suppliers/"],
  "suppliers.delete": ["DELETE", "/v2/suppliers/{id}"],
  "suppliers.get": ["GET", "/v2/suppliers/{id}"],
  "suppliers.list": ["GET", "/v2/suppliers/"],
  "suppliers.update": ["PATCH", "/v2/suppliers/{id}"],
  "surcharges.adoptGermanTaxFreePreset": ["POST", "/v2/surcharges/presets/germanTaxFree"],
  "surcharges.create": ["POST", "/v2/surcharges/"],
  "surcharges.delete": ["DELETE", "/v2/surcharges/{id}"],
  "surcharges.get": ["GET", "/v2/surcharges/{id}"],
  "surcharges.list": ["GET", "/v2/surcharges/"],
  "surcharges.update": ["PATCH", "/v2/surcharges/{id}"],
  "taskTemplates.create": ["POST", "/v2/taskTemplates/"],
  "taskTemplates.delete": ["DELETE", "/v2/taskTemplates/{id}"],
  "taskTemplates.generate": ["POST", "/v2/taskTemplates/{id}/generate"],
  "taskTemplates.get": ["GET", "/v2/taskTemplates/{id}"],
  "taskTemplates.list": ["GET", "/v2/taskTemplates/"],
  "taskTemplates.update": ["PATCH", "/v2/taskTemplates/{id}"],
  "taskTypes.create": ["POST", "/v2/taskTypes/"],
  "taskTypes.delete": ["DELETE", "/v2/taskTypes/{id}"],
  "taskTypes.get": ["GET", "/v2/taskTypes/{id}"],
  "taskTypes.list": ["GET", "/v2/taskTypes/"],
  "taskTypes.update": ["PATCH", "/v2/taskTypes/{id}"],
  "tasks.complete": ["POST", "/v2/tasks/{id}/complete"],
  "tasks.create": ["POST", "/v2/tasks/"],
  "tasks.delete": ["DELETE", "/v2/tasks/{id}"],
  "tasks.get": ["GET", "/v2/tasks/{id}"],
  "tasks.list": ["GET", "/v2/tasks/"],
  "tasks.update": ["PATCH", "/v2/tasks/{id}"],
  "taxRates.create": ["POST", "/v2/taxRates/"],
  "taxRates.delete": ["DELETE", "/v2/taxRates/{id}"],
  "taxRates.get": ["GET", "/v2/taxRates/{id}"],
  "taxRates.list": ["GET", "/v2/taxRates/"],
  "taxRates.update": ["PATCH", "/v2/taxRates/{id}"],
  "timeTracking.approve": ["POST", "/v2/timeTracking/{id}/approve"],
  "timeTracking.approveMany": ["POST", "/v2/timeTracking/approve"],
  "timeTracking.cancel": ["POST", "/v2/timeTracking/{id}/cancel"],
  "timeTracking.create": ["POST", "/v2/timeTracking/"],
  "timeTracking.get": ["GET", "/v2/timeTracking/{id}"],
  "timeTracking.getClockRules": ["GET", "/v2/timeTracking/clockRules"],
  "timeTracking.list": ["GET", "/v2/timeTracking/"],
  "timeTracking.update": ["PATCH", "/v2/timeTracking/{id}"],
  "timesheets.list": ["GET", "/v2/timesheets"],
  "users.confirmMobile": ["POST", "/v2/users/{id}/mobile/confirm"],
  "users.create": ["POST", "/v2/users/"],
  "users.delete": ["DELETE", "/v2/users/{id}"],
  "users.deleteSignatureImage": ["DELETE", "/v2/users/{id}/signatureImage"],
  "users.exportCsv": ["GET", "/v2/users/export.csv"],
  "users.filter": ["POST", "/v2/users/filter"],
  "users.get": ["GET", "/v2/users/{id}"],
  "users.getByNumber": ["GET", "/v2/users/{userNumber}/byNumber"],
  "users.getLeave": ["GET", "/v2/users/{id}/leave"],
  "users.getSignatureImage": ["GET", "/v2/users/{id}/signatureImage"],
  "users.getTimesheet": ["GET", "/v2/users/{id}/timesheet"],
  "users.invite": ["POST", "/v2/users/{id}/invite"],
  "users.list": ["GET", "/v2/users/"],
  "users.listDocuments": ["GET", "/v2/users/{id}/documents"],
  "users.revokeSessions": ["POST", "/v2/users/{id}/revokeSessions"],
  "users.setOwnLanguage": ["PUT", "/v2/users/self/language"],
  "users.update": ["PATCH", "/v2/users/{id}"],
  "users.uploadSignatureImage": ["PUT", "/v2/users/{id}/signatureImage"],
  "users.verifyMobile": ["POST", "/v2/users/{id}/mobile/verify"],
  "webhooks.create": ["POST", "/v2/integrations/webhooks/"],
  "webhooks.delete": ["DELETE", "/v2/integrations/webhooks/{id}"],
  "webhooks.enable": ["POST", "/v2/integrations/webhooks/{id}/enable"],
  "webhooks.get": ["GET", "/v2/integrations/webhooks/{id}"],
  "webhooks.list": ["GET", "/v2/integrations/webhooks/"],
  "webhooks.listDeliveries": ["GET", "/v2/integrations/webhooks/{id}/deliveries"],
  "webhooks.redeliver": ["POST", "/v2/integrations/webhooks/{id}/deliveries/{deliveryId}/redeliver"],
  "webhooks.rotateSecret": ["POST", "/v2/integrations/webhooks/{id}/rotateSecret"],
  "webhooks.test": ["POST", "/v2/integrations/webhooks/{id}/test"],
  "webhooks.update": ["PATCH", "/v2/integrations/webhooks/{id}"],
} as const satisfies { [K in keyof Operations]: readonly [Operations[K]['method'], Operations[K]['path']] };
