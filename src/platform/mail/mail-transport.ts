// Where mail goes: the log (default), a file of JSON lines, or an SMTP server (MAIL_TRANSPORT=smtp://…).
import { appendFile } from 'node:fs/promises';
import nodemailer from 'nodemailer';

export interface Mail { to: string; subject: string; text: string }
export interface MailTransport { send(mail: Mail): Promise<void>; close(): void }

export function mailTransport(setting: string, from: string, log: { info(obj: object, msg: string): void }): MailTransport {
  if (setting.startsWith('smtp://') || setting.startsWith('smtps://')) {
    // Bounded: a mail server that stalls must not hold the worker.
    const transporter = nodemailer.createTransport(setting, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as object);
    return {
      async send(mail) { await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text }); },
      close: () => transporter.close(),
    };
  }
  if (setting.startsWith('file:')) {
    const file = setting.slice('file:'.length);
    return { send: (mail) => appendFile(file, JSON.stringify({ from, ...mail, at: new Date().toISOString() }) + '\n'), close() {} };
  }
  return { async send(mail) { log.info({ mail: { from, ...mail } }, 'mail (log transport)'); }, close() {} };
}
