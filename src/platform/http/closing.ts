// How the listening server closes (fastify.close(), which main.ts calls at SIGTERM). A request that reached
// the server is answered, never reset: closing the listener resets the connections still waiting in its
// accept queue, and closing an idle connection resets it when its request is unread. On the embedded
// database the event loop is busy with queries between its I/O polls, and Node takes in two queued
// connections per poll (16 of 24 were still queued at SIGTERM in test/security/shutdown-drain.test.ts).
// So the server first takes in what has reached it, until the event loop has polled twice without anything
// new (at most INTAKE_MAX_MS); requests read meanwhile are served. Then Fastify closes the listener and the
// idle connections; a request arriving later on an open connection gets 503 before any work. Every answer
// from SIGTERM on closes its connection. The database closes after all this (app.ts's onClose runs after
// Fastify's, which waits for the server's connections to end).
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './problem.js';

const INTAKE_TURN_MS = 10;
const INTAKE_QUIET_TURNS = 2;
const INTAKE_MAX_MS = 5000; // a full accept queue (511) at two per turn; traffic that keeps coming ends here

/** Waits until the event loop has polled for I/O (a timer alone may fire before the poll). */
const afterIoPoll = () => new Promise((resolve) => setTimeout(() => setImmediate(resolve), INTAKE_TURN_MS));

declare module 'fastify' {
  interface FastifyInstance {
    /** The requests being answered ("POST /v2/customers"), for the shutdown's deadline message. */
    requestsInFlight(): string[];
  }
}

export function registerGracefulClose(app: FastifyInstance) {
  const inFlight = new Set<IncomingMessage>();
  let arrivals = 0; // connections accepted and requests begun
  app.server.on('connection', () => arrivals++);
  app.server.on('request', (request: IncomingMessage, response) => {
    arrivals++;
    inFlight.add(request);
    response.once('close', () => inFlight.delete(request));
  });
  app.decorate('requestsInFlight', () => {
    if (!inFlight.size) return [];
    const shown = [...inFlight].slice(0, 10).map((r) => `${r.method} ${r.url?.split('?')[0]?.slice(0, 200)}`);
    return [`${inFlight.size} request(s) in flight: ${shown.join(', ')}${inFlight.size > 10 ? ', …' : ''}`];
  });

  /** Serves what reaches the server until the event loop has polled INTAKE_QUIET_TURNS times without news. */
  async function takeInWhatArrived() {
    const until = Date.now() + INTAKE_MAX_MS;
    let quietTurns = 0;
    while (quietTurns < INTAKE_QUIET_TURNS && Date.now() < until) {
      const seen = arrivals;
      await afterIoPoll();
      quietTurns = arrivals === seen ? quietTurns + 1 : 0;
    }
  }

  let answersClose = false; // so no keep-alive connection outlives the answers
  let refusesNew = false;
  app.addHook('preClose', async () => {
    answersClose = true;
    if (app.server.listening) await takeInWhatArrived(); // before Fastify closes the listener and idle connections
    refusesNew = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!refusesNew) return done();
    reply.header('retry-after', '5');
    sendProblem(reply, 503, 'Service Unavailable', 'The server is shutting down; retry the request'); // answered: no done()
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (answersClose) reply.header('connection', 'close');
    done(null, payload);
  });
}
