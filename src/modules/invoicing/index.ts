// The invoicing module's public surface: what other modules and the app may use. Everything else is internal.
export { registerBankingRoutes } from './banking.js';
export { invoices } from './billing-documents.js';
export { registerInvoicingRoutes } from './invoicing-routes.js';
export { registerServiceReportRoutes } from './service-report-routes.js';
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
} from './accounting-feed.js';
