// LISTEN on PostgreSQL, on a connection of its own (a pooled one is handed to other work between
// transactions, and would drop what arrives meanwhile). A lost connection is reported, so that what was
// kept on the strength of notifications is dropped, and opened again (to the primary of the moment,
// after a failover too) until it listens.
import pg from 'pg';
import type { Listening, NotificationHandlers } from './database-types.js';

/** How long after a failed or lost connection the next one is tried. */
const RETRY_MS = 1000;
const CONNECT_TIMEOUT_MS = 2000;
/** A channel is an identifier we name in code; checked, since LISTEN takes no parameter. */
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/** Listens on `channel` of the server `url()` names when a connection is opened. */
export async function listenOnPostgres(
  url: () => string | undefined,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Listening> {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const later = () => {
    if (!closed) retry = setTimeout(() => void attempt(), RETRY_MS).unref(); // never what keeps a process up
  };

  async function attempt(): Promise<void> {
    const connectionString = url();
    if (closed) return;
    if (!connectionString) return later(); // no primary known now (a failover under way)
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    client.on('error', () => {}); // a loss also ends the client: handled on 'end'
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      await client.end().catch(() => {});
      return later();
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '');
    });
    client.on('end', () => {
      if (current !== client) return; // closed on purpose
      current = undefined;
      handlers.state(false);
      later();
    });
    handlers.state(true);
  }

  await attempt();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
