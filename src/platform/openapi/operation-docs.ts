// Descriptions and examples of operations, keyed by operationId (operation-ids.ts), kept here rather
// than in the route files so that the document reads as one text. Split by area.
export interface OperationDoc {
  summary?: string;
  /** Replaces the route's own description: the behaviour that matters (limits, side effects, events). */
  description?: string;
  /** Example request body. */
  request?: unknown;
  /** Example body of the operation's success response. */
  response?: unknown;
  /** Example bodies of other responses, by status. */
  responses?: Record<number, unknown>;
}

export const OPERATION_DOCS: Record<string, OperationDoc> = {};
