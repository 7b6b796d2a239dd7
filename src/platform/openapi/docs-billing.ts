// Operation docs: invoices, offers, credits, cancellations, reminders, banking, service reports,
// webhooks and the event feed. The document routes repeat per kind, so they are built in a loop.
import type { OperationDoc } from './operation-doc.js';

const KINDS = [
  ['invoices', 'invoice'],
  ['offers', 'offer'],
  ['credits', 'credit'],
  ['invoiceStornos', 'cancellation'],
] as const;

function renderings(): Record<string, OperationDoc> {
  const docs: Record<string, OperationDoc> = {};
  for (const [area, name] of KINDS) {
    docs[`${area}.getPdf`] = {
      description: `The ${name} rendered as PDF (\`application/pdf\`), with the seller data and logo it was issued with.`,
    };
    docs[`${area}.getXrechnung`] = {
      description: `The ${name} as XRechnung (EN 16931) XML, UBL by default or CII (\`syntax\`). 422 names the fields an e-invoice needs that are missing.`,
    };
    docs[`${area}.getZugferd`] = {
      description: `The ${name} as ZUGFeRD / Factur-X: a PDF/A-3 with the CII XML embedded. 422 names the fields an e-invoice needs that are missing.`,
    };
    docs[`${area}.send`] = {
      description: `Mails the issued ${name} to the customer (\`invoiceDelivery.email\`, else the customer's contact e-mail) as the file the customer chose (\`invoiceDelivery.format\`: PDF, ZUGFeRD, XRechnung UBL or CII). The mailing is recorded in \`sendings\`. 409 for a draft; 422 when there is no address.`,
    };
    docs[`${area}.issue`] = {
      description: `Issues the ${name}: it gets the next gapless number of its kind (format from the invoicing settings), and its seller, buyer and positions are fixed from now on (PATCH and DELETE then answer 409). 422 names the seller or buyer data an e-invoice requires that is missing. Emits UPDATE.`,
    };
  }
  return docs;
}

export const BILLING_DOCS: Record<string, OperationDoc> = {
  ...renderings(),
  'offers.send': {
    description:
      'Mails the issued offer as PDF to the customer; the mailing is recorded in `sendings`. 409 for a draft.',
  },
  'invoices.create': {
    description:
      'Creates a draft invoice for a customer with its `positions` (title, quantity, price, tax rate). Totals are computed by the server. A draft can be changed and deleted until it is issued (`POST /v2/invoices/{id}/issue`). Emits CREATE (entity `invoice`).',
  },
  'invoices.cancel': {
    description:
      "Cancels an issued invoice: a cancellation document (`invoiceStornos`) mirrors it with negated amounts and its own number, and the invoice's open amount becomes 0. 409 for a draft or an invoice already cancelled.",
  },
  'invoices.generate': {
    description:
      'Monthly run for `month` (YYYY-MM): a draft invoice for every billable assignment that has none for that month yet; answers the ids created. Running it twice creates nothing new.',
  },
  'assignments.invoice': {
    description:
      "A draft invoice from the assignment: its billing positions, or its hours worked in the period [from, to]. Answers the new invoice's id.",
  },
  'offers.accept': {
    description:
      'Records that the customer accepted the issued offer. 409 when it is not open. Emits UPDATE (entity `offer`).',
  },
  'offers.decline': {
    description:
      'Records that the customer declined the issued offer. 409 when it is not open. Emits UPDATE (entity `offer`).',
  },
  'offers.invoice': {
    description:
      'Turns an accepted offer into a draft invoice with the same positions; the offer keeps its `invoiceId`. 409 when it is not accepted or already invoiced.',
  },
  'offers.assignment': {
    description:
      'Turns an accepted offer into an assignment that bills its positions; the offer keeps its `assignmentId`.',
  },
  'invoiceReminders.run': {
    description:
      "Dunning run for `date` (default today in the company's time zone): the next reminder of every overdue invoice whose waiting days (reminder templates, by level) have passed. Answers the reminders created; they are drafts until sent.",
  },
  'invoiceReminders.getPdf': {
    description:
      'The reminder letter as PDF (`application/pdf`): the overdue invoice, the open amount, the fee and the new due date.',
  },
  'invoiceReminders.send': {
    description:
      'Mails the reminder letter with a copy of the invoice (both PDF) to the customer; the mailing is recorded.',
  },
  'bankingTransactions.assign': {
    description: 'Assigns an unmatched receipt to an invoice and books the payment on it.',
  },
  'serviceReports.clientLink': {
    description:
      'Creates a link for the customer to view and sign the report without an account. The token is in this answer only; it is single-use and expires.',
  },
  'client.getServiceReport': {
    description:
      'The service report behind a client link, for the customer to review. No credentials: the token in the path is the permission. 404 for an unknown, used or expired token.',
  },
  'client.signServiceReport': {
    description:
      'The customer signs the report (name, optional signature image); the link is used up. No credentials: the token in the path is the permission. Emits UPDATE (entity `servicereport`).',
  },
  'offers.assignmentConfirmation': {
    description:
      'Makes a draft assignment confirmation of the accepted offer: customer, object, texts, allowances and charges, and its counted positions (not the optional ones). 409 unless the offer is accepted, or when a confirmation of it exists. Emits CREATE (entity `assignmentconfirmation`, event feed only) and UPDATE of the offer (`assignmentConfirmationId`).',
  },
  'assignments.assignmentConfirmation': {
    description:
      "Makes a draft assignment confirmation of the assignment: its customer (else its object's), object, title, billing positions (quantity default 1, tax default 19 %), and with an hourly billing rate a position of the rate per hour. 409 when there is nothing to confirm or no customer.",
  },
  'assignmentConfirmations.issue': {
    description:
      'Numbers the assignment confirmation (its own gapless range, `numberFormats.assignmentconfirmation`, default AB-{YYYY}-{00000}) and fixes seller, buyer and positions; the state becomes `sent` (released to the customer, by mail or on paper). Emits UPDATE.',
  },
  'assignmentConfirmations.getPdf': {
    description:
      "The assignment confirmation rendered as PDF (`application/pdf`); once signed, with the signature image, the signer's name and the time.",
  },
  'assignmentConfirmations.send': {
    description:
      'Mails the numbered assignment confirmation as PDF to the customer; the mailing is recorded in `sendings`. 409 for a draft.',
  },
  'assignmentConfirmations.confirm': {
    description:
      'The office records that the customer confirmed the sent assignment confirmation: state `confirmed`, `confirmedAt`. 409 unless sent.',
  },
  'offers.clientLink': {
    description:
      'Creates a link for the customer to view and sign the issued offer without an account (signing accepts it). The token is in this answer only; it is single-use and expires. 409 unless the offer is issued.',
  },
  'assignmentConfirmations.clientLink': {
    description:
      'Creates a link for the customer to view and sign the sent assignment confirmation without an account (signing confirms it). The token is in this answer only; it is single-use and expires. 409 unless sent.',
  },
  'client.getOffer': {
    description:
      'The offer behind a client link, for the customer to review (without internal ids). No credentials: the token in the path is the permission. 404 for an unknown, used or expired token.',
  },
  'client.signOffer': {
    description:
      'The customer signs the offer (name, optional PNG signature image), which accepts it (`state: accepted`, `acceptedAt`, `signature`); the link is used up and the PDF then shows the signature, name and time. Emits UPDATE (entity `offer`).',
  },
  'client.getAssignmentConfirmation': {
    description:
      'The assignment confirmation behind a client link, for the customer to review (without internal ids). No credentials: the token in the path is the permission. 404 for an unknown, used or expired token.',
  },
  'client.signAssignmentConfirmation': {
    description:
      'The customer signs the assignment confirmation (name, optional PNG signature image): `state: confirmed`, `confirmedAt`, `signature`; the link is used up and the PDF then shows the signature, name and time.',
  },
  'webhooks.create': {
    description:
      'Subscribes a URL to events: `type` (CREATE, UPDATE, DELETE, ABSENCE_APPROVED, ABSENCE_CANCELED, OPEN) of an `entity` (user, customer, customerobject, materialorder, absence, complaint, article, salary, job, qualitycontrol, invoice, offer, credit, invoicestorno, servicereport, payment, contact, equipment, task). The URL must be https and reach a public address (422 otherwise). Answers the signing `secret` (`whsec_…`) this once: deliveries carry `webhook-id`, `webhook-timestamp` and `webhook-signature` headers (Standard Webhooks). Failed deliveries are retried with back-off; a webhook failing for days is disabled.',
  },
  'webhooks.list': {
    description: "Lists the company's webhooks (type, entity, url and common entity fields); limit, offset, sort.",
  },
  'webhooks.get': { description: 'Reads a webhook, without its secret.' },
  'webhooks.update': {
    description:
      'Changes a webhook (type, entity, url; common entity fields are accepted as read). Answers `{_id}`. A new URL is checked as on create.',
  },
  'webhooks.delete': { description: 'Deletes the webhook; no further events are delivered to it.' },
  'webhooks.rotateSecret': {
    description: 'Replaces the signing secret; the old one stops at once. Answers the new secret this once.',
  },
  'webhooks.enable': {
    description: 'Enables a webhook that was disabled after failing deliveries; new events are delivered again.',
  },
  'webhooks.listDeliveries': {
    description:
      'Deliveries of the webhook with their attempts (status code, error, duration), newest first; filter by `status` (pending, delivering, delivered, failed) and period.',
  },
  'webhooks.redeliver': { description: "Sends a delivery's event again, as a new delivery with its own attempts." },
  'webhooks.test': {
    description: 'Sends a PING event to this webhook to check the receiving side and its signature check.',
  },
};
