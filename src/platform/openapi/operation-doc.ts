// The shape of one operation's written docs (the docs-*.ts files hold them, operation-docs.ts joins them).
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
