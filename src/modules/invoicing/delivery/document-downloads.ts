// The files of issued documents and reminder letters for download: the record is read in a short
// transaction, the file rendered after it (a rendering takes up to a second; no connection waits).
import type { Database } from '../../../platform/db/database.js';
import { inTenant } from '../../../platform/db/tenant.js';
import { Conflict, NotFound } from '../../../platform/http/errors.js';
import { requireLevel, type RequestContext } from '../../../platform/http/request-context.js';
import type { DocumentFormat } from '../../../resources/customers.js';
import { findRecord } from '../../../resources/engine/resource-store.js';
import { invoices } from '../documents/billing-documents.js';
import type { BillingResource, DocumentKind } from '../documents/document-schema.js';
import { documentFile, fileOptions, reminderFile, type DocumentFile } from './document-files.js';
import { reminders } from '../dunning/reminders.js';

export function documentDownloads(deps: { database: Database }) {
  /** An issued document as a file of the format; 409 for a draft. */
  async function issuedFile(
    ctx: RequestContext,
    resource: BillingResource,
    kind: DocumentKind,
    id: string,
    format: DocumentFormat,
  ): Promise<DocumentFile> {
    requireLevel(ctx, resource.area, 'read');
    const { doc, options } = await inTenant(deps.database, ctx.companyId, async (tx) => {
      const record = await findRecord(tx, resource, id);
      if (!record) throw NotFound(resource.name, id);
      if (record.doc.state === 'draft') throw Conflict(`A draft ${resource.name} has no document yet; issue it first`);
      const signer = kind === 'offer' ? record.created_by : undefined; // an offer carries its creator's signature
      return { doc: record.doc, options: await fileOptions(tx, signer) };
    });
    return documentFile(doc, kind, format, options);
  }

  /** A reminder letter as PDF (its invoice supplies the letterhead and the amounts). */
  async function reminderLetter(ctx: RequestContext, id: string): Promise<DocumentFile> {
    requireLevel(ctx, reminders.area, 'read');
    const { reminder, invoice, options } = await inTenant(deps.database, ctx.companyId, async (tx) => {
      const reminder = await findRecord(tx, reminders, id);
      if (!reminder) throw NotFound('reminder', id);
      return {
        reminder,
        invoice: await findRecord(tx, invoices, reminder.doc.invoiceId),
        options: await fileOptions(tx),
      };
    });
    return reminderFile(reminder.doc, invoice?.doc, options);
  }

  return { issuedFile, reminderLetter };
}
