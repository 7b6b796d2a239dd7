// What an absence means in days: its period, its days and working days, for the absent user's
// contract, region and the company's time zone. Loaded in one query; used on every write.
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import { fieldError } from '../../platform/http/errors.js';
import type { AbsenceDraft } from './absence-schema.js';
import { storedSettingsSql, withDefaults, type TimeAndPaySettings } from '../pay/index.js';
import { isPublicHolidayIn, placeOfWorkRegion } from '../../platform/time/holidays.js';
import {
  absenceDays,
  absencePeriod,
  countDaysAbsent,
  type AbsenceDay,
  type AbsencePeriod,
} from './rules/absence-days.js';
import { weeklyHours } from '../pay/index.js';
import { type StoredContract, userContractJsonSql } from '../users/index.js';

export interface AbsenceFacts {
  settings: TimeAndPaySettings;
  contract: StoredContract;
  period: AbsencePeriod;
  days: AbsenceDay[];
  daysAbsent: number;
  isPublicHoliday(date: string): boolean;
}

export async function absenceFacts(tx: TenantTx, doc: AbsenceDraft): Promise<AbsenceFacts> {
  // sql: the company's settings and the user's contract, two sub-selects in one statement.
  const { rows } = await sql<{
    settings: Partial<TimeAndPaySettings> | null;
    user: { contract?: StoredContract } | null;
  }>`SELECT ${storedSettingsSql(tx)} AS settings, ${userContractJsonSql(tx.companyId, doc.userId)} AS user`.execute(
    tx.db,
  );
  const { settings: stored, user } = rows[0]!;
  if (!user) throw fieldError('userId', 'no such user');
  const settings = withDefaults(stored);
  const contract = user.contract ?? {};
  // The place of work (the contract's work region, else the company's), never the home address.
  const isPublicHoliday = isPublicHolidayIn(placeOfWorkRegion(contract.workRegion, settings.holidayRegion));
  const period = absencePeriod(
    Date.parse(doc.dtStart),
    Date.parse(doc.dtEnd),
    doc.fullDay !== false,
    settings.timeZone,
  );
  const days = absenceDays({
    period,
    timeZone: settings.timeZone,
    hours: weeklyHours(contract.dailyWorkingHours),
    isPublicHoliday,
  });
  return { settings, contract, period, days, daysAbsent: countDaysAbsent(days), isPublicHoliday };
}
