// Service reports (/v2/serviceReports/): the jobs done at an object in a period, with their
// clocked times, put together when the report is created (or refreshed) and signed by the
// customer through a single-use, expiring link that needs no account.
import { Type } from 'typebox';
import type { TenantTx } from '../../../platform/db/tenant.js';
import { Conflict, fieldError } from '../../../platform/http/errors.js';
import { defineResource } from '../../../resources/engine/define-resource.js';
import { objectId, opt, text } from '../../../resources/engine/fields.js';
import { findRecord } from '../../../resources/engine/resource-store.js';
import { objects } from '../../../resources/objects.js';
import { jobsAtObject } from '../../scheduling/index.js';
import { entriesOfJobs } from '../../time-tracking/index.js';
import { userFullNames } from '../../users/index.js';
import type { SigningTarget } from '../signing/signing-links.js';

const date = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const MAX_DAYS = 93;

/** The jobs done at the object in the period, with their clocked entries and who did them. */
async function jobsOf(tx: TenantTx, objectIdValue: string, from: string, to: string) {
  const done = await jobsAtObject(
    tx,
    objectIdValue,
    new Date(`${from}T00:00:00Z`),
    new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000),
  );
  const names = await userFullNames(tx, [...new Set(done.flatMap((j) => (j.user_id ? [j.user_id] : [])))]);
  const entries = await entriesOfJobs(
    tx,
    done.map((j) => j.id),
  );
  const jobs = done.map((j) => {
    const timeTrackings = entries.get(j.id) ?? [];
    const user = j.user_id ? names.get(j.user_id) : undefined;
    return {
      jobId: j.id,
      from: j.from_at.toISOString(),
      to: j.to_at.toISOString(),
      ...(j.title ? { title: j.title } : {}),
      ...(user ? { user } : {}),
      timeTrackings,
      workingTime: timeTrackings.reduce((s, e) => s + Number(e.workingTime ?? 0), 0),
    };
  });
  return { jobs, totalWorkingTime: jobs.reduce((s, j) => s + j.workingTime, 0) };
}

export const serviceReports = defineResource({
  name: 'service report',
  collection: 'serviceReports',
  table: 'service_reports',
  area: 'invoicing',
  webhookEntity: 'servicereport',
  schema: Type.Object({
    objectId: objectId('objects'),
    from: date(),
    to: date(),
    title: opt(text(300)),
    comment: opt(text(5000)),
  }),
  readOnly: {
    customerId: { type: 'string' },
    state: { type: 'string', enum: ['open', 'signed'] },
    jobs: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          jobId: { type: 'string' },
          from: { type: 'string', format: 'date-time' },
          to: { type: 'string', format: 'date-time' },
          title: { type: 'string' },
          user: { type: 'string', description: "who did the job (the user's full name)" },
          timeTrackings: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                timeStart: { type: ['string', 'null'] },
                timeEnd: { type: ['string', 'null'] },
                workingTime: { type: ['number', 'null'], description: 'seconds' },
              },
              additionalProperties: true,
            },
          },
          workingTime: { type: 'number', description: 'seconds' },
        },
        additionalProperties: true,
      },
    },
    totalWorkingTime: { type: 'number', description: 'seconds' },
    signature: {
      type: 'object',
      properties: { name: { type: 'string' }, signedAt: { type: 'string' }, image: { type: 'string' } },
    },
  },
  columns: { objectId: 'object_id' },
  hooks: {
    async prepare(tx, _ctx, { doc, previous }) {
      if (previous?.doc.state === 'signed') throw Conflict('A signed service report cannot be changed');
      if (doc.to < doc.from) throw fieldError('to', 'is before from');
      if (Date.parse(doc.to) - Date.parse(doc.from) > MAX_DAYS * 86_400_000)
        throw fieldError('to', `a report covers at most ${MAX_DAYS} days`);
      const object = await findRecord(tx, objects, doc.objectId);
      if (!object) throw fieldError('objectId', 'no such object');
      return {
        doc: {
          ...doc,
          state: 'open',
          ...(object.doc.customerId ? { customerId: object.doc.customerId } : {}),
          ...(await jobsOf(tx, doc.objectId, doc.from, doc.to)),
        },
      };
    },
  },
});

/** Signing a report: once, while open; the customer sees it without the ids of object and customer. */
export const serviceReportSigning: SigningTarget<
  typeof serviceReports.schema,
  NonNullable<typeof serviceReports.readOnly>
> = {
  resource: serviceReports,
  refusal: (doc) => (doc.state === 'signed' ? 'The report is signed already' : undefined),
  view: (record) => {
    const { objectId: _o, customerId: _c, ...doc } = record.doc;
    return { ...doc, number: Number(record.number) };
  },
  signed: async (_tx, doc, signature) => ({ ...doc, state: 'signed', signature }),
};
