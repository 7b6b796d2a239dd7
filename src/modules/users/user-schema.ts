// The user's declared document: the fields a client writes (userSchema) and the read-only ones,
// apart from the resource so that the files its hooks call may import the document's type.
import { Type } from 'typebox';
import { dateOrDateTimeSchema } from '../../platform/http/date-input.js';
import {
  address,
  dateTime,
  freeObject,
  list,
  objectId,
  objectIds,
  opt,
  smsContact,
  subdivision,
  tags,
  text,
} from '../../resources/engine/fields.js';

const num = () => Type.Number({ minimum: -1e9, maximum: 1e9 });
/** A day people write as `YYYY-MM-DD` (stored as its midnight UTC) or a date-time, as the spec has it. */
const contractDay = (description: string) => Type.Unsafe<string>(dateOrDateTimeSchema(description));

export const userSchema = Type.Object({
  id: opt(
    Type.String({
      minLength: 3,
      maxLength: 100,
      pattern: '^[^\\s@]+$',
      description: 'login id (used as username to log in)',
    }),
  ),
  password: opt(
    Type.String({ maxLength: 128, writeOnly: true, description: 'write-only; 8 to 128 characters, not the user name' }),
  ),
  general: opt(
    Type.Object({
      firstName: opt(text(200)),
      lastName: opt(text(200)),
      sex: opt(text(20)),
      birthDate: opt(text(30)),
      language: opt(text(20)),
      insuranceNumber: opt(text(50)),
      deviceToken: opt(text(500)),
      webPushToken: opt(text(2000)),
      profileImage: opt(text(2000)),
      description: opt(text(5000)),
      lastNpsScoreSend: opt(dateTime()),
      badges: opt(list(Type.Object({ type: opt(text(100)), level: opt(num()) }), 100)),
      myTutorialUsername: opt(text(200)),
    }),
  ),
  access: opt(
    Type.Object({
      dashboardAccess: opt(Type.Boolean()),
      webAccess: opt(text(50)),
      email: opt(Type.String({ format: 'email', maxLength: 254, description: 'also a username to log in' })),
    }),
  ),
  contract: opt(
    Type.Object({
      startDate: opt(contractDay('first day of the contract')),
      endDate: opt(contractDay('last day of the contract')),
      department: opt(text(200)),
      salary: opt(num()),
      salaryType: opt(text(50)),
      employment: opt(text(50)),
      employmentType: opt(
        Type.Union(
          ['fullTime', 'partTime', 'minijob', 'midijob', 'workingStudent'].map((v) => Type.Literal(v)),
          {
            description:
              "kind of employment for social insurance; a minijob's month over the limit (minimum wage × 130 / 3, §8 (1a) SGB IV) and pay in the Midijob band (§20 (2) SGB IV) are flagged on the timesheet",
          },
        ),
      ),
      unforeseeableExceedings: opt(
        Type.Array(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'month YYYY-MM' }), {
          maxItems: 24,
          uniqueItems: true,
          description:
            'months (YYYY-MM) the employer recorded as an unforeseeable exceeding of the minijob limit (§8 (1b) SGB IV: at most two in the 12 months ending with the month, pay at most twice the limit)',
        }),
      ),
      payment: opt(text(50)),
      dailyWorkingHours: opt(freeObject()),
      payTypeId: opt(objectId('pay_types')),
      vacationDays: opt(
        Type.Number({
          minimum: 0,
          maximum: 366,
          description:
            'leave days a year on the working week of vacationDaysBasis; with it the leave account counts (GET /users/{id}/leave)',
        }),
      ),
      vacationDaysBasis: opt(
        Type.Integer({
          minimum: 1,
          maximum: 7,
          description:
            "working days a week on which vacationDays is meant (default 5); converted to the employee's week",
        }),
      ),
      workingWeeks: opt(
        Type.Array(
          Type.Object({ from: Type.String({ format: 'date' }), daysPerWeek: Type.Integer({ minimum: 0, maximum: 7 }) }),
          {
            maxItems: 50,
            description: 'changes of the working week (from a day on); else the days with hours of dailyWorkingHours',
          },
        ),
      ),
      leaveNotices: opt(
        Type.Array(
          Type.Object({ year: Type.Integer({ minimum: 1900, maximum: 3000 }), date: Type.String({ format: 'date' }) }),
          {
            maxItems: 100,
            description:
              "the employer's notice asking the employee to take the year's leave in time (§7 BUrlG, BAG 9 AZR 541/15); without it carried leave does not lapse",
          },
        ),
      ),
      remainingLeave: opt(
        list(Type.Object({ year: Type.Integer({ minimum: 1900, maximum: 3000 }), days: num() }), 100),
      ),
      allowedToTrackDrivingTime: opt(Type.Boolean()),
      workRegion: opt(
        subdivision(
          "place of work (§2 NachwG) whose public holidays count for leave and pay; the company's holiday region when absent, never the home address",
        ),
      ),
    }),
  ),
  contact: opt(smsContact()),
  address: opt(address()),
  accessGroupId: opt(
    objectId('access_groups', { description: "permission role; the company's employee group when absent" }),
  ),
  totalTargetHours: opt(num()),
  jobs: opt(list(freeObject(), 100)),
  setUpDone: opt(Type.Boolean()),
  location: opt(
    Type.Object({
      latitude: opt(Type.Number({ minimum: -90, maximum: 90 })),
      longitude: opt(Type.Number({ minimum: -180, maximum: 180 })),
      location: opt(
        Type.Object({
          type: opt(Type.Literal('Point')),
          coordinates: opt(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 })),
        }),
      ),
    }),
  ),
  activityTypeIds: opt(objectIds('activity_types', 200)),
  implementation: opt(
    Type.Object({
      hasJob: opt(Type.Boolean()),
      hasTimeTracking: opt(Type.Boolean()),
      isSuccessfullyImplemented: opt(Type.Boolean()),
      lastTimeActive: opt(dateTime()),
    }),
  ),
  workedOnObjectIds: opt(objectIds('objects', 5000)),
  tags: opt(tags()),
  analytics: opt(Type.Object({ createdProfile: opt(dateTime()) })),
});

export const userReadOnly = {
  access: {
    type: 'object',
    properties: {
      dashboardAccess: { type: 'boolean' },
      webAccess: { type: 'string' },
      email: { type: 'string' },
      loginTries: { type: 'integer' },
      passwordChangeDate: { type: 'string', format: 'date-time' },
    },
  },
};
