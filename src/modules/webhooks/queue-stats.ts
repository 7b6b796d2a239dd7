// The webhook deliveries as a queue for the metrics: deliveries not finished yet (pending, waiting for
// a retry, or being delivered under a lease) and the oldest of them, whose age is the delivery lag.
// Both read the rows of webhook_deliveries_due_idx (a partial index of exactly these statuses).
import type { QueueProbe } from '../../platform/metrics/queue-probe.js';

const UNFINISHED = ['pending', 'delivering'];

export const webhookQueueProbe: QueueProbe = {
  queue: 'webhook_deliveries',
  what: 'webhook deliveries not finished yet (pending, waiting for a retry or being delivered)',
  pending: (eb) =>
    eb
      .selectFrom('webhook_deliveries')
      .where('status', 'in', UNFINISHED)
      .select((e) => e.fn.countAll<number>().as('n')),
  oldest: (eb) =>
    eb
      .selectFrom('webhook_deliveries')
      .where('status', 'in', UNFINISHED)
      .select((e) => e.fn.min('created_at').as('at')),
};
