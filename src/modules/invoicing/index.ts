// The invoicing module's public surface: what other modules and the app may use. Everything else is internal.
export { registerBankingRoutes } from './payments/banking.js';
export { invoices } from './documents/billing-documents.js';
export { registerInvoicingRoutes } from './invoicing-routes.js';
export { registerServiceReportRoutes } from './documents/service-report-routes.js';
export { sellerDataCompleteSql } from './invoicing-settings.js';
export {
  type BookedDiscount,
  type BookedDocument,
  type BookedKind,
  type BookedPayment,
  type FeedScope,
  bookedDiscounts,
  bookedDocuments,
  bookedPayments,
} from './documents/accounting-feed.js';
