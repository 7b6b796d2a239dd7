// The e-invoice XML the API hands out: XRechnung UBL or CII (the CII is also what a ZUGFeRD PDF carries).
import { renderEInvoice } from '../render-einvoice.js';

export async function renderEInvoiceXml(doc: Record<string, any>, kind: 'invoice' | 'credit' | 'invoicestorno', syntax: 'ubl' | 'cii'): Promise<string> {
  return (await renderEInvoice(doc, kind, syntax === 'ubl' ? 'XRECHNUNG-UBL' : 'XRECHNUNG-CII')) as string;
}
