// Descriptions and examples of operations, keyed by operationId (operation-ids.ts), kept here rather
// than in the route files so that the document reads as one text. Split by area; the examples of
// the main flow are captured from a real run (examples.generated.ts).
import { ACCOUNT_DOCS } from './docs-account.js';
import { BILLING_DOCS } from './docs-billing.js';
import { WORK_DOCS } from './docs-work.js';
import { CAPTURED_EXAMPLES } from './examples.generated.js';
import type { OperationDoc } from './operation-doc.js';

export type { OperationDoc } from './operation-doc.js';

const WRITTEN: Record<string, OperationDoc> = { ...ACCOUNT_DOCS, ...WORK_DOCS, ...BILLING_DOCS };

export const OPERATION_DOCS: Record<string, OperationDoc> = Object.fromEntries(
  [...new Set([...Object.keys(WRITTEN), ...Object.keys(CAPTURED_EXAMPLES)])].map((id) => [
    id,
    { ...CAPTURED_EXAMPLES[id], ...WRITTEN[id] },
  ]),
);
