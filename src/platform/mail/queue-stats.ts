// The mail outbox as a queue for the metrics: mails not sent yet (retries included) and the oldest.
// Both read the rows of outgoing_mails_due_idx (a partial index of the pending mails).
import type { QueueProbe } from '../metrics/queue-probe.js';

export const mailQueueProbe: QueueProbe = {
  queue: 'mail_outbox',
  what: 'mails queued and not sent yet (waiting for a retry included)',
  pending: (eb) =>
    eb
      .selectFrom('outgoing_mails')
      .where('status', '=', 'pending')
      .select((e) => e.fn.countAll<number>().as('n')),
  oldest: (eb) =>
    eb
      .selectFrom('outgoing_mails')
      .where('status', '=', 'pending')
      .select((e) => e.fn.min('created_at').as('at')),
};
