// The customer signs a service report through a link that needs no account: single use, expiring,
// stored only as its hash (client_links). Creating a link needs invoicing write access; reading
// and signing need only the token.
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import { inAuthLookup, inTenant } from '../../platform/db/tenant.js';
import { Conflict, NotFound } from '../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { serviceReports } from './service-reports.js';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Signature {
  name: string;
  image?: string;
}

export function serviceReportLinks(deps: { database: Database }) {
  /** A new link to the report (the token is shown once; only its hash is kept). */
  async function createLink(ctx: RequestContext, id: string, hours: number) {
    requireLevel(ctx, serviceReports.area, 'write');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + hours * 3_600_000);
    await inTenant(deps.database, ctx.companyId, async (tx) => {
      const report = await findRecord(tx, serviceReports, id);
      if (!report) throw NotFound('service report', id);
      if (report.doc.state === 'signed') throw Conflict('The report is signed already');
      await tx.db
        .insertInto('client_links')
        .values({
          token_hash: hash(token),
          company_id: tx.companyId,
          resource: 'serviceReports',
          record_id: id,
          expires_at: expiresAt,
        })
        .execute();
    });
    return { token, path: `/v2/client/serviceReports/${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** The link's report, if the token is valid, unused and not expired (the same answer otherwise: 404). */
  async function linked(token: string) {
    const link = await inAuthLookup(deps.database, (db) =>
      db.selectFrom('client_links').selectAll().where('token_hash', '=', hash(token)).executeTakeFirst(),
    );
    if (!link || link.used_at || new Date(link.expires_at) <= new Date() || link.resource !== 'serviceReports')
      throw NotFound('link', 'given');
    return link;
  }

  /** The report as the customer sees it (without the ids of object and customer). */
  async function linkedReport(token: string) {
    const link = await linked(token);
    const report = await inTenant(deps.database, link.company_id, (tx) =>
      findRecord(tx, serviceReports, link.record_id),
    );
    if (!report) throw NotFound('link', 'given');
    const { objectId: _o, customerId: _c, ...doc } = report.doc;
    return { ...doc, number: Number(report.number) };
  }

  async function sign(token: string, signature: Signature) {
    const link = await linked(token);
    await inTenant(deps.database, link.company_id, async (tx) => {
      // Using the link up and signing happen together: a second use finds it used.
      const used = await tx.db
        .updateTable('client_links')
        .set({ used_at: new Date() })
        .where('token_hash', '=', link.token_hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw NotFound('link', 'given');
      const report = await findRecord(tx, serviceReports, link.record_id, { forUpdate: true });
      if (!report) throw NotFound('link', 'given');
      if (report.doc.state === 'signed') throw Conflict('The report is signed already');
      await updateRecord(tx, serviceReports, report.id, {
        doc: {
          ...report.doc,
          state: 'signed',
          signature: {
            name: signature.name,
            signedAt: new Date().toISOString(),
            ...(signature.image ? { image: signature.image } : {}),
          },
        },
        userId: 'client',
      });
    });
    return { signed: true };
  }

  return { createLink, linkedReport, sign };
}
