// Invoice templates: the texts a document starts from (intro, closing); a document naming one
// (`templateId`) takes the texts it does not set itself. Assignments name theirs in
// billing.defaultInvoiceTemplateId, which the billing run passes on.
import { Type } from 'typebox';
import type { TenantTx } from '../../../platform/db/tenant.js';
import { fieldError } from '../../../platform/http/errors.js';
import { defineResource } from '../../../resources/engine/define-resource.js';
import { opt, text } from '../../../resources/engine/fields.js';
import { findRecord } from '../../../resources/engine/resource-store.js';

export const invoiceTemplates = defineResource({
  name: 'invoice template',
  collection: 'invoiceTemplates',
  table: 'invoice_templates',
  area: 'invoicing',
  schema: Type.Object({
    name: text(200),
    title: opt(text(300)),
    introText: opt(text(5000)),
    closingText: opt(text(5000)),
    default: opt(Type.Boolean({ description: 'used by documents that name no template' })),
  }),
});

/** The texts a template fills in, and the document's reference to it. */
interface TemplatedTexts {
  templateId?: string;
  title?: string;
  introText?: string;
  closingText?: string;
}

/** The document with the template's texts where it has none of its own. */
export async function withTemplate<D extends object>(tx: TenantTx, draft: D): Promise<D> {
  const doc: D & TemplatedTexts = draft;
  if (!doc.templateId) return doc;
  const template = await findRecord(tx, invoiceTemplates, doc.templateId);
  if (!template) throw fieldError('templateId', 'no such invoice template');
  return {
    ...doc,
    ...(doc.title === undefined && template.doc.title ? { title: template.doc.title } : {}),
    ...(doc.introText === undefined && template.doc.introText ? { introText: template.doc.introText } : {}),
    ...(doc.closingText === undefined && template.doc.closingText ? { closingText: template.doc.closingText } : {}),
  };
}
