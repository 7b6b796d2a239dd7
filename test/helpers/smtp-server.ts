// A real SMTP server for tests (the smtp-server package), listening on 127.0.0.1 only. It offers no
// STARTTLS (disabledCommands), so MAIL_TRANSPORT=smtp://127.0.0.1:<port> needs no extra options:
// nodemailer speaks plain SMTP and sends no credentials. Every message is kept in `received`.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpTestServer {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  /** Every message delivered so far (the array passed in, when one was). */
  received: ReceivedMail[];
  /** Stops listening; a second call does nothing. */
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1:`port` (0: any free port). To bring a stopped server back on the
 * same port and keep collecting into the same list, pass its port and its `received`.
 */
export function startSmtpServer(port = 0, received: ReceivedMail[] = []): Promise<SmtpTestServer> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  let closed: Promise<void> | undefined;
  return new Promise((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(port, '127.0.0.1', () =>
      resolve({
        port: (smtp.server.address() as AddressInfo).port,
        received,
        close: () => (closed ??= new Promise<void>((done) => smtp.close(() => done()))),
      }),
    );
  });
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes non-ASCII headers. */
const decodeWords = (value: string) =>
  value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, mode: string, text: string) =>
    (mode.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        )
    ).toString('utf8'),
  );

/** A header (unfolded, encoded words decoded) and the decoded body bytes of one MIME entity (a message or a part). */
function entity(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n(?=[ \t])/g, '');
  const body = raw.slice(split + 4);
  const line = (name: string) =>
    head
      .split('\r\n')
      .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim();
  const header = (name: string) => {
    const value = line(name);
    return value === undefined ? undefined : decodeWords(value);
  };
  const encoding = header('Content-Transfer-Encoding')?.toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        )
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(body, 'utf8');
  return { header, body, bytes };
}

/** A header (unfolded) and the decoded text body of a raw single-part message. */
export function decodeMail(raw: string) {
  const { header, bytes } = entity(raw);
  return { header, text: bytes.toString('utf8').replace(/\r\n/g, '\n') };
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A message with attachments (multipart/mixed, as nodemailer writes it): its header, the text of
 * its text/plain part, and every part with a file name, decoded.
 */
export function decodeMultipartMail(raw: string) {
  const message = entity(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(message.header('Content-Type') ?? '')?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => entity(part.replace(/^\r\n/, '').replace(/\r\n$/, '')));
  const attachments: MailAttachment[] = [];
  let text = '';
  for (const part of parts) {
    const type = part.header('Content-Type') ?? 'text/plain';
    const filename = /filename="?([^";]+)"?/i.exec(part.header('Content-Disposition') ?? '')?.[1];
    if (filename) attachments.push({ filename, contentType: type.split(';')[0]!.trim(), content: part.bytes });
    else if (type.startsWith('text/plain')) text = part.bytes.toString('utf8').replace(/\r\n/g, '\n');
  }
  return { header: message.header, text, attachments };
}
