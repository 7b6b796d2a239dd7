// Seller and buyer data complete enough for an invoice to be issued and its e-invoice to pass the
// official rules (XRechnung 3.0: seller contact with phone and e-mail, electronic addresses, IBAN,
// a seller VAT id; the buyer's address and e-mail). Suites that issue documents start from these.
import type { FastifyInstance } from 'fastify';
import { call } from './test-app.js';

export const SELLER = {
  name: 'Glanz & Co. Gebäudereinigung GmbH',
  street: 'Hauptstraße 1',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  vatId: 'DE123456789',
  taxNumber: '30/123/45678',
  registration: 'HRB 123456 B, Amtsgericht Berlin-Charlottenburg',
  managingDirector: 'Anna Glanz',
  contactName: 'Buchhaltung',
  email: 'rechnung@glanz.example',
  phone: '+49 30 123456',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  bankName: 'DKB',
};

/** A private business customer with the address and e-mail an e-invoice needs. */
export const BUYER = {
  name: 'Muster Immobilien GmbH',
  address: { street: 'Lindenweg 5', zip: '20095', city: 'Hamburg', country: 'DE' },
  contact: { email: 'buchhaltung@muster-immobilien.example' },
  vatNumber: 'DE811907980',
};

/** Stores SELLER as the company's seller data. */
export async function setUpSeller(
  app: FastifyInstance,
  headers: Record<string, string>,
  seller: Record<string, unknown> = SELLER,
) {
  const res = await call(app, 'PATCH', '/v2/company/invoicingSettings', headers, { seller });
  if (res.status !== 200) throw new Error(`seller settings: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Creates a customer from BUYER (with `more` merged over it); returns its id. */
export async function createBuyer(
  app: FastifyInstance,
  headers: Record<string, string>,
  more: Record<string, unknown> = {},
): Promise<string> {
  const res = await call(app, 'POST', '/v2/customers/', headers, { ...BUYER, ...more });
  if (res.status !== 201) throw new Error(`customer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id;
}
