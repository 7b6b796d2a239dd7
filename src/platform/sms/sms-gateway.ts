// Where SMS go (log-in codes, messages to employees): the log (default), a file of JSON lines, or an HTTP provider.
import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';

export interface SmsGateway {
  send(to: string, text: string): Promise<void>;
}

export function smsGateway(config: Config, log: FastifyBaseLogger): SmsGateway {
  if (config.smsHttpUrl) {
    const url = config.smsHttpUrl;
    return {
      async send(to, text) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(5000),
          redirect: 'error',
        });
        if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
      },
    };
  }
  if (config.smsSink.startsWith('file:')) {
    const file = config.smsSink.slice('file:'.length);
    return { send: (to, text) => appendFile(file, `${JSON.stringify({ to, text, at: new Date().toISOString() })}\n`) };
  }
  return {
    async send(to, text) {
      log.info({ sms: { to, text } }, 'SMS (log sink)');
    },
  };
}
