// The e-invoice XML the API hands out: XRechnung UBL or CII (the CII is also what a ZUGFeRD PDF
// carries). Our own EN 16931 writers: docs/einvoice.md says why and what each term holds.
import { toCii } from './cii.js';
import { toModel, type Kind } from './model.js';
import { toUbl } from './ubl.js';
import type { BillingDoc } from '../documents/document-schema.js';

export async function renderEInvoiceXml(doc: BillingDoc, kind: Kind, syntax: 'ubl' | 'cii'): Promise<string> {
  const model = toModel(doc, kind);
  return syntax === 'ubl' ? toUbl(model) : toCii(model);
}
