// Where mail goes: the log (default), a file of JSON lines, or an SMTP server (MAIL_TRANSPORT=smtp://…).
import { appendFile } from 'node:fs/promises';
import type Nodemailer from 'nodemailer';
import { lazyRequire } from '../lazy-require.js';

// Loaded only when mail goes to an SMTP server; synchronously, so a bad address still fails the start.
const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}
export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}
export interface MailTransport {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** The mail as the log and file transports write it: attachments by name, type and size, not their bytes. */
const described = (from: string, mail: Mail) => ({
  from,
  ...mail,
  attachments: mail.attachments?.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    size: a.content.length,
  })),
});

export function mailTransport(
  setting: string,
  from: string,
  log: { info(obj: object, msg: string): void },
): MailTransport {
  if (setting.startsWith('smtp://') || setting.startsWith('smtps://')) {
    // Bounded: a mail server that stalls must not hold the worker.
    const transporter = nodemailer().createTransport(setting, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as object);
    return {
      async send(mail) {
        await transporter.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          attachments: mail.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        });
      },
      close: () => transporter.close(),
    };
  }
  if (setting.startsWith('file:')) {
    const file = setting.slice('file:'.length);
    return {
      send: (mail) =>
        appendFile(file, `${JSON.stringify({ ...described(from, mail), at: new Date().toISOString() })}\n`),
      close() {},
    };
  }
  return {
    async send(mail) {
      log.info({ mail: described(from, mail) }, 'mail (log transport)');
    },
    close() {},
  };
}
