// What the benches' webhook receivers check of each delivery: the Standard Webhooks signature of the
// webhook its path names, and that the webhook-id header is the event's own id.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Webhook } from 'standardwebhooks';

export interface DeliveredEvent {
  id: string;
  type: string;
  data: { _id: string };
}

export interface SignatureStats {
  accepted: number;
  badSignature: number;
  idMismatch: number;
}

/**
 * The delivered event when its signature is good (counted as accepted; a webhook-id that is not the
 * event's id is counted too), else undefined after answering 400 (counted as a bad signature).
 */
export function verifiedDelivery(
  secrets: Map<string, Webhook>,
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  stats: SignatureStats,
): { event: DeliveredEvent; webhookId: string } | undefined {
  let event: DeliveredEvent;
  try {
    event = secrets.get(req.url ?? '')!.verify(body, req.headers as Record<string, string>) as DeliveredEvent;
  } catch {
    stats.badSignature++;
    res.writeHead(400).end();
    return undefined;
  }
  const webhookId = String(req.headers['webhook-id'] ?? '');
  if (webhookId !== event.id) stats.idMismatch++;
  stats.accepted++;
  return { event, webhookId };
}
